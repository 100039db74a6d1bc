import { describe, expect, it } from 'vitest';
import { pinColumns, tableWidth } from './CrudTable';
import { actionsWidth, columnWidth, contentOf, textWidth } from './table-columns';

describe('column sizes from their content (issue 22)', () => {
  it('measures CJK characters as a full em and Latin ones as about half', () => {
    expect(textWidth('登录账号')).toBe(58);
    expect(textWidth('abc')).toBe(24);
    expect(textWidth('超级管理员')).toBeGreaterThan(textWidth('登录账号'));
  });

  it('gives each kind of content room for itself and its title on one line', () => {
    // A phone number's column fits 11 digits; a date-time's fits YYYY-MM-DD HH:mm:ss.
    expect(columnWidth({ title: '手机号码', content: 'phone' })).toBeGreaterThanOrEqual(
      textWidth('13800138000') + 32,
    );
    expect(columnWidth({ title: '到期时间', content: 'datetime' })).toBeGreaterThanOrEqual(
      textWidth('2026-11-23 20:30:00') + 32,
    );
    // A long title wins over a short content, with room for the sort arrows when sortable.
    const title = 'Contact phone number';
    expect(columnWidth({ title, content: 'tag' })).toBe(textWidth(title) + 32);
    expect(columnWidth({ title, content: 'tag', sortable: true })).toBe(textWidth(title) + 24 + 32);
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
    expect(icons).toBeGreaterThanOrEqual(3 * 22 + 32);
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
