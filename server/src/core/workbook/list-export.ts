import type { Page } from '@console/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { setTimeout as timerTurn } from 'node:timers/promises';
import type { TSchema } from 'typebox';
import type { PermissionCode } from '@console/contract';
import { badRequest } from '../errors.js';
import type { Language, MessageKey } from '../i18n.js';
import type { Actor, Store } from '../repository/store.js';
import { ListQuerySchema } from '../schema.js';
import { dictLabelsOf, type DictRef } from './dict-labels.repository.js';
import { cellOf, sendWorkbook, sheetLayout } from './sheet-export.js';
import type { SheetCell, Workbooks } from './workbooks.js';

// The export of any list (issue 52): GET <area>/export with the list's own query (filters, sort)
// and the columns the page shows, in their order. The rows are the list's own (service.list, so the
// tenant, the data scope and every filter are the list's), read a page at a time; each column's cell
// is the row's wire value, a dictionary key as its label in the request's language, a related id as
// the related record's name the list already answers beside it. The workbook is written by the pool
// (./workbooks.ts) as a job: limited per user and per process, streamed to the browser at its end.
// docs/decisions/0045-list-export.md says why the server, not the page, resolves labels.

/** The most rows a list export writes unless the server is told otherwise (WorkbookOptions). */
export const LIST_EXPORT_MAX_ROWS = 100_000;
/** The rows of one list call while exporting: the lists' own largest page (MAX_PAGE_SIZE). */
const EXPORT_PAGE_SIZE = 200;
/** The parameters of the export's own, not the list's. */
const OWN_PARAMETERS = ['columns', 'titles', 'labels', 'current', 'size'];
/** A column title the page sends is a header cell: kept short. */
const TITLE_MAX = 100;
const COLUMNS_MAX = 100;

/** A list: a page, or every row at once (an unpaged list, a tree: rows with their `children`). */
export type ListRead = (
  actor: Actor,
  query: Record<string, string | string[]>,
  req: FastifyRequest,
) => Promise<Page<unknown> | readonly unknown[]>;

/** An unpaged list's answer as one page of every row (a tree's flattened). */
function asPage(answer: Page<unknown> | readonly unknown[]): Page<unknown> {
  if (!Array.isArray(answer)) return answer as Page<unknown>;
  const records = flattened(answer);
  return { records, total: records.length, size: records.length, current: 1, pages: 1 };
}

export interface ListExportOptions {
  /** The list's entity: its properties are the columns an export may ask for. */
  entity: TSchema;
  /** The list itself: the export pages through it with the list's query. */
  list: ListRead;
  /** Who may read the list (its route config): the export asks that and `button`. */
  read?: Pick<FastifyContextConfig, 'access' | 'button' | 'menu' | 'everyone'>;
  /** The export's own button (`user_export`): held beside the list's read right. */
  button: PermissionCode;
  /** Columns holding a dictionary's keys (a single key, or several comma-joined), by property. */
  dicts?: Readonly<Record<string, DictRef>>;
  /** Columns holding a related record's id, by property: the property of its name in the same row. */
  names?: Readonly<Record<string, string>>;
  /**
   * Columns written otherwise than their wire value, by property: what the page shows for it when
   * that is a number of another unit (a refund's cents, shown in yuan) or made of other fields of
   * the row (a hospital's region code, shown as its region's names). Never which rows.
   */
  values?: Readonly<Record<string, (value: unknown, row: Record<string, unknown>) => SheetCell>>;
  /** The file's name (a message key): `<title>-<time>.xlsx`. Default: 导出 / export. */
  title?: MessageKey;
  /** Where (default `/export`). */
  path?: string;
}

/** What every list export shares: the pool, the store the dictionaries are read from, the limit. */
export class ListExports {
  constructor(
    readonly workbooks: Workbooks,
    private readonly store: Store,
    readonly maxRows: number = LIST_EXPORT_MAX_ROWS,
  ) {}

  labels(actor: Actor, dict: DictRef, language: Language): Promise<ReadonlyMap<string, string>> {
    return dictLabelsOf(this.store, actor.tenantId, dict, language);
  }

  get timeZone(): string {
    return this.store.timeZone;
  }
}

