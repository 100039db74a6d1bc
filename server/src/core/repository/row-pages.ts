import { setImmediate as nextTurn } from 'node:timers/promises';

// How an export reads up to 50,000 rows without holding the event loop (security.md S18, issue 44
// item 6). One query for every row held it for the whole sort and read: SQLite's driver is
// synchronous, and the others hand back one large result to convert at once. Offset pages would
// sort everything again for each page. So the ordered ids come first, from one narrow query (the
// database sorts keys, not whole rows), then each page's rows by its ids, in the same order, with a
// turn of the event loop between pages for the requests waiting.

/** Rows an export reads per query, and hands on per page. */
export const ROW_PAGE_SIZE = 1000;

/** How many rows there are (an export's limit + 1 at most) and their pages, read when iterated. */
export interface RowPages<T> {
  count: number;
  pages: AsyncIterable<T[]>;
}

/** The rows of `ids` a page at a time, loaded by `load` (which keeps the ids' order). */
export async function* pagesOfIds<I, T>(
  ids: readonly I[],
  load: (page: readonly I[]) => Promise<T[]>,
): AsyncGenerator<T[]> {
  for (let at = 0; at < ids.length; at += ROW_PAGE_SIZE) {
    if (at > 0) await nextTurn();
    yield await load(ids.slice(at, at + ROW_PAGE_SIZE));
  }
}

/** Each page through `map` (names looked up, values masked), as it is read. */
export async function* mapPages<T, U>(
  pages: AsyncIterable<T[]>,
  map: (page: T[]) => U[] | Promise<U[]>,
): AsyncGenerator<U[]> {
  for await (const page of pages) yield await map(page);
}
