import type { LogApi, LogError, LogUsual, PermissionCode } from '@console/contract';
import { useMemo, useState } from 'react';
import * as logApi from '../../../../api/monitor/log';
import type { LogKind, LogRows } from '../../../../api/monitor/log';
import { CrudPage, defineCrud, type CrudColumn, type CrudConfig } from '../../../../crud';
import { LogDetailDialog } from './LogDetailDialog';
import './locales';

// The three logs are one page shape: a read-only list (logs are append-only: no add, edit or
// delete) with the filters the server takes, newest first, and a detail dialog.

/** Every log field, so one column list can name any of them; each page uses its own. */
type AnyLog = LogUsual & LogApi & LogError;
type Column = CrudColumn<AnyLog>;

const createTime: Column = {
  prop: 'createTime',
  label: 'monitor.log.fields.createTime',
  search: { range: true, withTime: true },
  table: { width: 170, sort: true },
};
const requestUri: Column = {
  prop: 'requestUri',
  label: 'monitor.log.fields.requestUri',
  search: true,
  table: { ellipsis: true },
};
const createBy: Column = {
  prop: 'createBy',
  label: 'monitor.log.fields.createBy',
  search: true,
  table: { width: 120 },
};
const remoteIp: Column = {
  prop: 'remoteIp',
  label: 'monitor.log.fields.remoteIp',
  search: true,
  table: { width: 130 },
};
const method: Column = {
  prop: 'method',
  label: 'monitor.log.fields.method',
  search: { op: 'equal' },
  table: { width: 90 },
};
const serverHost: Column = {
  prop: 'serverHost',
  label: 'monitor.log.fields.serverHost',
  table: { width: 140, ellipsis: true },
};

const COLUMNS: Record<LogKind, Column[]> = {
  usual: [
    {
      prop: 'logLevel',
      label: 'monitor.log.fields.logLevel',
      search: { op: 'equal' },
      table: { width: 100 },
    },
    { prop: 'logId', label: 'monitor.log.fields.logId', search: true, table: { width: 140 } },
    { prop: 'logData', label: 'monitor.log.fields.logData', search: true, table: { ellipsis: true } },
    requestUri,
    createBy,
    serverHost,
    createTime,
  ],
  api: [
    { prop: 'title', label: 'monitor.log.fields.title', search: true, table: { ellipsis: true } },
    method,
    requestUri,
    remoteIp,
    {
      prop: 'time',
      label: 'monitor.log.fields.time',
      table: { width: 100, align: 'right', render: (time) => (time ? `${time} ms` : '') },
    },
    createBy,
    createTime,
  ],
  error: [
    {
      prop: 'exceptionName',
      label: 'monitor.log.fields.exceptionName',
      search: true,
      table: { ellipsis: true },
    },
    { prop: 'message', label: 'monitor.log.fields.message', search: true, table: { ellipsis: true } },
    method,
    requestUri,
    createBy,
    createTime,
  ],
};

/** The button code of each log's page (server/src/db/seed/menus.ts); the view button is `<code>_view`. */
const VIEW_CODES = {
  usual: 'log_usual_view',
  api: 'log_api_view',
  error: 'log_error_view',
} as const satisfies Record<LogKind, PermissionCode>;
/** 导出 of each log: its button (GET /api/blade-log/<kind>/export). */
const EXPORT_CODES = {
  usual: 'log_usual_export',
  api: 'log_api_export',
  error: 'log_error_export',
} as const satisfies Record<LogKind, PermissionCode>;
const TITLES = {
  usual: 'monitor.log.usualTitle',
  api: 'monitor.log.apiTitle',
  error: 'monitor.log.errorTitle',
} as const;

/** The kit configuration of one log's page; `openDetail` opens the detail dialog for a row. */
export function logPageConfig<K extends LogKind>(
  kind: K,
  openDetail: (row: LogRows[K]) => void,
): CrudConfig<LogRows[K], never> {
  const config = defineCrud<AnyLog, never>({
    name: `log-${kind}`,
    title: TITLES[kind],
    api: {
      list: (current, size, filters) => logApi.list(kind, current, size, filters) as never,
    },
    // Read-only: no add, edit or delete; the detail is the page's own dialog.
    permissions: {},
    export: { url: `/api/blade-log/${kind}/export`, permission: EXPORT_CODES[kind] },
    columns: COLUMNS[kind],
    defaultSort: [{ field: 'createTime', order: 'descend' }],
    rowActions: [
      {
        key: 'view',
        label: 'crud.action.view',
        permission: VIEW_CODES[kind],
        onClick: (row) => openDetail(row as LogRows[K]),
      },
    ],
  });
  return config as unknown as CrudConfig<LogRows[K], never>;
}

/** The page component of one log. */
export function createLogPage(kind: LogKind) {
  return function LogPage() {
    const [shown, setShown] = useState<string>();
    const config = useMemo(() => logPageConfig(kind, (row) => setShown(row.id)), []);
    return (
      <CrudPage config={config}>
        <LogDetailDialog kind={kind} id={shown} onClose={() => setShown(undefined)} />
      </CrudPage>
    );
  };
}
