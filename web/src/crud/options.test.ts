import type { TreeNode } from '@console/contract';
import { describe, expect, it } from 'vitest';
import {
  flattenOptions,
  joinValues,
  labelIndex,
  optionLabels,
  optionsFromDict,
  optionsFromTree,
  splitValues,
} from './options';

const node = (id: string, title: string, children?: TreeNode[]): TreeNode => ({
  id,
  parentId: '0',
  title,
  key: id,
  value: id,
  hasChildren: (children?.length ?? 0) > 0,
  children,
});

describe('choices', () => {
  it('reads a dictionary, with numeric keys when the field is a number', () => {
    const items = [
      { dictKey: '0', dictValue: '否' },
      { dictKey: '1', dictValue: '是' },
    ];
    expect(optionsFromDict(items)).toEqual([
      { value: '0', label: '否' },
      { value: '1', label: '是' },
    ]);
    expect(optionsFromDict(items, true).map((option) => option.value)).toEqual([0, 1]);
  });

  it('reads a tree, leaving leaves without children', () => {
    const options = optionsFromTree([node('1', '系统管理', [node('2', '参数管理', [])]), node('3', '首页')]);
    expect(options).toEqual([
      { value: '1', label: '系统管理', children: [{ value: '2', label: '参数管理' }] },
      { value: '3', label: '首页' },
    ]);
    expect(flattenOptions(options).map((option) => option.label)).toEqual(['系统管理', '参数管理', '首页']);
  });
});

describe('labels of stored values', () => {
  const index = labelIndex([
    { value: 1, label: '启用' },
    { value: '2', label: '停用', children: [{ value: '21', label: '锁定' }] },
  ]);

  it('finds a value’s label whether stored as a number or a text', () => {
    expect(optionLabels(index, 1, false)).toEqual(['启用']);
    expect(optionLabels(index, '1', false)).toEqual(['启用']);
    expect(optionLabels(index, '21', false)).toEqual(['锁定']);
  });

  it('shows an unknown value as itself and nothing for no value', () => {
    expect(optionLabels(index, 9, false)).toEqual(['9']);
    expect(optionLabels(index, null, false)).toEqual([]);
  });

  it('reads several values from a comma-joined text or an array', () => {
    expect(optionLabels(index, '2,1,x', true)).toEqual(['停用', '启用', 'x']);
    expect(optionLabels(index, ['21'], true)).toEqual(['锁定']);
    expect(optionLabels(index, '', true)).toEqual([]);
  });
});

describe('several values on the wire', () => {
  it('splits a comma-joined text and joins an array', () => {
    expect(splitValues('1, 2,,3')).toEqual(['1', '2', '3']);
    expect(splitValues(null)).toEqual([]);
    expect(splitValues([1, '2,3'])).toEqual([1, '2', '3']);
    expect(joinValues(['1', 2])).toBe('1,2');
    expect(joinValues([])).toBe('');
  });
});
