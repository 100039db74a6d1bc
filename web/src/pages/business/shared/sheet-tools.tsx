import { ExportOutlined } from '@ant-design/icons';
import type { PermissionCode } from '@console/contract';
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import type { DownloadedFile, DownloadOptions } from '../../../api/files';
import type { QueryParams } from '../../../api/request';
import type { ImportApi } from '../../../api/sheet-import';
import { useSheetImport, type SheetImportOptions } from '../../../components/sheet-import/SheetImport';
import { useExportProgress, type CrudApi, type CrudToolbarAction } from '../../../crud';
import './sheet-locales';

/** A business resource's list and Excel calls (web/src/api/business/sheets.ts). */
export interface SheetApi<T> {
  list: CrudApi<T, unknown>['list'];
  exportSheet: (search: QueryParams, options?: DownloadOptions) => Promise<DownloadedFile>;
  /** The import calls (absent: the page only exports). */
  imports?: ImportApi;
}

export interface SheetTools<T> {
  /** The page's list call: it notes the filters of the list on screen, which 导出 exports. */
  list: CrudApi<T, unknown>['list'];
  /** 导出, 导入 and 下载模板, for the page's `toolbarActions`. */
  actions: CrudToolbarAction<T>[];
  /** The export's progress and the import dialog: render them inside the page (CrudPage's children). */
  element: ReactNode;
}

/**
 * The Excel buttons of a business table: 导出 (the current search, as .xlsx), and 导入 / 下载模板
 * (the import dialog every importing page shares: a dry run's report, then all rows or the valid
 * ones; components/sheet-import). Import and template need `importPermission` (the page's add code);
 * `keys` are the columns whose values name records to update.
 */
export function useSheetTools<T>(
  api: SheetApi<T>,
  importPermission: PermissionCode,
  keys: SheetImportOptions['keys'] = [],
): SheetTools<T> {
  const search = useRef<QueryParams>({});
  /** How many rows that search holds: what the export's progress says it writes. */
  const total = useRef<number>(undefined);
  const exporting = useExportProgress();
  const exportRun = exporting.run;
  const imports = useSheetImport<T>({ api: api.imports ?? NO_IMPORT, permission: importPermission, keys });

  const list = useCallback<SheetTools<T>['list']>(
    async (current, size, filters) => {
      search.current = filters;
      const page = await api.list(current, size, filters);
      // A business list is paged; a tree's whole list would be its length.
      total.current = Array.isArray(page) ? page.length : (page as { total: number }).total;
      return page;
    },
    [api],
  );

  const actions = useMemo<CrudToolbarAction<T>[]>(
    () => [
      {
        key: 'export',
        label: 'business.sheet.export',
        icon: <ExportOutlined aria-hidden />,
        onClick: () => exportRun((call) => api.exportSheet(search.current, call), total.current),
      },
      ...(api.imports ? imports.actions : []),
    ],
    [api, imports.actions, exportRun],
  );

  const element = (
    <>
      {exporting.element}
      {api.imports && imports.element}
    </>
  );

  return { list, actions, element };
}

/** A page that only exports has no import calls: never called. */
const NO_IMPORT: ImportApi = {
  template: () => Promise.reject(new Error('no import')),
  check: () => Promise.reject(new Error('no import')),
  commit: () => Promise.reject(new Error('no import')),
  reportSheet: () => Promise.reject(new Error('no import')),
};
