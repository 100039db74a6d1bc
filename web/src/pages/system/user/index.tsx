import {
  AuditOutlined,
  CheckCircleOutlined,
  KeyOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import type { ResetPassword, UserInput } from '@console/contract';
import { Flex } from 'antd';
import { useMemo, useState } from 'react';
import './locales';
import * as userApi from '../../../api/system/user';
import * as totpApi from '../../../api/totp';
import { CrudPage, defineCrud, type CrudActionContext, type TextKey } from '../../../crud';
import { importResource } from '../../../api/sheet-import';
import { useSheetImport } from '../../../components/sheet-import/SheetImport';
import { EffectiveRightsDialog } from '../../authority/shared/EffectiveRightsDialog';
import { useIsAdministrator } from '../../authority/shared/effective-rights';
import { DeptFilter } from './DeptFilter';
import { GrantRolesDialog } from './GrantRolesDialog';
import { PlatformDialog } from './PlatformDialog';
import { ResetPasswordsDialog } from './ResetPasswordsDialog';
import { USER_STATUS, userColumns, type UserRow } from './user-columns';

type Context = CrudActionContext<UserRow>;

/** A page dialog's subject, with the page's actions for when it is done. */
interface Opened<S> {
  subject: S;
  context: Context;
  /** Each opening mounts the dialog afresh, so it starts from its subject. */
  key: number;
}

let openings = 0;

/** Asks, calls with the users' ids, then says it worked and shows the users as they are now. */
async function confirmThen(
  context: Context,
  ids: readonly string[],
  question: TextKey,
  call: (ids: readonly string[]) => Promise<unknown>,
  done: TextKey,
) {
  if (!(await context.confirm(question))) return;
  try {
    await call(ids);
  } catch {
    return; // the request layer has said why
  }
  context.success(done);
  await context.refresh();
}

/**
 * Users (/api/blade-user) of the tenant, filtered by a department picked in the tree beside the
 * table. Besides add, edit, view and delete: roles, password reset, unlock, platform settings and
 * approval of pending registrations, each shown only with its button code, and 查看权限 — what the
 * user really gets (`role/effective`) — for administrators, who alone may ask. Passwords are typed
 * when adding only and never shown.
 */
const importApi = importResource('/api/blade-user');
const importKeys = [{ field: 'account', label: 'system.user.account' as const }];

export default function UserPage() {
  const [deptId, setDeptId] = useState<string>();
  const [grant, setGrant] = useState<Opened<readonly UserRow[]>>();
  const [platform, setPlatform] = useState<Opened<UserRow>>();
  const [passwords, setPasswords] = useState<readonly ResetPassword[]>();
  const [viewing, setViewing] = useState<UserRow>();
  const administrator = useIsAdministrator();
  // The import (issue 52): users with departments, posts and roles by name; passwords shown once.
  const sheet = useSheetImport<UserRow>({ api: importApi, permission: 'user_add', keys: importKeys });

  // Built once per kind of user: the actions only set this page's state, whose setters never change.
  const config = useMemo(
    () =>
      defineCrud<UserRow, UserInput>({
        name: 'user',
        title: 'system.user.title',
        rowTitle: 'account',
        api: userApi,
        permissions: { add: 'user_add', edit: 'user_edit', delete: 'user_delete', view: 'user_view' },
        export: { url: '/api/blade-user/export', permission: 'user_export' },
        columns: userColumns,
        toolbarActions: [
          ...sheet.actions,
          {
            key: 'grant',
            label: 'system.user.grant.action',
            icon: <TeamOutlined aria-hidden />,
            permission: 'user_role',
            needsSelection: true,
            onClick: (context) => setGrant({ subject: context.selectedRows, context, key: ++openings }),
          },
          {
            key: 'reset',
            label: 'system.user.reset.action',
            icon: <KeyOutlined aria-hidden />,
            permission: 'user_reset',
            needsSelection: true,
            // The new passwords come back once: the dialog shows them (decision 0014).
            onClick: (context) =>
              confirmThen(
                context,
                context.selectedIds,
                'system.user.reset.confirm',
                async (ids) => setPasswords(await userApi.resetPassword(ids)),
                'system.user.reset.done',
              ),
          },
          {
            key: 'reset-second-factor',
            label: 'system.user.resetSecondFactor.action',
            icon: <SafetyOutlined aria-hidden />,
            permission: 'user_reset',
            needsSelection: true,
            onClick: (context) =>
              confirmThen(
                context,
                context.selectedIds,
                'system.user.resetSecondFactor.confirm',
                totpApi.reset,
                'system.user.resetSecondFactor.done',
              ),
          },
          {
            key: 'unlock',
            label: 'system.user.unlock.action',
            icon: <UnlockOutlined aria-hidden />,
            permission: 'user_unlock',
            needsSelection: true,
            onClick: (context) =>
              confirmThen(
                context,
                context.selectedIds,
                'system.user.unlock.confirm',
                userApi.unlock,
                'system.user.unlock.done',
              ),
          },
          {
            key: 'audit',
            label: 'system.user.audit.action',
            icon: <CheckCircleOutlined aria-hidden />,
            permission: 'user_audit',
            needsSelection: true,
            onClick: (context) =>
              confirmThen(
                context,
                context.selectedIds,
                'system.user.audit.confirm',
                userApi.auditPass,
                'system.user.audit.done',
              ),
          },
        ],
        rowActions: [
          {
            key: 'platform',
            label: 'system.user.platform.action',
            icon: <SettingOutlined aria-hidden />,
            permission: 'user_platform',
            onClick: (row, context) => setPlatform({ subject: row, context, key: ++openings }),
          },
          {
            key: 'audit',
            label: 'system.user.audit.action',
            icon: <CheckCircleOutlined aria-hidden />,
            permission: 'user_audit',
            visible: (row) => row.status === USER_STATUS.PENDING,
            onClick: (row, context) =>
              confirmThen(
                context,
                [row.id],
                'system.user.audit.confirm',
                userApi.auditPass,
                'system.user.audit.done',
              ),
          },
          ...(administrator
            ? [
                {
                  key: 'effective',
                  label: 'authority.effective.action' as const,
                  icon: <AuditOutlined aria-hidden />,
                  onClick: (row: UserRow) => setViewing(row),
                },
              ]
            : []),
        ],
      }),
    [administrator, sheet.actions],
  );
  const params = useMemo(() => ({ deptId }), [deptId]);

  const finish = (opened: Opened<unknown> | undefined, close: () => void) => {
    close();
    opened?.context.success();
    void opened?.context.refresh();
  };

  return (
    <Flex gap={16} align="flex-start" wrap>
      <DeptFilter deptId={deptId} onChange={setDeptId} />
      <div style={{ flex: '1 1 640px', minWidth: 0 }}>
        <CrudPage config={config} params={params}>
          <GrantRolesDialog
            key={`grant-${grant?.key ?? 0}`}
            users={grant?.subject ?? []}
            onClose={() => setGrant(undefined)}
            onGranted={() => finish(grant, () => setGrant(undefined))}
          />
          <PlatformDialog
            key={`platform-${platform?.key ?? 0}`}
            user={platform?.subject}
            onClose={() => setPlatform(undefined)}
            onSaved={() => finish(platform, () => setPlatform(undefined))}
          />
          <ResetPasswordsDialog passwords={passwords} onClose={() => setPasswords(undefined)} />
          {sheet.element}
          <EffectiveRightsDialog
            target={viewing && { userId: viewing.id }}
            name={viewing ? viewing.realName || viewing.account : ''}
            onClose={() => setViewing(undefined)}
          />
        </CrudPage>
      </div>
    </Flex>
  );
}
