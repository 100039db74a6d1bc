import { Readable } from 'node:stream';
import type { Cell, Row } from 'write-excel-file/node';
import { xlsxWriter } from '../../core/xlsx.js';
import type { ReportSheet } from './report.service.js';

// A report's whole result as a file (issue 19): .xlsx through write-excel-file, or CSV (UTF-8 with
// a byte-order mark, so that Excel reads Chinese text), written row by row as a stream.

export async function reportXlsx(table: ReportSheet): Promise<Buffer> {
  const header: Row = table.columns.map((c) => ({ value: c.label, fontWeight: 'bold' as const }));
  const rows: Row[] = table.rows.map((row) => table.columns.map((c): Cell => row[c.key] ?? null));
  const writeXlsxFile = await xlsxWriter();
  return writeXlsxFile([header, ...rows], {
    columns: table.columns.map(() => ({ width: 18 })),
    stickyRowsCount: 1,
  }).toBuffer();
}

/** A CSV cell: quoted when it must be; a leading =, +, - or @ is defused (no formulas in Excel). */
function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function reportCsv(table: ReportSheet): Readable {
  function* lines() {
    yield `\uFEFF${table.columns.map((c) => csvCell(c.label)).join(',')}\r\n`;
    for (const row of table.rows) yield `${table.columns.map((c) => csvCell(row[c.key])).join(',')}\r\n`;
  }
  return Readable.from(lines());
}
