import type { ImportMode, ImportProblem, ImportReport, ImportSecret } from '@console/contract';
import type { TObject } from 'typebox';
import { Value } from 'typebox/value';
import { ApiError, badRequest } from '../errors.js';
import { translate, type Language, type MessageKey, type MessageParams } from '../i18n.js';
import { pickValidationError, validationMessage, type AjvError } from '../validation-errors.js';
import { inTransaction, type Actor, type Store } from '../repository/store.js';
import { withSavepoint } from '../repository/savepoint.js';
import type { SheetCell, Workbooks } from './workbooks.js';
import { loopShare } from '../loop-share.js';

// Imports of .xlsx sheets into any page (issue 52), with a dry run. Every row goes through the
// page's own save (its service's checks: required fields, formats, uniqueness, related records)
// inside one transaction, each row in a savepoint: a refused row leaves nothing behind, an earlier
// row of the sheet is seen by a later one (a duplicate in the sheet is refused as one in the
// database is). Then:
// - dry run: everything is rolled back; the report says what a commit would do;
// - mode all: committed only when no row was refused, else rolled back (nothing stored);
// - mode valid: the refused rows are left out and the others committed.

/** The most rows an import takes in one sheet. */
export const IMPORT_MAX_ROWS = 50_000;
/** The largest sheet an import takes. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** A dictionary as a sheet uses it: labels by key (the request's language) and keys by any label. */
export interface DictLabels {
  shown: ReadonlyMap<string, string>;
  keyOf: ReadonlyMap<string, string>;
}

/** One column an import reads: its header (a message key, matched in either language) and field. */
export interface ImportColumn {
  header: MessageKey;
  field: string;
  width?: number;
  /** How a cell becomes the field's value: text (default) or an integer. */
  kind?: 'text' | 'int';
  /** A dictionary's labels: a cell holds a label (either language) or the key. */
  labels?: DictLabels;
  /** Texts a template offers in the column (related records' names, codes). */
  choices?: readonly string[];
  /** What the template's second sheet says of the column (default: nothing more than its header). */
  note?: MessageKey;
}

export type { ImportMode, ImportProblem, ImportReport, ImportSecret };

export interface ImportOptions {
  dryRun: boolean;
  mode: ImportMode;
  /** The field of the key column: a row whose key names a record updates it; absent: rows are new. */
  key?: string;
}

/** A row's refusal that names its column (a related name that is not there, a label unknown). */
export class CellError extends ApiError {
  constructor(
    readonly field: string,
    messageKey: MessageKey,
    params?: MessageParams,
  ) {
    super(400, messageKey, params);
    this.name = 'CellError';
  }
}

/** What a page's import is: its columns, its input and how one row is stored. */
export interface SheetImporter<I = Record<string, unknown>> {
  /** The columns, in the request's language (dictionaries' labels, related records read when asked). */
  columns(actor: Actor, language: Language): Promise<ImportColumn[]>;
  /** Each row's input, checked before it is stored (what the page's submit takes, or the import's own). */
  schema: TObject;
  /** The fields a key column may be: the record whose field holds the row's value is updated. */
  keys: readonly string[];
  /** The database the rows go to (a tenant's own, for its business tables). */
  storeFor(actor: Actor): Promise<Store>;
  /**
   * Stores one row in the import's transaction as the page's save would (its checks throw
   * ApiError). `existing` is the id of the record the key names (undefined: a new record).
   * Answers a secret made for the row, if any.
   */
  store(
    tx: Store,
    actor: Actor,
    input: I,
    existing: string | undefined,
  ): Promise<{ account: string; password: string } | void>;
  /**
   * Checks made before the import's transaction, for what reads outside it (a grant policy reading
   * through its own store would wait on SQLite's one connection, held by the transaction): the
   * refusals by row number (those rows are not stored), and what to do once the transaction has
   * ended, committed or not (give back what was taken for rows that were not stored).
   */
  prepare?(
    actor: Actor,
    rows: Array<{ row: number; input: I }>,
    key: string | undefined,
  ): Promise<{ refused: Map<number, ApiError>; settle?: () => Promise<void> }>;
  /**
   * The id of the record the row's key names (`key`: the key column's field; a record may be named
   * by more than that field: a dictionary entry by its code and key), in the transaction: earlier
   * rows count.
   */
  findByKey(tx: Store, actor: Actor, key: string, input: I): Promise<string | undefined>;
}

/** The uploaded sheet as read: header and rows of cells, kept for the report sheet. */
export interface ReadSheet {
  header: string[];
  rows: Array<{ row: number; cells: unknown[] }>;
}

