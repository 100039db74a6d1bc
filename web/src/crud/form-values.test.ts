import { describe, expect, it } from 'vitest';
import { searchParamSpecs } from './columns';
import { formValuesOf, initialFormValues, inputOf } from './form-values';
import { pruneEmptyChildren, withLazyChildren } from './tree';
import type { ColumnShape } from './types';

const label = 'system.param.paramName' as const;
const columns: ColumnShape[] = [
  { prop: 'packageName', label, search: true },
  { prop: 'menuId', label, type: 'treeSelect', multiple: true },
  { prop: 'roles', label, type: 'select', multiple: true, joined: false },
  { prop: 'status', label, dict: { code: 'status', numeric: true }, multiple: true },
  { prop: 'password', label, type: 'password', form: { hideIn: ['edit', 'view'], initialValue: 'x' } },
  { prop: 'createTime', label, form: false, search: { range: true, withTime: true } },
  { prop: 'code', label, search: { op: 'equal' } },
];

describe('between a record and the dialog', () => {
  it('starts a new record from the columns’ initial values', () => {
    expect(initialFormValues(columns)).toEqual({ password: 'x' });
  });

  it('shows joined values as arrays, numeric ones as numbers, and only the mode’s fields', () => {
    const record = { id: '9', packageName: 'p', menuId: '1,2', roles: ['a'], status: '1,2', password: 'h' };
    expect(formValuesOf(columns, record, 'edit')).toEqual({
      packageName: 'p',
      menuId: ['1', '2'],
      roles: ['a'],
      status: [1, 2],
      code: undefined,
    });
  });

  it('sends joined values comma-joined, arrays otherwise, with the key when editing', () => {
    const values = { packageName: 'p', menuId: ['1', '2'], roles: ['a', 'b'] };
    expect(inputOf(columns, values, undefined)).toEqual({
      packageName: 'p',
      menuId: '1,2',
      roles: ['a', 'b'],
    });
    expect(inputOf(columns, values, { field: 'id', value: '9' })).toMatchObject({ id: '9', menuId: '1,2' });
  });
});

describe('search fields', () => {
  it('name each offered field’s filter', () => {
    expect(searchParamSpecs(columns)).toEqual([
      { kind: 'value', prop: 'packageName', param: 'packageName' },
      { kind: 'dateRange', prop: 'createTime', withTime: true },
      { kind: 'value', prop: 'code', param: 'code_equal' },
    ]);
  });
});

describe('tree tables', () => {
  it('drop empty children so leaves show no expand icon', () => {
    const rows = [{ id: '1', children: [{ id: '2', children: [] }] }, { id: '3', children: [] }, { id: '4' }];
    expect(pruneEmptyChildren(rows)).toEqual([
      { id: '1', children: [{ id: '2' }] },
      { id: '3' },
      { id: '4' },
    ]);
  });

  it('give a lazy tree’s parents their loaded children, or an empty list until expanded', () => {
    const rows = [
      { id: '1', hasChildren: true },
      { id: '2', hasChildren: false },
    ];
    const loaded = new Map([['1', [{ id: '11', hasChildren: true }]]]);
    const tree = withLazyChildren(
      rows,
      loaded,
      (row) => row.id,
      (row) => row.hasChildren,
    );
    expect(tree).toEqual([
      { id: '1', hasChildren: true, children: [{ id: '11', hasChildren: true, children: [] }] },
      { id: '2', hasChildren: false },
    ]);
  });
});
