import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import {
  ESTIMATED_ROW_PX,
  WINDOW_FROM_ROWS,
  rowHeights,
  rowWindow,
  sameWindow,
  type RowWindow,
} from './row-window';

/** The view assumed before the table has been laid out once (px): a tall screen's worth of rows. */
const FIRST_VIEW_PX = 1200;

/**
 * The window of rows a long flat table draws (decision 0010), kept on the rows in view: measured
 * after each render (the rows' heights and where the table sits in its scrolling parent) and on
 * every scroll or resize. Undefined for pages of up to WINDOW_FROM_ROWS rows, which draw them all.
 * `host` holds the table; its `.ant-table-tbody` rows carry antd's `data-row-key`.
 */
export function useRowWindow<T>(
  rows: readonly T[],
  rowKey: (row: T) => string,
  enabled: boolean,
  host: RefObject<HTMLElement | null>,
): RowWindow | undefined {
  const windowed = enabled && rows.length > WINDOW_FROM_ROWS;
  const keys = useMemo(() => (windowed ? rows.map(rowKey) : []), [windowed, rows, rowKey]);
  const measured = useRef<ReadonlyMap<string, number>>(new Map());
  const fallback = useRef(ESTIMATED_ROW_PX);
  const view = useRef({ top: 0, bottom: FIRST_VIEW_PX });
  const [, redraw] = useReducer((count: number) => count + 1, 0);

  const current = windowed
    ? rowWindow(rowHeights(keys, measured.current, fallback.current), view.current.top, view.current.bottom)
    : undefined;
  const drawn = useRef(current);
  drawn.current = current;

  /** Reads the heights of the drawn rows and the view; true when the window should move. */
  const remeasure = useRef<() => boolean>(() => false);
  remeasure.current = () => {
    const body = host.current?.querySelector<HTMLElement>('.ant-table-tbody');
    // A page in a hidden tab has no layout: its window stays where it was.
    if (!body || !drawn.current || body.offsetParent === null) return false;
    const wanted = new Set(keys);
    const heights = new Map<string, number>();
    for (const [key, height] of measured.current) if (wanted.has(key)) heights.set(key, height);
    for (const row of body.querySelectorAll<HTMLElement>(':scope > tr[data-row-key]')) {
      const height = row.getBoundingClientRect().height;
      if (height > 0) heights.set(row.dataset.rowKey!, height);
    }
    measured.current = heights;
    if (heights.size > 0) fallback.current = [...heights.values()].reduce((a, b) => a + b, 0) / heights.size;
    view.current = viewOf(body, scrollParentOf(body));
    const next = rowWindow(
      rowHeights(keys, heights, fallback.current),
      view.current.top,
      view.current.bottom,
    );
    return !sameWindow(next, drawn.current);
  };

  // After each render: the new rows' heights may differ from the estimate, or the page may have
  // moved under the table. Heights settle once the drawn rows are measured, so this stops.
  useLayoutEffect(() => {
    if (windowed && remeasure.current()) redraw();
  });

  useEffect(() => {
    if (!windowed) return;
    const scroller = scrollParentOf(host.current);
    const target: HTMLElement | Window = scroller ?? window;
    const onMove = () => {
      // Drawn before this frame is painted: a render left to a later task paints the old rows at
      // the new scroll position first, and finds the view moved on again when it runs.
      if (remeasure.current()) flushSync(redraw);
    };
    target.addEventListener('scroll', onMove, { passive: true });
    window.addEventListener('resize', onMove);
    return () => {
      target.removeEventListener('scroll', onMove);
      window.removeEventListener('resize', onMove);
    };
  }, [windowed, host]);

  return current;
}

/** The part of the rows in view, in px from the rows' top edge (the top spacer's top). */
function viewOf(body: HTMLElement, scroller: HTMLElement | null): { top: number; bottom: number } {
  const rowsTop = body.getBoundingClientRect().top;
  const frame = scroller?.getBoundingClientRect();
  const top = Math.max(frame?.top ?? 0, 0);
  const bottom = Math.min(frame?.bottom ?? window.innerHeight, window.innerHeight);
  return { top: top - rowsTop, bottom: bottom - rowsTop };
}

/** The nearest ancestor that scrolls vertically, or null for the document. */
function scrollParentOf(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}
