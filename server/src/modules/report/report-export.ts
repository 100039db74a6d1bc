import { Readable } from 'node:stream';
import { mapPages } from '../../core/repository/row-pages.js';
import type { Workbooks } from '../../core/workbook/workbooks.js';
import type { ReportSheet } from './report.service.js';

// A report's whole result as a file (issue 19): .xlsx written by the workbook pool (off the event
// loop, core/workbook/workbooks.ts), or CSV (UTF-8 with a byte-order mark, so that Excel reads
// Chinese text), written a page of rows at a time as a stream.

export function reportXlsx(workbooks: Workbooks, table: ReportSheet, signal: AbortSignal): Promise<Buffer> {
  return workbooks.write(
    { header: table.columns.map((c) => c.label), widths: table.columns.map(() => 18) },
    mapPages(table.rows, (rows) => rows.map((row) => table.columns.map((c) => row[c.key] ?? null))),
    signal,
  );
}

/** A CSV cell: quoted when it must be; a leading =, +, - or @ is defused (no formulas in Excel). */
function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function reportCsv(table: ReportSheet): Readable {
  async function* lines() {
    yield `\uFEFF${table.columns.map((c) => csvCell(c.label)).join(',')}\r\n`;
    for await (const rows of table.rows)
      yield rows.map((row) => `${table.columns.map((c) => csvCell(row[c.key])).join(',')}\r\n`).join('');
  }
  return Readable.from(lines());
}
