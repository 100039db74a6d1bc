import { DownloadOutlined, ExportOutlined, ImportOutlined } from '@ant-design/icons';
import type { PermissionCode } from '@console/contract';
import { Alert, App, Button, Modal, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportResult } from '../../../api/business/sheets';
import type { DownloadedFile, DownloadOptions } from '../../../api/files';
import { isTransportFailure, RequestError, type QueryParams } from '../../../api/request';
import {
  useExportProgress,
  useStableHandler,
  type CrudActionContext,
  type CrudApi,
  type CrudToolbarAction,
  type TextKey,
} from '../../../crud';
import { saveFile } from '../../../utils/save-file';
import './sheet-locales';

/** A business resource's list and Excel calls (web/src/api/business/sheets.ts). */
export interface SheetApi<T> {
  list: CrudApi<T, unknown>['list'];
  exportSheet: (search: QueryParams, options?: DownloadOptions) => Promise<DownloadedFile>;
  template: () => Promise<DownloadedFile>;
  importSheet: (file: Blob, fileName: string) => Promise<ImportResult>;
}

export interface SheetTools<T> {
  /** The page's list call: it notes the filters of the list on screen, which 导出 exports. */
  list: CrudApi<T, unknown>['list'];
  /** 导出, 导入 and 下载模板, for the page's `toolbarActions`. */
  actions: CrudToolbarAction<T>[];
  /** The file picker and the import-failure dialog: render them inside the page (CrudPage's children). */
  element: ReactNode;
}

const XLSX_TYPES = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** One message at a time for the Excel calls: "importing…" is replaced by what came of it. */
const MESSAGE_KEY = 'business-sheet';

/** A failed import's message, one problem a line (the server lists each row's). */
export const problemsOf = (text: string): string[] =>
  text
    .split(/\r?\n|[;；]/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * The Excel buttons of a business table: 导出 (the current search, as .xlsx), 导入 (a filled sheet:
 * all its rows or none; on failure the server's message, row by row, in a dialog that holds a long
 * one) and 下载模板. Import and template need `importPermission` (the page's add code).
 */
export function useSheetTools<T>(api: SheetApi<T>, importPermission: PermissionCode): SheetTools<T> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const search = useRef<QueryParams>({});
  /** How many rows that search holds: what the export's progress says it writes. */
  const total = useRef<number>(undefined);
  const exporting = useExportProgress();
  const exportRun = exporting.run;
  const fileInput = useRef<HTMLInputElement>(null);
  const importing = useRef<CrudActionContext<T>>(undefined);
  const [failure, setFailure] = useState<string>();

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

  const download = useStableHandler(async (load: () => Promise<DownloadedFile>, working: TextKey) => {
    void message.open({ key: MESSAGE_KEY, type: 'loading', content: t(working), duration: 0 });
    try {
      saveFile(await load());
    } catch (error) {
      // A refusal was reported by the request layer; a lost connection is said here.
      if (isTransportFailure(error)) void message.error(t('request.unreachable'));
    } finally {
      message.destroy(MESSAGE_KEY);
    }
  });

  const pick = useStableHandler((context: CrudActionContext<T>) => {
    importing.current = context;
    fileInput.current?.click();
  });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // the same file may be chosen again after it is fixed
    if (!file) return;
    if (!/\.xlsx$/i.test(file.name)) {
      void message.warning(t('business.sheet.notXlsx'));
      return;
    }
    void message.open({
      key: MESSAGE_KEY,
      type: 'loading',
      content: t('business.sheet.importing'),
      duration: 0,
    });
    let imported: number;
    try {
      ({ imported } = await api.importSheet(file, file.name));
    } catch (error) {
      message.destroy(MESSAGE_KEY);
      // The server's refusal lists each row's problem: a dialog holds a long one. The request layer
      // has shown it briefly too; a lost connection is said here.
      if (error instanceof RequestError) setFailure(error.serverMessage ?? error.message);
      else if (isTransportFailure(error)) void message.error(t('request.unreachable'));
      return;
    }
    void message.open({
      key: MESSAGE_KEY,
      type: 'success',
      content: t('business.sheet.imported', { count: imported }),
    });
    await importing.current?.refresh();
  };

  const actions = useMemo<CrudToolbarAction<T>[]>(
    () => [
      {
        key: 'export',
        label: 'business.sheet.export',
        icon: <ExportOutlined aria-hidden />,
        onClick: () => exportRun((call) => api.exportSheet(search.current, call), total.current),
      },
      {
        key: 'import',
        label: 'business.sheet.import',
        icon: <ImportOutlined aria-hidden />,
        permission: importPermission,
        onClick: pick,
      },
      {
        key: 'template',
        label: 'business.sheet.template',
        icon: <DownloadOutlined aria-hidden />,
        permission: importPermission,
        onClick: () => download(api.template, 'business.sheet.downloading'),
      },
    ],
    [api, importPermission, download, pick, exportRun],
  );

  const problems = failure === undefined ? [] : problemsOf(failure);
  const close = () => setFailure(undefined);
  const element = (
    <>
      {exporting.element}
      <input
        ref={fileInput}
        type="file"
        accept={XLSX_TYPES}
        hidden
        aria-label={t('business.sheet.file')}
        onChange={(event) => void onFile(event)}
      />
      <Modal
        open={failure !== undefined}
        title={t('business.sheet.failedTitle')}
        width={640}
        onCancel={close}
        destroyOnHidden
        footer={
          <Button type="primary" onClick={close}>
            {t('business.sheet.close')}
          </Button>
        }
      >
        <Alert type="error" showIcon title={t('business.sheet.failedHint')} style={{ marginBottom: 12 }} />
        <div
          role="region"
          aria-label={t('business.sheet.failedTitle')}
          // Focusable, so a long list scrolls from the keyboard too.
          tabIndex={0}
          style={{ maxHeight: 360, overflow: 'auto' }}
        >
          {problems.length > 1 ? (
            <ol style={{ margin: 0, paddingInlineStart: 24 }}>
              {problems.map((problem, at) => (
                <li key={at}>{problem}</li>
              ))}
            </ol>
          ) : (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {failure}
            </Typography.Paragraph>
          )}
        </div>
      </Modal>
    </>
  );

  return { list, actions, element };
}
