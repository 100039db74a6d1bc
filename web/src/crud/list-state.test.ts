import { PAGE_SIZES } from '@console/contract';
import { describe, expect, it } from 'vitest';
import {
  INITIAL_LIST_STATE,
  PAGE_SIZE_OPTIONS,
  listFilters,
  pageAfterRemoval,
  sortFromTable,
  sortParams,
  toListRows,
  withPaging,
  withSearch,
  withSort,
  type ListState,
} from './list-state';

const onPage3: ListState = { ...INITIAL_LIST_STATE, current: 3, size: 30, filters: { paramName: 'a' } };

describe('paging', () => {
  it('offers 10, 30, 50, 100 and 200 rows a page, 10 by default (spec §9)', () => {
    expect(PAGE_SIZE_OPTIONS).toEqual(['10', '30', '50', '100', '200']);
    expect(PAGE_SIZE_OPTIONS).toEqual(PAGE_SIZES.map(String));
    expect(INITIAL_LIST_STATE).toMatchObject({ current: 1, size: 10 });
  });

  it('a search starts at page 1 with its filters, empty ones dropped', () => {
    expect(withSearch(onPage3, { paramKey: 'k', paramName: '', remark: null })).toEqual({
      ...onPage3,
      current: 1,
      filters: { paramKey: 'k' },
    });
  });

  it('a reset starts at page 1 with no filters', () => {
    expect(withSearch(onPage3, {})).toMatchObject({ current: 1, filters: {}, size: 30 });
  });

  it('moving to another page keeps the size; another size starts at page 1', () => {
    expect(withPaging(onPage3, 4, 30)).toMatchObject({ current: 4, size: 30 });
    expect(withPaging(onPage3, 3, 50)).toMatchObject({ current: 1, size: 50 });
  });

  it('a new sort starts at page 1', () => {
    expect(withSort(onPage3, [{ field: 'paramKey', order: 'ascend' }])).toMatchObject({
      current: 1,
      sort: [{ field: 'paramKey', order: 'ascend' }],
    });
  });

  it('steps back a page when a removal empties the last one', () => {
    const state = { ...INITIAL_LIST_STATE, current: 3 };
    expect(pageAfterRemoval(state, 21, 1)).toBe(2); // 20 left: pages 1–2
    expect(pageAfterRemoval(state, 23, 1)).toBe(3);
    expect(pageAfterRemoval({ ...state, current: 1 }, 1, 1)).toBe(1);
    expect(pageAfterRemoval(state, 30, 30)).toBe(1);
  });
});

describe('sorting', () => {
  it('maps sorted columns to ascs and descs, comma-joined', () => {
    expect(sortParams([])).toEqual({});
    expect(
      sortParams([
        { field: 'paramKey', order: 'ascend' },
        { field: 'createTime', order: 'descend' },
        { field: 'paramName', order: 'ascend' },
      ]),
    ).toEqual({ ascs: 'paramKey,paramName', descs: 'createTime' });
  });

  it('reads the table’s sorter through the columns’ server field names', () => {
    const fieldOf = (key: string) => ({ paramKey: 'paramKey', createTime: 'create_time' })[key];
    expect(sortFromTable({ columnKey: 'createTime', order: 'descend' }, fieldOf)).toEqual([
      { field: 'create_time', order: 'descend' },
    ]);
    expect(
      sortFromTable(
        [
          { columnKey: 'paramKey', order: 'ascend' },
          { columnKey: 'remark', order: 'ascend' }, // not sortable
          { columnKey: 'createTime', order: null }, // sort cleared
        ],
        fieldOf,
      ),
    ).toEqual([{ field: 'paramKey', order: 'ascend' }]);
    expect(sortFromTable({ columnKey: 'paramKey', order: undefined }, fieldOf)).toEqual([]);
  });
});

describe('list call', () => {
  it('carries the page’s fixed filters, the search’s and the sort', () => {
    const state: ListState = { ...onPage3, sort: [{ field: 'paramKey', order: 'descend' }] };
    expect(listFilters(state, { deptId: '7', empty: '' })).toEqual({
      deptId: '7',
      paramName: 'a',
      descs: 'paramKey',
    });
  });

  it('reads a page, or a whole list without a pager', () => {
    expect(toListRows({ records: [{ id: '1' }], total: 11, size: 10, current: 2, pages: 2 })).toEqual({
      rows: [{ id: '1' }],
      total: 11,
      totalExact: true,
      paged: true,
      offset: 10,
    });
    expect(toListRows([{ id: '1' }, { id: '2' }])).toEqual({
      rows: [{ id: '1' }, { id: '2' }],
      total: 2,
      totalExact: true,
      paged: false,
      offset: 0,
    });
    expect(toListRows(undefined)).toEqual({ rows: [], total: 0, totalExact: true, paged: true, offset: 0 });
  });

  it('reads a bounded count: the server stopped counting at the total (issue 21)', () => {
    const answer = { records: [{ id: '1' }], total: 10_000, size: 10, current: 1, pages: 1000 };
    expect(toListRows({ ...answer, totalExact: false }).totalExact).toBe(false);
    expect(toListRows({ ...answer, totalExact: true }).totalExact).toBe(true);
  });
});
