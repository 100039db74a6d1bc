import { describe, expect, it } from 'vitest';
import { startingSearch } from './columns';
import type { ColumnShape } from './types';
import { dateRangeParams, isEmptyValue, searchParams, type SearchFieldSpec } from './search';

/** A stand-in for antd's dayjs values: formats itself with the template it is given. */
const moment = (date: string, time = '00:00:00') => ({
  format: (template: string) => (template.includes('HH') ? `${date} ${time}` : date),
});

describe('empty values (spec §5)', () => {
  it.each([[''], ['   '], [null], [undefined], [[]], [[null, undefined]], [{}]])('%j is empty', (value) =>
    expect(isEmptyValue(value)).toBe(true),
  );

  it.each([[0], [false], ['x'], [[0]], [moment('2024-01-01')]])('%j is a value', (value) =>
    expect(isEmptyValue(value)).toBe(false),
  );
});

describe('search values as filters', () => {
  const specs: SearchFieldSpec[] = [
    { kind: 'value', prop: 'paramName', param: 'paramName' },
    { kind: 'value', prop: 'paramKey', param: 'paramKey_equal' },
    { kind: 'dateRange', prop: 'createTime', withTime: false },
  ];

  it("drops '', null, undefined and []", () => {
    expect(
      searchParams({ paramName: '', paramKey: null, remark: undefined, status: [], category: '  ' }, specs),
    ).toEqual({});
  });

  it('keeps values, trimmed, under their filter names', () => {
    expect(searchParams({ paramName: ' site ', paramKey: 'a.b', status: 0, flag: false }, specs)).toEqual({
      paramName: 'site',
      paramKey_equal: 'a.b',
      status: 0,
      flag: false,
    });
  });

  it('joins several chosen values with commas', () => {
    expect(searchParams({ category: ['1', 2, '', null] }, specs)).toEqual({ category: '1,2' });
  });

  it('maps a date range to _dategt and _datelt', () => {
    expect(searchParams({ createTime: [moment('2024-01-01'), moment('2024-01-31')] }, specs)).toEqual({
      createTime_dategt: '2024-01-01',
      createTime_datelt: '2024-01-31',
    });
  });
});

describe('date ranges', () => {
  it('sends whole days as YYYY-MM-DD', () => {
    expect(dateRangeParams('createTime', [moment('2024-03-01'), moment('2024-03-02')], false)).toEqual({
      createTime_dategt: '2024-03-01',
      createTime_datelt: '2024-03-02',
    });
  });

  it('sends moments as YYYY-MM-DD HH:mm:ss', () => {
    expect(
      dateRangeParams(
        'createTime',
        [moment('2024-03-01', '08:00:00'), moment('2024-03-01', '18:30:00')],
        true,
      ),
    ).toEqual({ createTime_dategt: '2024-03-01 08:00:00', createTime_datelt: '2024-03-01 18:30:00' });
  });

  it('leaves out an open end, and formatted texts pass as they are', () => {
    expect(dateRangeParams('updateTime', [null, '2024-05-01 00:00:00'], true)).toEqual({
      updateTime_datelt: '2024-05-01 00:00:00',
    });
    expect(dateRangeParams('updateTime', [moment('2024-05-01'), undefined], false)).toEqual({
      updateTime_dategt: '2024-05-01',
    });
    expect(dateRangeParams('updateTime', undefined, false)).toEqual({});
  });
});

describe('a starting search from the address', () => {
  const columns = [
    { prop: 'machineNo', label: 'no', search: true },
    { prop: 'hospitalId', label: 'hospital', type: 'select', search: true },
    { prop: 'createTime', label: 'created', search: { range: true } },
    { prop: 'remark', label: 'remark' },
  ] as unknown as ColumnShape[];

  it('takes the offered search fields the address names, trimmed', () => {
    expect(startingSearch(columns, new URLSearchParams('hospitalId=h1&machineNo=%20M1%20'))).toEqual({
      hospitalId: 'h1',
      machineNo: 'M1',
    });
  });

  it('leaves out what the search does not offer, date ranges and empty values', () => {
    expect(
      startingSearch(columns, new URLSearchParams('remark=x&createTime=2026-01-01&machineNo=&src=/a')),
    ).toBeUndefined();
  });
});
