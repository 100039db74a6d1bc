import type { TObject } from 'typebox';
import { Value } from 'typebox/value';
import { ApiError, badRequest } from '../../../core/errors.js';
import { translate, type Language, type MessageKey, type MessageParams } from '../../../core/i18n.js';
import { pickValidationError, validationMessage, type AjvError } from '../../../core/validation-errors.js';
import { mapPages, type RowPages } from '../../../core/repository/row-pages.js';
import type { SheetCell, SheetLayout, Workbooks } from '../../../core/workbook/workbooks.js';
import type { DictLabels, ImportColumn } from '../../../core/workbook/sheet-import.js';

// Excel sheets of the business pages (issue 16): the current search exported to .xlsx, a template,
// and an import that stores every row or none, with a report naming each bad row. Reading and
// writing the format is the maintained read-excel-file / write-excel-file packages' work; here is
// what the columns mean.

/** The most rows an export writes: beyond it the search must be narrowed. */
export const EXPORT_MAX_ROWS = 50_000;
/** The most rows an import takes in one sheet. */
export const IMPORT_MAX_ROWS = 5_000;

export type CellValue = string | number | null;

export type { DictLabels } from '../../../core/workbook/sheet-import.js';

/** One column of a sheet: its header (a message key), what an export writes, and what an import reads. */
export interface SheetColumn<E> {
  header: MessageKey;
  width?: number;
  /** The cell of a record in an export (absent: an import-only column). */
  value?: (record: E, language: Language) => CellValue;
  /** The input field an import fills from this column (absent: an export-only column). */
  field?: string;
  /** How an imported cell becomes the field's value: text (default) or an integer. */
  kind?: 'text' | 'int';
  /** A dictionary's labels: an export writes the label, an import takes a label or the key. */
  labels?: DictLabels;
}

/** The columns an import reads (core/workbook/sheet-import.ts): those with a field. */
export function importColumns<E>(columns: SheetColumn<E>[]): ImportColumn[] {
  return columns.flatMap(({ header, field, width, kind, labels }) =>
    field
      ? [{ header, field, ...(width ? { width } : {}), ...(kind ? { kind } : {}), ...(labels ? { labels } : {}) }]
      : [],
  );
}

/** An export's rows, or 400 when the search holds more than EXPORT_MAX_ROWS. */
export function exportable<T>(rows: RowPages<T>): RowPages<T> {
  if (rows.count > EXPORT_MAX_ROWS) throw badRequest('sheet.tooManyToExport', { max: EXPORT_MAX_ROWS });
  return rows;
}

/** The header and widths of the columns a sheet shows. */
function layoutOf<E>(columns: SheetColumn<E>[], language: Language): SheetLayout {
  return {
    header: columns.map((c) => translate(language, c.header)),
    widths: columns.map((c) => c.width ?? 18),
  };
}

/**
 * A sheet of records with the columns' headers in the request's language: the cells made here,
 * page by page (the columns' functions are this thread's), the workbook by the pool.
 */
export function writeSheet<E>(
  workbooks: Workbooks,
  columns: SheetColumn<E>[],
  records: AsyncIterable<E[]>,
  language: Language,
  signal: AbortSignal,
): Promise<Buffer> {
  const shown = columns.filter((c) => c.value);
  const cellsOf = (record: E) =>
    shown.map((c): SheetCell => {
      const value = c.value!(record, language);
      if (value === null) return null;
      return c.labels?.shown.get(String(value)) ?? value;
    });
  return workbooks.write(
    layoutOf(shown, language),
    mapPages(records, (page) => page.map(cellsOf)),
    signal,
  );
}

/** An empty sheet with the import's headers: what the template download is. */
export function templateSheet<E>(
  workbooks: Workbooks,
  columns: SheetColumn<E>[],
  language: Language,
  signal: AbortSignal,
): Promise<Buffer> {
  return workbooks.write(
    layoutOf(
      columns.filter((c) => c.field),
      language,
    ),
    [],
    signal,
  );
}

/** A problem of one imported row (row numbers as the spreadsheet shows them: the header is 1). */
export interface RowProblem {
  row: number;
  message: string;
}

