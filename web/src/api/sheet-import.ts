import type { ImportMode, ImportProblem, ImportReport, ImportSecret } from '@console/contract';
import { download, filenameOf, type DownloadedFile } from './files';
import {
  callHeaders,
  parseJson,
  post,
  requireEnvironment,
  settle,
  TransportError,
  withQuery,
} from './request';

// The import calls every importing page shares (issue 52; server/src/core/workbook/sheet-import-routes.ts):
// GET <base>/import-template and POST <base>/import with a dry run, a mode and a key column.

export type { ImportProblem, ImportReport, ImportSecret };

export interface ImportChoice {
  mode: ImportMode;
  /** The key column's field: rows whose key names a record update it. */
  key?: string;
}

export interface ImportApi {
  template: () => Promise<DownloadedFile>;
  /** The dry run: the report, nothing stored. */
  check: (file: Blob, fileName: string, choice: ImportChoice) => Promise<ImportReport>;
  /** The commit: the report of what was stored (an all-or-nothing import with problems: a 400). */
  commit: (file: Blob, fileName: string, choice: ImportChoice) => Promise<ImportReport>;
  /** The uploaded sheet again with a column of each row's problems. */
  reportSheet: (file: Blob, fileName: string, choice: ImportChoice) => Promise<DownloadedFile>;
}

const formOf = (file: Blob, fileName: string) => {
  const form = new FormData();
  form.append('file', file, fileName);
  return form;
};
const queryOf = (choice: ImportChoice, dryRun: boolean) => ({
  dryRun,
  mode: choice.mode,
  ...(choice.key ? { key: choice.key } : {}),
});

/** The import calls under `base` (/api/blade-system/post). */
export function importResource(base: string): ImportApi {
  return {
    template: () => download(`${base}/import-template`),
    // quiet: the dialog shows the report itself, not a toast as well.
    check: (file, fileName, choice) =>
      post<ImportReport>(`${base}/import`, formOf(file, fileName), {
        quiet: true,
        params: queryOf(choice, true),
      }),
    commit: (file, fileName, choice) =>
      post<ImportReport>(`${base}/import`, formOf(file, fileName), {
        quiet: true,
        params: queryOf(choice, false),
      }),
    reportSheet: async (file, fileName, choice) => {
      const env = requireEnvironment();
      let response: Response;
      try {
        response = await fetch(withQuery(`${base}/import`, { ...queryOf(choice, true), format: 'xlsx' }), {
          method: 'POST',
          headers: callHeaders(env, {}),
          credentials: 'same-origin',
          body: formOf(file, fileName),
        });
      } catch (failure) {
        throw new TransportError('the connection failed', 'NETWORK', { cause: failure });
      }
      if (response.status > 500)
        throw new TransportError(`HTTP ${response.status}`, `HTTP_${response.status}`);
      if ((response.headers.get('content-type') ?? '').includes('application/json'))
        return settle<never>(response.status, parseJson(await response.text()), env, {});
      return {
        blob: await response.blob(),
        filename: filenameOf(response.headers.get('content-disposition')),
      };
    },
  };
}
