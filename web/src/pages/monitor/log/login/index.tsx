import { ExportOutlined, UnlockOutlined } from '@ant-design/icons';
import { LOGIN_OUTCOMES, type LoginOutcome, type LogLogin } from '@console/contract';
import { Tag } from 'antd';
import { useMemo, useRef } from 'react';
import * as loginLogApi from '../../../../api/monitor/log-login';
import type { QueryParams } from '../../../../api/request';
import { useSession } from '../../../../app/session/session-store';
import {
  CrudPage,
  defineCrud,
  useExportProgress,
  type CrudApi,
  type CrudColumn,
  type CrudConfig,
} from '../../../../crud';
import { useIsPlatformAdmin } from '../../../flow/shared/platform';
import './locales';

// The login log (系统监控 › 日志管理 › 登录日志, issue 48): every sign-in attempt and logout, newest
// first, read-only like the other logs; 导出 writes the search as a sheet, and a row whose account a
// failed sign-in locked offers 解锁 while the lock lasts.

/** Signed in and out read as normal; a lock stands out; every other refusal is a warning. */
const OUTCOME_COLORS: Partial<Record<LoginOutcome, string>> = {
  success: 'success',
  signedOut: 'default',
  locked: 'error',
  addressLocked: 'error',
};

const OUTCOME_OPTIONS = LOGIN_OUTCOMES.map((outcome) => ({
  value: outcome,
  label: `monitor.loginLog.outcome.${outcome}` as const,
}));

/** The columns: the tenant's only for the platform administrator, who reads every tenant's rows. */
function columns(platform: boolean): CrudColumn<LogLogin>[] {
  return [
    {
      prop: 'createTime',
      label: 'monitor.loginLog.fields.createTime',
      search: { range: true, withTime: true },
      table: { content: 'datetime', sort: true },
    },
    {
      prop: 'tenantId',
      label: 'monitor.loginLog.fields.tenantId',
      table: platform ? { content: 'code' } : false,
      form: platform,
    },
    { prop: 'account', label: 'monitor.loginLog.fields.account', search: true, table: { content: 'code' } },
    {
      prop: 'outcome',
      label: 'monitor.loginLog.fields.outcome',
      type: 'select',
      options: OUTCOME_OPTIONS,
      // `outcome` names one outcome exactly (the server reads it so).
      search: true,
      table: {
        render: (outcome, _, { labels }) => (
          <Tag color={OUTCOME_COLORS[outcome] ?? 'warning'}>{labels[0] ?? outcome}</Tag>
        ),
      },
    },
    { prop: 'ip', label: 'monitor.loginLog.fields.ip', search: true, table: { content: 'code' } },
    { prop: 'browser', label: 'monitor.loginLog.fields.browser', table: { secondary: true } },
    { prop: 'os', label: 'monitor.loginLog.fields.os', table: { secondary: true } },
    {
      prop: 'grantType',
      label: 'monitor.loginLog.fields.grantType',
      table: { content: 'code', secondary: true },
    },
    // The detail's only.
    { prop: 'userId', label: 'monitor.loginLog.fields.userId', table: false },
    { prop: 'clientId', label: 'monitor.loginLog.fields.clientId', table: false },
    { prop: 'userAgent', label: 'monitor.loginLog.fields.userAgent', type: 'textarea', table: false },
  ];
}

/** The page's kit configuration; `exportRows` runs 导出 over the search on screen. */
export function loginLogConfig(
  platform: boolean,
  tenantId: string | undefined,
  api: CrudApi<LogLogin, never>,
  exportRows: () => unknown,
): CrudConfig<LogLogin, never> {
  // Unlock works in the caller's own tenant only (the user page's rule): another tenant's locked
  // row, which the platform administrator sees, offers none.
  const unlockable = (row: LogLogin) =>
    row.outcome === 'locked' && row.locked && row.userId !== null && row.tenantId === tenantId;
  return defineCrud<LogLogin, never>({
    name: 'log-login',
    title: 'monitor.loginLog.title',
    rowTitle: 'account',
    api,
    // Read-only: the detail is the kit's view dialog.
    permissions: { view: 'log_login_view' },
    columns: columns(platform),
    defaultSort: [{ field: 'createTime', order: 'descend' }],
    rowActions: [
      {
        key: 'unlock',
        label: 'monitor.loginLog.unlock.action',
        icon: <UnlockOutlined aria-hidden />,
        permission: 'log_login_unlock',
        visible: unlockable,
        onClick: async (row, context) => {
          if (!(await context.confirm('monitor.loginLog.unlock.confirm'))) return;
          try {
            await loginLogApi.unlock([row.userId!]);
          } catch {
            return; // the request layer has said why
          }
          context.success('monitor.loginLog.unlock.done');
          await context.refresh();
        },
      },
    ],
    toolbarActions: [
      {
        key: 'export',
        label: 'monitor.loginLog.export',
        icon: <ExportOutlined aria-hidden />,
        permission: 'log_login_export',
        onClick: exportRows,
      },
    ],
  });
}

export default function LoginLogPage() {
  const platform = useIsPlatformAdmin();
  const tenantId = useSession((state) => state.userInfo?.tenant_id);
  // The filters of the list on screen: what 导出 exports, and how many rows they hold.
  const listed = useRef<QueryParams>({});
  const total = useRef<number>(undefined);
  const exporting = useExportProgress();
  const exportRun = exporting.run;

  const config = useMemo(() => {
    const api: CrudApi<LogLogin, never> = {
      list: async (current, size, filters) => {
        listed.current = filters;
        const page = await loginLogApi.list(current, size, filters);
        total.current = page.total;
        return page;
      },
      detail: loginLogApi.detail,
    };
    const exportRows = () =>
      exportRun((call) => loginLogApi.exportSheet(listed.current, call), total.current);
    return loginLogConfig(platform, tenantId, api, exportRows);
  }, [platform, tenantId, exportRun]);

  return <CrudPage config={config}>{exporting.element}</CrudPage>;
}
