import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { setTimeout as timerTurn } from 'node:timers/promises';
import { sqliteFileOf } from '../../db/database.js';
import type { AnySelect } from './apply-list-query.js';
import { readAside } from './read-aside.js';

// How an export reads up to 50,000 rows without holding the event loop (security.md S18, issue 44
// item 6). One query for every row held it for the whole sort and read: SQLite's driver is
// synchronous, and the others hand back one large result to convert at once. Offset pages would
// sort everything again for each page. So:
// - how many rows there are comes first, from a count that stops at the export's limit, so that a
//   search too large is refused before anything else;
// - the rows are read only when the file is written (an export waiting for a workbook thread holds
//   none, and exports started together do not sort at once): the ordered ids of the visible rows
//   from one narrow query (the database sorts keys, not whole rows), then each page's rows by their
//   ids alone, with a turn of the event loop between pages.
// By their ids alone: the ids are already the caller's visible rows, and with the scope's
// conditions again SQLite (which keeps no statistics here) scanned the tenant's index for every page
// instead of looking the ids up. A row changed meanwhile is written as it is now; one deleted since
// is written too, as the export found it visible.
//
// And one export query at a time (`inTurn`): SQLite's driver runs a query on the event loop, and
// 8 exports started together ran their counts back to back (gaps of 100–500 ms for every other
// request), later a count, an ids query and pages in one turn (100–180 ms). Each of these queries
// now waits for the one before it and then for a timer turn of the event loop, so other requests'
// I/O is polled between any two (queued setImmediate callbacks would all run in one check phase,
// with no I/O between them; a timer set after the previous query ends cannot fire in that turn).
// The other engines take the same path: with one or two workbook threads their exports hardly
// read at once anyway, and their results are converted on the event loop too.
//
// On an SQLite file the two long reads, the count and the ordered ids, do not run on the event loop
// at all: a thread of its own reads them (./read-aside.ts). Turns between queries were not enough:
// the ids query alone (50,000 keys sorted and stepped) held the loop for up to 180 ms.

/**
 * Rows an export reads per query, and hands on per page. A page is read, mapped (names, labels,
 * masks) and handed to the workbook thread in one turn of the event loop, so this bounds how long
 * an export holds the loop at a time: at 1,000 rows the refund sheet's page took about 30 ms, and a
 * request that needs a few turns waited behind several (docs/benchmarks.md, "Exports beside other
 * requests").
 */
export const ROW_PAGE_SIZE = 250;

/** How many rows there are (an export's limit + 1 at most) and their pages, read when iterated. */
export interface RowPages<T> {
  count: number;
  pages: AsyncIterable<T[]>;
}

export interface RowSource<T> {
  /** The database of the filtered select (for the count's outer query). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whichever table the select reads
  db: Kysely<any>;
  /** The visible rows under the filters, nothing selected yet. */
  filtered: AnySelect;
  /** The filtered select in the export's order (its key settling ties). */
  ordered: AnySelect;
  /** The key column. */
  key: string;
  /** The rows of a page of keys, in any order, each with its key under `keyOf`. */
  rowsOf: (keys: readonly unknown[]) => Promise<T[]>;
  keyOf: (row: T) => unknown;
}

let lastQuery: Promise<unknown> = Promise.resolve();

/** `query` once every export query before it has ended and a timer turn of the event loop has run. */
function inTurn<R>(query: () => Promise<R>): Promise<R> {
  const run = lastQuery.then(() => timerTurn(0)).then(query);
  lastQuery = run.catch(() => undefined);
  return run;
}

/** An export's rows: counted now up to `max` + 1, read a page at a time when iterated. */
export async function exportRowPages<T>(source: RowSource<T>, max: number): Promise<RowPages<T>> {
  // select count(*) from (select 1 from … where … limit max + 1): stops at the bound.
  const bounded = source.filtered
    .select(sql<number>`1`.as('one'))
    .limit(max + 1)
    .as('bounded');
  const [total] = await firstColumn(
    source.db,
    source.db.selectFrom(bounded).select((eb) => eb.fn.countAll().as('total')),
  );
  return { count: Number(total ?? 0), pages: pagesOf(source, max) };
}

/** A long read's first column: read aside on an SQLite file, else in turn on the event loop. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- whichever table the select reads
async function firstColumn(db: object, query: SelectQueryBuilder<any, any, any>): Promise<unknown[]> {
  const file = sqliteFileOf(db);
  if (file) return readAside(file, query.compile());
  const rows = await inTurn(() => query.execute());
  return rows.map((row: Record<string, unknown>) => Object.values(row)[0]);
}

async function* pagesOf<T>(source: RowSource<T>, max: number): AsyncGenerator<T[]> {
  const { key } = source;
  const keys = await firstColumn(source.db, source.ordered.select(key).limit(max));
  for (let at = 0; at < keys.length; at += ROW_PAGE_SIZE) {
    const page = keys.slice(at, at + ROW_PAGE_SIZE);
    const place = new Map(page.map((id, n) => [String(id), n]));
    yield (await inTurn(() => source.rowsOf(page))).sort(
      (a, b) => place.get(String(source.keyOf(a)))! - place.get(String(source.keyOf(b)))!,
    );
  }
}

/** Each page through `map` (names looked up, values masked), as it is read. */
export async function* mapPages<T, U>(
  pages: AsyncIterable<T[]>,
  map: (page: T[]) => U[] | Promise<U[]>,
): AsyncGenerator<U[]> {
  for await (const page of pages) yield await map(page);
}
