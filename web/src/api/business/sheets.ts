import { importResource, type ImportApi } from '../sheet-import';
import { download, type DownloadedFile, type DownloadOptions } from '../files';
import type { QueryParams } from '../request';

/**
 * The Excel calls of a business resource (hospital, machine, refund review): export the current
 * search; the import calls (template, dry run, commit, report sheet) every importing page shares.
 */
export function sheetResource(base: string): {
  exportSheet: (search: QueryParams, options?: DownloadOptions) => Promise<DownloadedFile>;
  imports: ImportApi;
} {
  return {
    exportSheet: (search, options) => download(`${base}/export`, search, options),
    imports: importResource(base),
  };
}
