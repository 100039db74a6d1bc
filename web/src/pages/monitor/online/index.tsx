import type { OnlineSession } from '@console/contract';
import { LogoutOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import * as onlineApi from '../../../api/monitor/online';
import { CrudPage, defineCrud, type CrudActionContext, type CrudColumn } from '../../../crud';
import './locales';

type Column = CrudColumn<OnlineSession>;

const columns: Column[] = [
  {
    prop: 'account',
    label: 'monitor.online.fields.account',
    search: true,
    table: {
      content: 'code',
      render: (account, row, { t }) =>
        row.current ? (
          <>
            {String(account)} <Tag color="blue">{t('monitor.online.current')}</Tag>
          </>
        ) : (
          String(account)
        ),
    },
  },
  { prop: 'realName', label: 'monitor.online.fields.realName' },
  { prop: 'tenantId', label: 'monitor.online.fields.tenantId', search: true, table: { content: 'code' } },
  { prop: 'deptName', label: 'monitor.online.fields.deptName', table: { secondary: true } },
  { prop: 'ip', label: 'monitor.online.fields.ip', search: true, table: { content: 'code' } },
  { prop: 'browser', label: 'monitor.online.fields.browser' },
  { prop: 'os', label: 'monitor.online.fields.os' },
  { prop: 'clientId', label: 'monitor.online.fields.clientId', table: { secondary: true } },
  { prop: 'grantType', label: 'monitor.online.fields.grantType', table: { secondary: true } },
  { prop: 'loginTime', label: 'monitor.online.fields.loginTime', table: { content: 'datetime', sort: true } },
  {
    prop: 'lastActiveTime',
    label: 'monitor.online.fields.lastActiveTime',
    table: { content: 'datetime', sort: true },
  },
];

/**
 * 强退 of the sessions, after a confirmation that says so when the caller's own session is among
 * them (the caller is then signed out too, by the stream's reason and the next call's 401).
 */
async function endSessions(rows: readonly OnlineSession[], context: CrudActionContext<OnlineSession>) {
  const own = rows.some((row) => row.current);
  if (!(await context.confirm(own ? 'monitor.online.logout.confirmOwn' : 'monitor.online.logout.confirm')))
    return;
  try {
    await onlineApi.logout(rows.map((row) => row.id));
  } catch {
    // The request layer has said why (a session already gone): the list shows what is live now.
    await context.refresh();
    return;
  }
  context.success('monitor.online.logout.done');
  await context.refresh();
}

const config = defineCrud<OnlineSession, never>({
  name: 'online',
  title: 'monitor.online.title',
  rowTitle: 'account',
  api: { list: onlineApi.list },
  // Read-only rows: no add, edit or view; 强退 is the page's own action.
  permissions: {},
  export: { url: '/api/blade-system/online/export', permission: 'online_export' },
  columns,
  defaultSort: [{ field: 'loginTime', order: 'descend' }],
  toolbarActions: [
    {
      key: 'logout',
      label: 'monitor.online.logout.action',
      icon: <LogoutOutlined aria-hidden />,
      permission: 'online_logout',
      danger: true,
      needsSelection: true,
      onClick: (context) => endSessions(context.selectedRows, context),
    },
  ],
  rowActions: [
    {
      key: 'logout',
      label: 'monitor.online.logout.action',
      permission: 'online_logout',
      danger: true,
      onClick: (row, context) => endSessions([row], context),
    },
  ],
});

/** 在线用户 (issue 48): every live sign-in session the caller may see, and 强退. */
export default function OnlinePage() {
  return <CrudPage config={config} />;
}