/** The first sheet of an upload, or the clear 400s: not a workbook, no header, no rows, too many. */
export async function readUpload(
  workbooks: Workbooks,
  content: Buffer,
  signal: AbortSignal,
): Promise<ReadSheet> {
  let data: unknown[][];
  try {
    data = await workbooks.read(content, signal);
  } catch {
    throw badRequest('import.unreadable');
  }
  const [headerRow, ...body] = data;
  const header = (headerRow ?? []).map((h) => String(h ?? '').trim());
  if (!header.some((h) => h !== '')) throw badRequest('import.noHeader');
  const rows = body
    .map((cells, i) => ({ row: i + 2, cells }))
    .filter(({ cells }) => cells.some((cell) => cellText(cell) !== ''));
  if (rows.length === 0) throw badRequest('import.empty');
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest('import.tooManyRows', { max: IMPORT_MAX_ROWS });
  return { header, rows };
}

/** A cell as text: a formula's value as read, a date as ISO, blank as ''. */
function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).trim();
}

/** The sheet's columns matched to the import's by header text in either language. */
function matchColumns(sheet: ReadSheet, columns: ImportColumn[], schema: TObject, language: Language) {
  const byHeader = new Map<string, ImportColumn>();
  for (const column of columns)
    for (const lang of ['zh', 'en'] as const) byHeader.set(translate(lang, column.header), column);
  const mapped = sheet.header.map((h) => byHeader.get(h));
  const required = new Set((schema as { required?: string[] }).required ?? []);
  const absent = columns.filter((c) => required.has(c.field) && !mapped.includes(c));
  if (absent.length > 0)
    throw badRequest('import.missingColumns', {
      columns: absent.map((c) => translate(language, c.header)).join(', '),
    });
  return mapped;
}

/**
 * Runs an import (module docs above). The report names every refused row with its column and
 * reason; `ImportRefused` is not thrown: an all-or-nothing import with problems answers its report
 * with imported 0, and the route answers 400.
 */
export async function runImport<I>(
  importer: SheetImporter<I>,
  actor: Actor,
  sheet: ReadSheet,
  options: ImportOptions,
  language: Language,
  signal: AbortSignal,
): Promise<ImportReport> {
  const columns = await importer.columns(actor, language);
  if (options.key !== undefined && !importer.keys.includes(options.key))
    throw badRequest('import.unknownKey', { key: options.key });
  const mapped = matchColumns(sheet, columns, importer.schema, language);
  const headerOf = (field: string | undefined) => {
    const column = columns.find((c) => c.field === field);
    return column ? translate(language, column.header) : null;
  };
  if (options.key !== undefined && !mapped.some((c) => c?.field === options.key))
    throw badRequest('import.missingColumns', { columns: headerOf(options.key) ?? options.key });

  const errors: ImportProblem[] = [];
  const inputs: Array<{ row: number; input: Record<string, unknown> }> = [];
  // Checking and storing 50,000 rows is seconds of work: others' requests go in between.
  const share = loopShare();
  for (const { row, cells } of sheet.rows) {
    await share();
    const problem = parseRow(cells, mapped, importer.schema, language, headerOf);
    if ('problem' in problem) errors.push({ row, ...problem.problem });
    else inputs.push({ row, input: problem.input });
  }

  let settle: (() => Promise<void>) | undefined;
  if (importer.prepare) {
    const prepared = await importer.prepare(
      actor,
      inputs as unknown as Array<{ row: number; input: I }>,
      options.key,
    );
    const refused = prepared.refused;
    settle = prepared.settle;
    for (const [row, error] of refused)
      errors.push({
        row,
        column: headerOf(fieldOfError(error, columns)),
        message: messageOf(language, error),
      });
    if (refused.size > 0) inputs.splice(0, inputs.length, ...inputs.filter(({ row }) => !refused.has(row)));
  }

  const report: ImportReport = {
    dryRun: options.dryRun,
    mode: options.mode,
    key: options.key ?? null,
    total: sheet.rows.length,
    valid: 0,
    imported: 0,
    created: 0,
    updated: 0,
    errors,
    secrets: [],
  };
  const rollBack = new RollBack();
  try {
    await inTransaction(await importer.storeFor(actor), async (tx) => {
      for (const { row, input } of inputs) {
        await share();
        signal.throwIfAborted();
        try {
          await withSavepoint(tx, async (sp) => {
            const existing =
              options.key === undefined
                ? undefined
                : await importer.findByKey(sp, actor, options.key, input as I);
            const secret = await importer.store(sp, actor, input as I, existing);
            if (existing === undefined) report.created++;
            else report.updated++;
            if (secret) report.secrets.push({ row, ...secret });
          });
        } catch (error) {
          if (!(error instanceof ApiError) || error.code >= 500) throw error;
          errors.push({
            row,
            column: headerOf(fieldOfError(error, columns)),
            message: messageOf(language, error),
          });
        }
      }
      report.valid = report.created + report.updated;
      if (options.dryRun || (options.mode === 'all' && errors.length > 0)) throw rollBack;
    });
    report.imported = report.valid;
  } catch (error) {
    if (error !== rollBack) throw error;
    report.created = report.updated = 0;
    report.secrets = [];
  } finally {
    await settle?.();
  }
  errors.sort((a, b) => a.row - b.row);
  return report;
}

