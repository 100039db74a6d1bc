import { badRequest } from '../errors.js';
import { translate, type Language, type MessageKey } from '../i18n.js';
import { mapPages, type RowPages } from '../repository/row-pages.js';
import type { SheetCell, SheetLayout, Workbooks } from './workbooks.js';
import type { DictLabels, ImportColumn } from './sheet-import.js';

// Sheets of fixed columns (issue 16): each column a header (a message key), what an export writes and
// what an import reads. The business pages declare their imports' columns so (core/workbook/
// sheet-import.ts reads the ones with a field; their exports are the generic list export's,
// decision 0045), and the login log writes its export with writeSheet. Reading and writing the
// format is the maintained read-excel-file / write-excel-file packages' work.

/** The most rows an export writes: beyond it the search must be narrowed. */
export const EXPORT_MAX_ROWS = 50_000;

export type CellValue = string | number | null;

export type { DictLabels } from './sheet-import.js';

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
      ? [
          {
            header,
            field,
            ...(width ? { width } : {}),
            ...(kind ? { kind } : {}),
            ...(labels ? { labels } : {}),
          },
        ]
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
