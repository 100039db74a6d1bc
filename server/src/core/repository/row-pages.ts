import { setImmediate as nextTurn } from 'node:timers/promises';

// How an export reads up to 50,000 rows without holding the event loop (security.md S18, issue 44
// item 6). One query for every row held it for the whole sort and read: SQLite's driver is
// synchronous, and the others hand back one large result to convert at once. Offset pages would
// sort everything again for each page. So the ordered ids of the visible rows come first, from one
// narrow query (the database sorts keys, not whole rows), then each page's rows by their ids alone,
// with a turn of the event loop between pages. By their ids alone: the ids are already the caller's
// visible rows, and with the scope's conditions again SQLite (which keeps no statistics here)
// scanned the tenant's index for every page instead of looking the ids up. A row changed meanwhile
// is written as it is now; one deleted since is written too, as the export found it visible.

/** Rows an export reads per query, and hands on per page. */
export const ROW_PAGE_SIZE = 1000;

/** How many rows there are (an export's limit + 1 at most) and their pages, read when iterated. */
export interface RowPages<T> {
  count: number;
  pages: AsyncIterable<T[]>;
}

/** The rows of `ids` a page at a time, loaded by `load` in any order and put in the ids' order. */
export async function* pagesOfIds<I, T>(
  ids: readonly I[],
  load: (page: readonly I[]) => Promise<T[]>,
  idOf: (row: T) => unknown,
): AsyncGenerator<T[]> {
  for (let at = 0; at < ids.length; at += ROW_PAGE_SIZE) {
    if (at > 0) await nextTurn();
    const page = ids.slice(at, at + ROW_PAGE_SIZE);
    const place = new Map(page.map((id, n) => [String(id), n]));
    yield (await load(page)).sort((a, b) => place.get(String(idOf(a)))! - place.get(String(idOf(b)))!);
  }
}

/** Each page through `map` (names looked up, values masked), as it is read. */
export async function* mapPages<T, U>(
  pages: AsyncIterable<T[]>,
  map: (page: T[]) => U[] | Promise<U[]>,
): AsyncGenerator<U[]> {
  for await (const page of pages) yield await map(page);
}
