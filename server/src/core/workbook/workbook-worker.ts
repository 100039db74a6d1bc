import type { MessagePort } from 'node:worker_threads';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile, { type Row } from 'write-excel-file/node';

// The workbook pool's threads run this file (./workbooks.ts), never the server's event loop
// (security.md S18, issue 44 item 6): writing an .xlsx of 50,000 rows is seconds of XML and zip
// work, and reading an uploaded one may be as much. The formats are write-excel-file's and
// read-excel-file's work. Only packages are imported here: the file runs as its own entry (built
// into server/dist, or from src under tsx in the tests), without the server's modules.

/** A cell as the server's sheets write it. */
export type SheetCell = string | number | null;

/**
 * A workbook of one sheet: a bold header row kept in view, the columns' widths, and the rows,
 * which arrive on `rows` a page at a time after the worker answers 'ready' (null ends them), so
 * that the server never holds or copies them all at once.
 */
export interface WriteTask {
  kind: 'write';
  header: string[];
  widths: number[];
  rows: MessagePort;
}

/** The first sheet of an uploaded workbook, as rows of cells (texts, numbers, booleans, dates). */
export interface ReadTask {
  kind: 'read';
  content: Uint8Array;
}

/** One sheet of a small workbook written whole (an import's template). */
export interface BookSheet {
  name: string;
  header: string[];
  widths: number[];
  rows: SheetCell[][];
}

/**
 * A drop-down on the first sheet: its column (0-based) takes one of the texts at `source` (a
 * range of another sheet: `'Choices'!$A$2:$A$9`), for the rows below the header up to `rows`.
 */
export interface DropDown {
  column: number;
  source: string;
  rows: number;
}

/** A workbook of several sheets (an import's template: columns, their explanation, the choices). */
export interface BookTask {
  kind: 'book';
  sheets: BookSheet[];
  dropDowns: DropDown[];
}

export type WorkbookTask = WriteTask | ReadTask | BookTask;

/** The port's pages until null; a port closed before that means the server gave the export up. */
async function receiveRows(port: MessagePort, into: Row[]): Promise<void> {
  const ended = new Promise<void>((resolve, reject) => {
    port.on('message', (page: SheetCell[][] | null) => {
      if (page === null) resolve();
      else for (const row of page) into.push(row);
    });
    port.once('close', () => reject(new Error('the rows stopped before their end')));
  });
  port.postMessage('ready');
  try {
    await ended;
  } finally {
    port.close();
  }
}

async function write(task: WriteTask): Promise<Uint8Array> {
  const rows: Row[] = [task.header.map((value) => ({ value, fontWeight: 'bold' as const }))];
  await receiveRows(task.rows, rows);
  return writeXlsxFile(rows, {
    columns: task.widths.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBuffer();
}

async function read(task: ReadTask): Promise<unknown[][]> {
  return (await readSheet(
    Buffer.from(task.content.buffer, task.content.byteOffset, task.content.byteLength),
  )) as unknown[][];
}

async function book(task: BookTask): Promise<Uint8Array> {
  const written = await writeXlsxFile(
    task.sheets.map((sheet) => ({
      sheet: sheet.name,
      data: [sheet.header.map((value) => ({ value, fontWeight: 'bold' as const })), ...sheet.rows],
      columns: sheet.widths.map((width) => ({ width })),
      stickyRowsCount: 1,
    })),
  ).toBuffer();
  return task.dropDowns.length === 0 ? written : withDropDowns(written, task.dropDowns);
}

/**
 * write-excel-file writes no data validation (docs/decisions/0046-sheet-import.md): the drop-downs
 * are added to the first sheet's XML afterwards, in the place the schema orders them (after
 * conditional formatting, before hyperlinks and the page's settings).
 */
function withDropDowns(xlsx: Uint8Array, dropDowns: DropDown[]): Uint8Array {
  const files = unzipSync(xlsx);
  const path = 'xl/worksheets/sheet1.xml';
  const xml = strFromU8(files[path]!);
  const letters = (n: number): string =>
    (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(65 + (n % 26));
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const validations =
    `<dataValidations count="${dropDowns.length}">` +
    dropDowns
      .map(
        (d) =>
          `<dataValidation type="list" allowBlank="1" showErrorMessage="1" sqref="${letters(d.column)}2:${letters(d.column)}${d.rows + 1}">` +
          `<formula1>${escape(d.source)}</formula1></dataValidation>`,
      )
      .join('') +
    '</dataValidations>';
  const before = [
    '<hyperlinks',
    '<printOptions',
    '<pageMargins',
    '<pageSetup',
    '<headerFooter',
    '<drawing',
    '<legacyDrawing',
    '<tableParts',
    '<extLst',
    '</worksheet>',
  ]
    .map((tag) => xml.indexOf(tag))
    .filter((at) => at >= 0);
  const at = Math.min(...before);
  files[path] = strToU8(xml.slice(0, at) + validations + xml.slice(at));
  return zipSync(files);
}

/** Piscina's entry: one task. */
export default function run(task: WorkbookTask): Promise<Uint8Array | unknown[][]> {
  if (task.kind === 'write') return write(task);
  if (task.kind === 'book') return book(task);
  return read(task);
}
