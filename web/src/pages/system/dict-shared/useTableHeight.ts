import { useLayoutEffect, useState, type RefObject } from 'react';

/** The least body height a table keeps on a small screen (px). */
const MIN_HEIGHT = 200;
/** The pager's margin above and below it (antd). */
const PAGER_MARGIN = 32;

/**
 * The scroll height of the table inside `pane`, as BladeX's tables compute theirs (spec §2, §9):
 * the height left for the pane (the window below the page's top) minus what stands above the
 * table's body (search, toolbar, header), minus the pager, minus `offset` (95 for a dictionary's
 * entries, 30 for the dictionaries). Follows window and pane size changes.
 */
export function useTableHeight(
  page: RefObject<HTMLElement | null>,
  pane: RefObject<HTMLElement | null>,
  offset: number,
): number {
  const [height, setHeight] = useState(MIN_HEIGHT);
  useLayoutEffect(() => {
    const measure = () => {
      const paneElement = pane.current;
      const pageElement = page.current;
      if (!paneElement || !pageElement) return;
      const paneTop = paneElement.getBoundingClientRect().top;
      const body = paneElement.querySelector('.ant-table-body, .ant-table-tbody');
      const above = body ? body.getBoundingClientRect().top - paneTop : 0;
      const pager = paneElement.querySelector<HTMLElement>('.ant-pagination');
      const pagerHeight = pager ? pager.offsetHeight + PAGER_MARGIN : 0;
      const available = window.innerHeight - pageElement.getBoundingClientRect().top;
      setHeight(Math.max(MIN_HEIGHT, Math.floor(available - above - pagerHeight - offset)));
    };
    measure();
    window.addEventListener('resize', measure);
    // The pane grows when its rows and pager arrive, or its search form wraps: measure again.
    const observer = new ResizeObserver(() => measure());
    if (pane.current) observer.observe(pane.current);
    return () => {
      window.removeEventListener('resize', measure);
      observer.disconnect();
    };
  }, [page, pane, offset]);
  return height;
}
