import { describe, expect, it } from 'vitest';
import { pinColumns, tableWidth } from './CrudTable';
import { splitRowButtons } from './RowButtons';
import { actionsWidth, columnWidth, contentOf, fitColumns, narrowestWidth, textWidth } from './table-columns';

describe('column sizes from their content (issue 22)', () => {
  it('measures CJK characters as a full em and Latin ones as about half', () => {
    expect(textWidth('登录账号')).toBe(58);
    expect(textWidth('abc')).toBe(24);
    expect(textWidth('超级管理员')).toBeGreaterThan(textWidth('登录账号'));
  });

  it('gives each kind of content room for itself and its title on one line', () => {
    // A phone number's column fits 11 digits; a date-time's fits YYYY-MM-DD HH:mm:ss.
    expect(columnWidth({ title: '手机号码', content: 'phone' })).toBeGreaterThanOrEqual(
      textWidth('13800138000') + 16,
    );
    expect(columnWidth({ title: '到期时间', content: 'datetime' })).toBeGreaterThanOrEqual(
      textWidth('2026-11-23 20:30:00') + 16,
    );
    // A long title wins over a short content, with room for the sort arrows when sortable.
    const title = 'Contact phone number';
    expect(columnWidth({ title, content: 'tag' })).toBe(textWidth(title) + 16);
    expect(columnWidth({ title, content: 'tag', sortable: true })).toBe(textWidth(title) + 24 + 16);
    // The configuration's own width wins.
    expect(columnWidth({ title, content: 'longText', width: 90 })).toBe(90);
  });

  it('reads a column with choices as tags, a cut one as long text, else as text', () => {
    expect(contentOf({ prop: 'a', label: 'crud.table.index', dict: { code: 'x' } }, {})).toBe('tag');
    expect(contentOf({ prop: 'a', label: 'crud.table.index' }, { ellipsis: true })).toBe('longText');
    expect(contentOf({ prop: 'a', label: 'crud.table.index' }, undefined)).toBe('text');
    expect(contentOf({ prop: 'a', label: 'crud.table.index' }, { content: 'phone' })).toBe('phone');
  });

  it('sizes the row buttons from their texts, or their icons alone', () => {
    const texts = actionsWidth('操作', ['查看', '编辑', '删除']);
    const icons = actionsWidth('操作', ['查看', '编辑', '删除'], true);
    expect(texts).toBeGreaterThan(3 * (22 + textWidth('查看')));
    expect(icons).toBeLessThan(texts);
    expect(icons).toBeGreaterThanOrEqual(3 * 22 + 16);
  });
});

describe('a table wider than its pane', () => {
  const columns = [
    { key: '$index', width: 64 },
    { key: 'code', width: 112 },
    { key: 'name', width: 104 },
    { key: '$actions', width: 160 },
  ];

  it('is as wide as its columns (and the selection column) together', () => {
    expect(tableWidth(columns, false)).toBe(440);
    expect(tableWidth(columns, true)).toBe(488);
    expect(tableWidth([...columns, { key: 'free' }], false)).toBe('max-content');
  });

  it('keeps the row numbers and the first data column left, the row buttons right', () => {
    expect(pinColumns(columns, true, true).map((column) => column.fixed)).toEqual([
      'left',
      'left',
      undefined,
      'right',
    ]);
    expect(pinColumns(columns, true, false).map((column) => column.fixed)).toEqual([
      'left',
      'left',
      undefined,
      undefined,
    ]);
    expect(pinColumns(columns, false, false)).toBe(columns);
  });
});

describe('a table that fits a 1366 px screen (issue 45)', () => {
  it('shows four row buttons at most: past that, three and a 更多 menu with the rest', () => {
    const four = ['查看', '编辑', '删除', '字典配置'];
    expect(splitRowButtons(four)).toEqual({ shown: four, more: [] });
    const five = ['查看', '编辑', '删除', '绑定微信', '重置设备密钥'];
    expect(splitRowButtons(five)).toEqual({
      shown: ['查看', '编辑', '删除'],
      more: ['绑定微信', '重置设备密钥'],
    });
    // Icons alone are narrow: all of them show.
    expect(splitRowButtons(five, true)).toEqual({ shown: five, more: [] });
  });

  it('lets text narrow down to its title, and keeps dates, codes, tags and set widths whole', () => {
    expect(narrowestWidth({ title: '备注', content: 'longText' })).toBe(58 + 16);
    expect(narrowestWidth({ title: 'Reason for deleting', content: 'text' })).toBe(
      textWidth('Reason for deleting') + 16,
    );
    for (const content of ['date', 'datetime', 'phone', 'code', 'number', 'tag'] as const)
      expect(narrowestWidth({ title: '时间', content })).toBeUndefined();
    expect(narrowestWidth({ title: '备注', content: 'longText', width: 300 })).toBeUndefined();
  });

  it('narrows the text columns in proportion when the columns are wider than the pane', () => {
    const columns = [
      { key: 'time', width: 166 },
      { key: 'name', width: 200, minWidth: 100 },
      { key: 'remark', width: 300, minWidth: 100 },
      { key: '$actions', width: 150 },
    ];
    // 816 px of columns (and a 32 px selection) in 800: 48 px come off, 16 and 32.
    const fitted = fitColumns(columns, 800, 32);
    expect(fitted.map((column) => column.width)).toEqual([166, 184, 268, 150]);
    // Wide enough: unchanged; too narrow for even the narrowest: as narrow as they go.
    expect(fitColumns(columns, 1000)).toBe(columns);
    expect(fitColumns(columns, 300).map((column) => column.width)).toEqual([166, 100, 100, 150]);
  });

  it('leaves secondary columns out, the last first, when narrowing is not enough', () => {
    const columns = [
      { key: 'no', width: 120 },
      { key: 'time', width: 166, secondary: true },
      { key: 'version', width: 100, secondary: true },
      { key: 'remark', width: 300, minWidth: 100 },
    ];
    // 686 px; narrowed 486: in 400, 'version' leaves (386), and 'remark' gets back what fits.
    expect(fitColumns(columns, 400).map((column) => [column.key, column.width])).toEqual([
      ['no', 120],
      ['time', 166],
      ['remark', 114],
    ]);
    expect(fitColumns(columns, 300).map((column) => column.key)).toEqual(['no', 'remark']);
  });
});
