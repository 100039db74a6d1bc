/**
 * Which rows of a long table page are drawn (decision 0010): the rows in view, a margin around them,
 * and spacers standing in for the height of the rows above and below. Pure arithmetic; the DOM side
 * is useRowWindow.
 */

/** Pages with more rows than this draw only a window of them; shorter pages draw every row. */
export const WINDOW_FROM_ROWS = 50;

/** Rows drawn beyond each edge of the view, so that a keyboard or a short scroll finds them ready. */
export const WINDOW_MARGIN_ROWS = 8;

/** A window's edges move in steps of this many rows: a scroll renders again every few rows only. */
export const WINDOW_STEP_ROWS = 8;

/** The height assumed for a row not yet measured (px): one line of antd's default table cell. */
export const ESTIMATED_ROW_PX = 55;

export interface RowWindow {
  /** The first row drawn. */
  start: number;
  /** One past the last row drawn. */
  end: number;
  /** The height of the rows above the window (px). */
  before: number;
  /** The height of the rows below the window (px). */
  after: number;
}

/**
 * The rows to draw for a view from `top` to `bottom` (px, measured from the first row's top edge),
 * given each row's height. An empty or inverted view (a hidden page) still draws the first rows.
 */
export function rowWindow(heights: readonly number[], top: number, bottom: number): RowWindow {
  const count = heights.length;
  let first = 0;
  let edge = 0;
  // The first row whose bottom edge is below the view's top...
  while (first < count && edge + heights[first]! <= top) edge += heights[first++]!;
  // ...and one past the last row whose top edge is above the view's bottom.
  let last = first;
  let lastEdge = edge;
  while (last < count && lastEdge < bottom) lastEdge += heights[last++]!;
  if (last === first) last = Math.min(count, first + 1);
  const start = Math.max(0, floorTo(first - WINDOW_MARGIN_ROWS, WINDOW_STEP_ROWS));
  const end = Math.min(count, ceilTo(last + WINDOW_MARGIN_ROWS, WINDOW_STEP_ROWS));
  return { start, end, before: sum(heights, 0, start), after: sum(heights, end, count) };
}

export function sameWindow(a: RowWindow, b: RowWindow): boolean {
  return a.start === b.start && a.end === b.end && a.before === b.before && a.after === b.after;
}

/**
 * Each row's height: measured where it has been drawn, else the measured rows' mean, else `fallback`
 * (an earlier page's mean).
 */
export function rowHeights(
  keys: readonly string[],
  measured: ReadonlyMap<string, number>,
  fallback = ESTIMATED_ROW_PX,
): number[] {
  let total = 0;
  let known = 0;
  for (const height of measured.values()) {
    total += height;
    known++;
  }
  const estimate = known > 0 ? total / known : fallback;
  return keys.map((key) => measured.get(key) ?? estimate);
}

function floorTo(value: number, step: number): number {
  return Math.floor(value / step) * step;
}

function ceilTo(value: number, step: number): number {
  return Math.ceil(value / step) * step;
}

function sum(values: readonly number[], from: number, to: number): number {
  let total = 0;
  for (let i = from; i < to; i++) total += values[i]!;
  return total;
}