class RollBack extends Error {
  constructor() {
    super('the import is rolled back');
  }
}

function messageOf(language: Language, error: ApiError): string {
  return translate(language, error.messageKey, error.params as MessageParams);
}

/**
 * The field a service's refusal is about: a CellError's, or the one its message key names
 * (`post.postCode.exists`: postCode), when that is a column of the sheet.
 */
function fieldOfError(error: ApiError, columns: ImportColumn[]): string | undefined {
  if (error instanceof CellError) return error.field;
  const parts = error.messageKey.split('.');
  return parts.slice(1).find((part) => columns.some((c) => c.field === part));
}

/** A row's cells as an input (labels to keys, integers), checked against the schema. */
function parseRow(
  cells: unknown[],
  mapped: Array<ImportColumn | undefined>,
  schema: TObject,
  language: Language,
  headerOf: (field: string | undefined) => string | null,
): { input: Record<string, unknown> } | { problem: { column: string | null; message: string } } {
  const input: Record<string, unknown> = {};
  for (const [at, column] of mapped.entries()) {
    if (!column) continue;
    const text = cellText(cells[at]);
    if (text === '') continue;
    let value = text;
    if (column.labels) {
      const key = column.labels.keyOf.get(text) ?? (column.labels.shown.has(text) ? text : undefined);
      if (key === undefined)
        return {
          problem: {
            column: translate(language, column.header),
            message: translate(language, 'import.unknownLabel', { label: text }),
          },
        };
      value = key;
    }
    input[column.field] =
      column.kind === 'int' && /^-?\d+(\.0+)?$/.test(value) ? Number.parseInt(value, 10) : value;
  }
  const errors = [...Value.Errors(schema, input)] as unknown as TypeBoxError[];
  if (errors.length === 0) return { input };
  const picked = pickValidationError(ajvLike(schema, errors), schema);
  const field =
    picked.keyword === 'required' ? String(picked.params.missingProperty) : picked.instancePath.split('/')[1];
  return { problem: { column: headerOf(field), message: validationMessage(language, picked, 'row') } };
}

/**
 * TypeBox's errors as ajv's, which the contract's messages read. They carry no parentSchema (where
 * a message reads labels): it is found by the error's schemaPath, and a missing property is told
 * as ajv tells it (missingProperty on the object).
 */
function ajvLike(schema: TObject, errors: TypeBoxError[]): AjvError[] {
  return errors.flatMap((e): AjvError[] =>
    e.keyword === 'required'
      ? ((e.params.requiredProperties as string[] | undefined) ?? []).map((missingProperty) => ({
          keyword: 'required',
          instancePath: e.instancePath,
          params: { missingProperty },
          parentSchema: schema as unknown as Record<string, unknown>,
        }))
      : [{ ...e, parentSchema: schemaAt(schema, e.schemaPath) }],
  );
}

interface TypeBoxError {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The subschema a JSON pointer ('#/properties/level/anyOf/1') names. */
function schemaAt(schema: TObject, pointer: string): Record<string, unknown> | undefined {
  let at: unknown = schema;
  for (const part of pointer.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[decodeURIComponent(part)];
  }
  return typeof at === 'object' && at !== null ? (at as Record<string, unknown>) : undefined;
}

/** The uploaded sheet again, with a last column of each row's problems: the downloadable report. */
export function reportSheet(
  workbooks: Workbooks,
  sheet: ReadSheet,
  report: ImportReport,
  language: Language,
  signal: AbortSignal,
): Promise<Buffer> {
  const problems = new Map<number, string[]>();
  for (const e of report.errors)
    problems.set(e.row, [...(problems.get(e.row) ?? []), e.column ? `${e.column}: ${e.message}` : e.message]);
  const width = sheet.header.length;
  const cellOf = (cell: unknown): SheetCell =>
    cell === null || cell === undefined
      ? null
      : typeof cell === 'number'
        ? cell
        : cell instanceof Date
          ? cell.toISOString()
          : String(cell);
  const rows = sheet.rows.map(({ row, cells }) => [
    ...Array.from({ length: width }, (_, i) => cellOf(cells[i])),
    problems.get(row)?.join('; ') ?? null,
  ]);
  return workbooks.write(
    {
      header: [...sheet.header, translate(language, 'import.errorColumn')],
      widths: [...sheet.header.map(() => 18), 60],
    },
    [rows],
    signal,
  );
}