/** An import refused: nothing was stored; every bad row is named. */
export class ImportRejected extends Error {
  constructor(readonly problems: RowProblem[]) {
    super(`import refused: ${problems.length} row(s)`);
    this.name = 'ImportRejected';
  }
}

/**
 * The rows of an uploaded sheet as inputs, each validated against the input schema. Headers are
 * matched by their text in either language; a column the sheet lacks is left out of every input.
 * Answers the inputs with their row numbers, or throws ImportRejected naming every bad row.
 */
export async function readImport<E>(
  workbooks: Workbooks,
  content: Buffer,
  columns: SheetColumn<E>[],
  schema: TObject,
  language: Language,
  signal: AbortSignal,
): Promise<Array<{ row: number; input: Record<string, unknown> }>> {
  let data: unknown[][];
  try {
    data = await workbooks.read(content, signal);
  } catch {
    throw badRequest('sheet.unreadable');
  }
  const [headerRow, ...body] = data;
  const headers = (headerRow ?? []).map((h) => String(h ?? '').trim());
  const byHeader = new Map<string, SheetColumn<E>>();
  for (const column of columns.filter((c) => c.field))
    for (const lang of ['zh', 'en'] as const) byHeader.set(translate(lang, column.header), column);
  const mapped = headers.map((h) => byHeader.get(h));
  const missing = columns.filter((c) => c.field && !mapped.includes(c));
  const required = new Set((schema as { required?: string[] }).required ?? []);
  const absent = missing.filter((c) => required.has(c.field!));
  if (absent.length > 0)
    throw badRequest('sheet.missingColumns', {
      columns: absent.map((c) => translate(language, c.header)).join(', '),
    });

  const rows = body
    .map((cells, i) => ({ row: i + 2, cells }))
    .filter(({ cells }) =>
      cells.some((cell) => cell !== null && cell !== undefined && String(cell).trim() !== ''),
    );
  if (rows.length === 0) throw badRequest('sheet.empty');
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest('sheet.tooManyRows', { max: IMPORT_MAX_ROWS });

  const problems: RowProblem[] = [];
  const inputs = rows.map(({ row, cells }) => {
    const input: Record<string, unknown> = {};
    mapped.forEach((column, at) => {
      if (!column) return;
      const cell = cells[at];
      const text =
        cell === null || cell === undefined
          ? ''
          : cell instanceof Date
            ? cell.toISOString()
            : String(cell).trim();
      if (text === '') return;
      const key = column.labels?.keyOf.get(text) ?? text;
      input[column.field!] =
        column.kind === 'int' && /^-?\d+(\.0+)?$/.test(key) ? Number.parseInt(key, 10) : key;
    });
    const errors = [...Value.Errors(schema, input)] as unknown as TypeBoxError[];
    if (errors.length > 0) problems.push({ row, message: schemaMessage(language, schema, errors) });
    return { row, input };
  });
  if (problems.length > 0) throw new ImportRejected(problems);
  return inputs;
}

/**
 * TypeBox's errors as the contract's message. They carry no parentSchema (ajv's, which the message
 * reads labels from): it is found by the error's schemaPath, and a missing property is told as ajv
 * tells it (missingProperty on the object).
 */
function schemaMessage(language: Language, schema: TObject, errors: TypeBoxError[]): string {
  const ajvLike = errors.flatMap((e): AjvError[] =>
    e.keyword === 'required'
      ? ((e.params.requiredProperties as string[] | undefined) ?? []).map((missingProperty) => ({
          keyword: 'required',
          instancePath: e.instancePath,
          params: { missingProperty },
          parentSchema: schema as unknown as Record<string, unknown>,
        }))
      : [{ ...e, parentSchema: schemaAt(schema, e.schemaPath) }],
  );
  return validationMessage(language, pickValidationError(ajvLike, schema), 'row');
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

/** Runs the rows through `store` one by one; a row's refusal becomes its problem, and any refuses all. */
export async function storeEachRow<T>(
  rows: Array<{ row: number; input: T }>,
  language: Language,
  store: (input: T) => Promise<unknown>,
): Promise<void> {
  const problems: RowProblem[] = [];
  for (const { row, input } of rows) {
    try {
      await store(input);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      problems.push({ row, message: translate(language, error.messageKey, error.params as MessageParams) });
    }
  }
  if (problems.length > 0) throw new ImportRejected(problems);
}
