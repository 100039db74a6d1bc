import { download, type DownloadedFile, type DownloadOptions } from '../files';
import { post, type QueryParams } from '../request';

/** The answer of an import: how many rows were stored (all of them, or none and a 400). */
export interface ImportResult {
  imported: number;
}

/**
 * The Excel calls of a business resource (hospital, machine, refund review): export the current
 * search, download the import template, import a filled sheet (all rows or none; a failed import's
 * message lists each row's problem).
 */
export function sheetResource(base: string) {
  return {
    exportSheet: (search: QueryParams, options?: DownloadOptions): Promise<DownloadedFile> =>
      download(`${base}/export`, search, options),
    template: (): Promise<DownloadedFile> => download(`${base}/import-template`),
    importSheet: (file: Blob, fileName: string): Promise<ImportResult> => {
      const form = new FormData();
      form.append('file', file, fileName);
      // quiet: the page shows the per-row report itself, not a toast as well.
      return post<ImportResult>(`${base}/import`, form, { quiet: true });
    },
  };
}
