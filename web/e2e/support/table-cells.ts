import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Asserts that no two header cells, and no two cells of the first row, of any table on the page
 * are drawn over each other, and that no cell's text runs past its cell (it would be drawn over
 * its neighbour, or be cut without an ellipsis). Cut text shown with an ellipsis (antd's
 * `ellipsis`, the whole text in its title) is allowed. Reports each clash by the cells' texts.
 */
export async function expectNoCellOverlap(page: Page): Promise<void> {
  const clashes = await page.evaluate(() => {
    const found: string[] = [];
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const label = (element: Element) => (element.textContent ?? '').trim().slice(0, 30) || '(empty)';
    const rows = Array.from(document.querySelectorAll('.ant-table'))
      .filter(visible)
      .flatMap((table) => [
        table.querySelector('thead tr:last-child'),
        table.querySelector('tbody tr.ant-table-row'),
      ]);
    for (const row of rows) {
      if (!row) continue;
      const cells = Array.from(row.children).filter(visible);
      const boxes = cells.map((cell) => cell.getBoundingClientRect());
      // Two cells of a row, beside each other: one pixel of shared border is not a clash.
      for (let i = 0; i < cells.length; i += 1)
        for (let j = i + 1; j < cells.length; j += 1) {
          const a = boxes[i]!;
          const b = boxes[j]!;
          const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          if (across > 1) found.push(`cells "${label(cells[i]!)}" and "${label(cells[j]!)}" overlap`);
        }
      // A cell's own content wider than the cell, unless shown cut with an ellipsis.
      for (const cell of cells) {
        const box = cell.getBoundingClientRect();
        for (const child of Array.from(cell.querySelectorAll('*'))) {
          const inner = child.getBoundingClientRect();
          if (inner.width === 0) continue;
          const cut = child.closest(
            '.ant-table-cell-ellipsis, .ant-typography-ellipsis, [class*="ellipsis"]',
          );
          if (cut) continue;
          if (inner.right > box.right + 1 || inner.left < box.left - 1) {
            found.push(`the text of "${label(cell)}" runs out of its cell`);
            break;
          }
        }
        if (cell.scrollWidth > cell.clientWidth + 1 && !cell.matches('.ant-table-cell-ellipsis'))
          found.push(`the text of "${label(cell)}" is wider than its cell`);
      }
    }
    return [...new Set(found)];
  });
  expect(clashes.length, `cells drawn over each other:\n${clashes.join('\n')}`).toBe(0);
}
