import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatDateTime } from '../dates.js';
import type { SheetCell, SheetLayout } from './workbooks.js';

// What an export needs beside the workbook pool (./workbooks.ts): the layout of its header, the
// cell a wire value becomes, and the download's answer (every workbook the server sends: exports,
// import templates and reports, the login log's).

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column's width when nothing says otherwise (characters). */
export const DEFAULT_COLUMN_WIDTH = 18;

/** The header row and widths of an export's columns: each at least as wide as its title, at most 60. */
export function sheetLayout(titles: readonly string[]): SheetLayout {
  return {
    header: [...titles],
    widths: titles.map((title) => Math.min(60, Math.max(DEFAULT_COLUMN_WIDTH, title.length * 2 + 2))),
  };
}

/**
 * A wire value as a cell: numbers stay numbers, texts (dates are already in the wire format,
 * `yyyy-MM-dd HH:mm:ss`) stay as they are, booleans as `yes`/`no` in the request's words, several
 * values joined by commas, nothing as an empty cell.
 */
export function cellOf(value: unknown, yesNo: readonly [string, string]): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? yesNo[0] : yesNo[1];
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map((v) => cellOf(v, yesNo) ?? '').join(', ');
  return JSON.stringify(value);
}

/** Answers a workbook as a download named `<title>-<time>.xlsx` (the time in the wire zone). */
export function sendWorkbook(
  reply: FastifyReply,
  req: FastifyRequest,
  title: string,
  content: Buffer,
  timeZone = 'Asia/Shanghai',
) {
  const stamp = formatDateTime(new Date(), timeZone).replace(/[-: ]/g, '').slice(0, 14);
  const name = `${title}-${stamp}.xlsx`;
  return reply
    .type(XLSX)
    .header(
      'content-disposition',
      `attachment; filename="export-${stamp}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('cache-control', 'no-store')
    .send(content);
}
