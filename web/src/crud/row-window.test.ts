import { describe, expect, it } from 'vitest';
import {
  ESTIMATED_ROW_PX,
  WINDOW_MARGIN_ROWS,
  WINDOW_STEP_ROWS,
  rowHeights,
  rowWindow,
  sameWindow,
} from './row-window';

const even = (count: number, height = 50) => Array.from({ length: count }, () => height);

describe('rowWindow', () => {
  it('draws the rows in view and a margin below them, from the first row at the top', () => {
    // 200 rows of 50 px, a view of 500 px at the top: rows 0–9 in view, 8 more, rounded up to 24.
    const drawn = rowWindow(even(200), 0, 500);
    expect(drawn).toEqual({ start: 0, end: 24, before: 0, after: (200 - 24) * 50 });
  });

  it('keeps the rows in view drawn wherever the view is, with spacers for the rest', () => {
    const heights = even(200);
    for (let top = 0; top <= 9_500; top += 37) {
      const drawn = rowWindow(heights, top, top + 500);
      expect(drawn.start * 50).toBeLessThanOrEqual(top - Math.min(top, WINDOW_MARGIN_ROWS * 50) + 1);
      expect(drawn.end * 50).toBeGreaterThanOrEqual(Math.min(10_000, top + 500 + WINDOW_MARGIN_ROWS * 50));
      expect(drawn.start % WINDOW_STEP_ROWS).toBe(0);
      expect(drawn.before).toBe(drawn.start * 50);
      expect(drawn.before + (drawn.end - drawn.start) * 50 + drawn.after).toBe(10_000);
    }
  });

  it('moves only every few rows, so a slow scroll renders again rarely', () => {
    const heights = even(200);
    const windows = new Set<string>();
    for (let top = 2_000; top < 2_000 + WINDOW_STEP_ROWS * 50; top += 5)
      windows.add(JSON.stringify(rowWindow(heights, top, top + 500)));
    expect(windows.size).toBeLessThanOrEqual(2);
  });

  it('sums rows of different heights into the spacers', () => {
    const heights = [...even(30, 40), 400, ...even(69, 40)]; // one tall row at index 30
    const drawn = rowWindow(heights, 1_500, 1_900);
    expect(drawn.start).toBeLessThanOrEqual(30);
    expect(drawn.end).toBeGreaterThan(30);
    const inside = heights.slice(drawn.start, drawn.end).reduce((a, b) => a + b, 0);
    expect(drawn.before + inside + drawn.after).toBe(heights.reduce((a, b) => a + b, 0));
  });

  it('at the end of the rows draws the last ones, with nothing after them', () => {
    const drawn = rowWindow(even(120), 5_800, 6_300);
    expect(drawn.end).toBe(120);
    expect(drawn.after).toBe(0);
  });

  it('draws the first rows for a view outside the rows (a hidden page, or above the table)', () => {
    expect(rowWindow(even(100), -800, -300)).toMatchObject({ start: 0, before: 0 });
    expect(rowWindow(even(100), 0, 0).end).toBeGreaterThan(0);
  });

  it('tells windows apart', () => {
    const a = rowWindow(even(100), 0, 500);
    expect(sameWindow(a, { ...a })).toBe(true);
    expect(sameWindow(a, { ...a, after: a.after + 1 })).toBe(false);
  });
});

describe('rowHeights', () => {
  it('uses measured heights, and their mean for rows not drawn yet', () => {
    const measured = new Map([
      ['a', 50],
      ['b', 70],
    ]);
    expect(rowHeights(['a', 'b', 'c'], measured)).toEqual([50, 70, 60]);
  });

  it('falls back to an earlier mean, then to one line of a table cell', () => {
    expect(rowHeights(['x'], new Map(), 61)).toEqual([61]);
    expect(rowHeights(['x'], new Map())).toEqual([ESTIMATED_ROW_PX]);
  });
});