/** One wanted column: the property, its header, and how a row's cell is made. */
interface ExportColumn {
  prop: string;
  title: string;
  cell: (row: Record<string, unknown>) => SheetCell;
}

/** A query parameter that may come once or several times, as its values. */
function valuesOf(raw: string | string[] | undefined): string[] {
  return raw === undefined ? [] : [raw].flat();
}

/** `titles`: a JSON array of texts (a header may hold any character, a comma too); else 400. */
function titlesOf(raw: string | string[] | undefined): string[] {
  if (raw === undefined) return [];
  try {
    const titles: unknown = JSON.parse([raw].flat()[0]!);
    if (Array.isArray(titles) && titles.every((title) => typeof title === 'string')) return titles;
  } catch {
    // said below
  }
  throw badRequest('export.titles');
}

/**
 * `labels`: the texts a page shows for the values of its columns of fixed choices (a status, a
 * kind: the page's own words, not a dictionary's), a JSON object `{ prop: { value: text } }`; else 400.
 * Only display text: what a cell says, never which rows.
 */
function choiceLabelsOf(raw: string | string[] | undefined): Map<string, ReadonlyMap<string, string>> {
  const labels = new Map<string, ReadonlyMap<string, string>>();
  if (raw === undefined) return labels;
  let parsed: unknown;
  try {
    parsed = JSON.parse([raw].flat()[0]!);
  } catch {
    throw badRequest('export.labels');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw badRequest('export.labels');
  for (const [prop, choices] of Object.entries(parsed)) {
    if (typeof choices !== 'object' || choices === null || Array.isArray(choices))
      throw badRequest('export.labels');
    const texts = Object.entries(choices as Record<string, unknown>);
    if (!texts.every(([, text]) => typeof text === 'string')) throw badRequest('export.labels');
    labels.set(prop, new Map(texts.map(([value, text]) => [value, String(text).slice(0, TITLE_MAX)])));
  }
  return labels;
}

/** A cell of keys (one, or several comma-joined) as their labels; a key without one as it is. */
function labelled(value: unknown, labels: ReadonlyMap<string, string>): SheetCell {
  if (value === null || value === undefined || value === '') return null;
  return String(value)
    .split(',')
    .map((key) => labels.get(key.trim()) ?? key)
    .join(', ');
}

/**
 * The columns asked for: `columns=a,b,c` (each a property of the entity, else 400) with, in the
 * same order, `titles` (a JSON array: the headers the page shows in the person's language; a missing
 * one is the property's name). Without `columns`: every property of the entity.
 */
function wantedColumns(
  entity: TSchema,
  query: Record<string, string | string[]>,
): Array<{ prop: string; title: string }> {
  const known = Object.keys((entity as { properties?: Record<string, unknown> }).properties ?? {});
  const asked = valuesOf(query.columns)
    .flatMap((list) => list.split(','))
    .map((prop) => prop.trim())
    .filter(Boolean);
  const props = asked.length > 0 ? asked : known;
  if (props.length > COLUMNS_MAX) throw badRequest('export.tooManyColumns', { max: COLUMNS_MAX });
  for (const prop of props)
    if (!known.includes(prop)) throw badRequest('export.unknownColumn', { column: prop.slice(0, 40) });
  const titles = titlesOf(query.titles);
  return props.map((prop, at) => ({ prop, title: (titles[at] ?? '').trim().slice(0, TITLE_MAX) || prop }));
}

/** A tree list's rows with their children after each (depth first), as the table shows them open. */
function flattened(rows: readonly unknown[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const visit = (row: unknown) => {
    const { children, ...record } = row as Record<string, unknown>;
    out.push(record);
    if (Array.isArray(children)) for (const child of children) visit(child);
  };
  for (const row of rows) visit(row);
  return out;
}

/**
 * Registers GET <path> (default /export): the list's query and `columns`/`titles`, answering an .xlsx
 * of the rows the list would show, or 400 beyond the limit (a search to narrow) or for a column the
 * entity does not have.
 */
export function registerListExport(app: FastifyInstance, options: ListExportOptions): void {
  const { entity, list, read = {}, button, dicts = {}, names = {}, values = {} } = options;
  const exports = app.listExports;
  // The list's read rule is the guard's, and the export button is asked after it (bodyButton is the
  // guard's hook for a further button: a GET has no body, so it always asks this one). A list every
  // signed-in user reads (notices) exports to the button's holders alone: an export is never one of
  // the reviewed reads for everyone (security S16).
  const { everyone, ...readRule } = read;
  const config: FastifyContextConfig =
    everyone !== undefined && readRule.button === undefined && readRule.menu === undefined
      ? { ...readRule, button }
      : { ...readRule, bodyButton: () => button };
  app.get(
    options.path ?? '/export',
    {
      schema: { querystring: ListQuerySchema },
      config,
    },
    async (req, reply) => {
      const query = req.query as Record<string, string | string[]>;
      const wanted = wantedColumns(entity, query);
      const choiceLabels = choiceLabelsOf(query.labels);
      const listQuery = Object.fromEntries(
        Object.entries(query).filter(([key]) => !OWN_PARAMETERS.includes(key)),
      );
      const yesNo = [req.t('export.yes'), req.t('export.no')] as const;
      const content = await exports.workbooks.job(req, reply, async (signal) => {
        const pageOf = async (current: number) =>
          asPage(
            await list(
              req.actor,
              { ...listQuery, current: String(current), size: String(EXPORT_PAGE_SIZE) },
              req,
            ),
          );
        const tooMany = () => badRequest('export.tooMany', { max: exports.maxRows.toLocaleString('en-US') });
        const first = await pageOf(1);
        // A bounded count (a large log) says only that there are at least `total`: such a list is
        // read until a page comes short, and refused once it passes the limit.
        const exact = first.totalExact !== false;
        if (first.total > exports.maxRows || (!exact && first.total >= exports.maxRows)) throw tooMany();

        const labelsByProp = new Map<string, ReadonlyMap<string, string>>();
        for (const { prop } of wanted)
          if (dicts[prop]) labelsByProp.set(prop, await exports.labels(req.actor, dicts[prop], req.language));
        const columns: ExportColumn[] = wanted.map(({ prop, title }) => {
          // A dictionary's labels are the server's; a fixed choice's are the page's words.
          const labels = labelsByProp.get(prop) ?? choiceLabels.get(prop);
          const nameProp = names[prop];
          const value = values[prop];
          if (labels) return { prop, title, cell: (row) => labelled(row[prop], labels) };
          if (value) return { prop, title, cell: (row) => value(row[prop], row) };
          if (nameProp) return { prop, title, cell: (row) => cellOf(row[nameProp] ?? row[prop], yesNo) };
          return { prop, title, cell: (row) => cellOf(row[prop], yesNo) };
        });
        const cells = (rows: readonly unknown[]) =>
          flattened(rows).map((row) => columns.map((column) => column.cell(row)));

        // An unpaged list answers everything at once: one page.
        const pages = exact
          ? first.records.length < first.total
            ? Math.ceil(first.total / EXPORT_PAGE_SIZE)
            : 1
          : Number.POSITIVE_INFINITY;
        // The workbook is answered only once whole: a refusal on the way is still a 400.
        async function* rows(): AsyncGenerator<SheetCell[][]> {
          yield cells(first.records);
          let written = first.records.length;
          let last = first.records.length;
          for (let current = 2; current <= pages && (exact || last >= EXPORT_PAGE_SIZE); current++) {
            // Other requests are served between two pages (the list's queries run on the event loop).
            await timerTurn(0);
            signal.throwIfAborted();
            const page = await pageOf(current);
            // A list that does not page (it answered everything at once) has no page 2.
            if (page.records.length === 0 || page.current !== current) break;
            last = page.records.length;
            written += last;
            if (written > exports.maxRows) throw tooMany();
            yield cells(page.records);
          }
        }
        return exports.workbooks.write(sheetLayout(columns.map((c) => c.title)), rows(), signal);
      });
      return sendWorkbook(reply, req, req.t(options.title ?? 'export.file'), content, exports.timeZone);
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Exports of the lists (./list-export.ts): the pool, the dictionaries, the row limit. */
    listExports: ListExports;
  }
}
