// The .xlsx packages (write-excel-file, read-excel-file with its unzipper: about 400 KB of code) load
// with the first sheet written or read, not at start: an idle server holds only what it has used
// (docs/benchmarks.md, "Idle memory"). Exports, templates and imports are rare, and already async.
import type WriteXlsxFile from 'write-excel-file/node';
import type { readSheet as ReadSheet } from 'read-excel-file/node';

let writer: Promise<typeof WriteXlsxFile> | undefined;
let reader: Promise<typeof ReadSheet> | undefined;

/** write-excel-file's writeXlsxFile. */
export const xlsxWriter = (): Promise<typeof WriteXlsxFile> =>
  (writer ??= import('write-excel-file/node').then((module) => module.default));

/** read-excel-file's readSheet (the first sheet's rows). */
export const xlsxReader = (): Promise<typeof ReadSheet> =>
  (reader ??= import('read-excel-file/node').then((module) => module.readSheet));
