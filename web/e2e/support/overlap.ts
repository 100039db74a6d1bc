import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// Whether a list page's columns keep to themselves: in each table's header row and first row, what
// a cell shows (its text and controls, where they overflow the cell and nothing clips them) must
// not spill over another cell of the row. Cell boxes alone tell nothing: a value too long for its
// column spills over its neighbour while the boxes stay side by side, and a pinned column's box lies
// over the cells scrolled under it by design; so the check measures what spills out of each cell.

/** One cell's content crossing another cell of its row. */
export interface Overlap {
  row: 'header' | 'first row';
  /** The two cells: the header's text of each column, or its position. */
  cell: string;
  over: string;
  /** How far across (px). */
  by: number;
}

/** The overlaps in one antd table's header row and first body row. */
export function overlapsIn(table: Locator): Promise<Overlap[]> {
  return table.evaluate((root) => {
    interface Box {
      left: number;
      right: number;
      top: number;
      bottom: number;
    }
    const boxOf = (rect: DOMRect): Box => ({
      left: rect.left,
      right: rect.right,
      top: rect.top,
      bottom: rect.bottom,
    });
    const clip = (a: Box, b: Box): Box => ({
      left: Math.max(a.left, b.left),
      right: Math.min(a.right, b.right),
      top: Math.max(a.top, b.top),
      bottom: Math.min(a.bottom, b.bottom),
    });
    const empty = (box: Box) => box.right - box.left < 0.5 || box.bottom - box.top < 0.5;
    /** The boxes of what a cell shows, each clipped by the elements that hide overflow around it. */
    const shown = (cell: Element): Box[] => {
      const boxes: Box[] = [];
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        let rects: DOMRect[];
        if (node.nodeType === Node.TEXT_NODE) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          rects = [...range.getClientRects()];
        } else if (['INPUT', 'BUTTON', 'svg', 'IMG'].includes((node as Element).tagName)) {
          rects = [(node as Element).getBoundingClientRect()];
        } else continue;
        for (const rect of rects) {
          let box = boxOf(rect);
          for (let up = node.parentElement; up; up = up.parentElement) {
            const style = getComputedStyle(up);
            if (style.overflowX !== 'visible' || style.overflowY !== 'visible')
              box = clip(box, boxOf(up.getBoundingClientRect()));
            if (up === cell) break;
          }
          if (!empty(box)) boxes.push(box);
        }
      }
      return boxes;
    };
    const headers = [...root.querySelectorAll('thead > tr:first-child > th')];
    const name = (index: number) =>
      headers[index]?.textContent?.trim() || (index === 0 ? 'the first column' : `column ${index + 1}`);
    const rows: Array<['header' | 'first row', Element | null]> = [
      ['header', root.querySelector('thead > tr:first-child')],
      ['first row', root.querySelector('tbody > tr.ant-table-row')],
    ];
    const found: Overlap[] = [];
    for (const [row, tr] of rows) {
      if (!tr) continue;
      const cells = [...tr.children].filter((cell) => cell.getBoundingClientRect().width > 0);
      const boxes = cells.map((cell) => boxOf(cell.getBoundingClientRect()));
      // A pinned column (sticky, with its background) covers the cells that scroll under it: what
      // lies beneath it is hidden, not crossed.
      const pinned = cells.map((cell) => getComputedStyle(cell).position === 'sticky');
      cells.forEach((cell, i) => {
        const own = boxes[i]!;
        // What spills out of the cell, on either side (a pinned cell lies over the cells scrolled
        // under it by design: only its content beyond its own box crosses anything).
        const spills = shown(cell).flatMap((content) => [
          { ...content, right: Math.min(content.right, own.left) },
          { ...content, left: Math.max(content.left, own.right) },
        ]);
        for (const spill of spills.filter((box) => !empty(box)))
          boxes.forEach((other, j) => {
            if (i === j || (pinned[j] && !pinned[i])) return;
            const across = clip(spill, other);
            // Sub-pixel rounding where two cells meet is no overlap.
            if (across.right - across.left > 1 && across.bottom - across.top > 1)
              found.push({
                row,
                cell: name(i),
                over: name(j),
                by: Math.round(across.right - across.left),
              });
          });
      });
    }
    // One entry per pair of cells: the widest crossing.
    const widest = new Map<string, Overlap>();
    for (const overlap of found) {
      const key = `${overlap.row}|${overlap.cell}|${overlap.over}`;
      if ((widest.get(key)?.by ?? 0) < overlap.by) widest.set(key, overlap);
    }
    return [...widest.values()];
  });
}

/**
 * Asserts that no table on the page (or in `scope`) has a header cell or a first-row cell whose
 * content crosses another cell of its row; the failure lists each crossing. The page must show at
 * least one table.
 */
export async function expectNoOverlap(page: Page, scope?: Locator): Promise<void> {
  const tables = (scope ?? page.locator('body')).locator('.ant-table');
  await tables.first().waitFor();
  const overlaps: Overlap[] = [];
  for (const table of await tables.all()) overlaps.push(...(await overlapsIn(table)));
  expect(overlaps).toEqual([]);
}
