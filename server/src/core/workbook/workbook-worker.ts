import type { MessagePort } from 'node:worker_threads';
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

export type WorkbookTask = WriteTask | ReadTask;

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

/** Piscina's entry: one task. */
export default function run(task: WorkbookTask): Promise<Uint8Array | unknown[][]> {
  return task.kind === 'write' ? write(task) : read(task);
}
