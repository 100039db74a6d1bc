import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Modal, Spin, Tree, Typography } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import * as userApi from '../../../api/system/user';
import { ROLE_CHOICES_KEY, loadRoleChoices, type UserRow } from './user-columns';

import { toTreeData } from './tree-data';

export interface GrantRolesDialogProps {
  /** The users whose roles are set; the dialog is open while there are some. */
  users: readonly UserRow[];
  onClose: () => void;
  /** The roles were saved. */
  onGranted: () => void;
}

/**
 * 角色配置: the roles of the selected users become exactly the checked ones (`blade-user/grant`).
 * Roles are checked one by one: a parent role does not bring the roles below it. One user's
 * current roles start checked; several users start from none, since theirs may differ.
 * Mounted afresh for each opening (the page keys it), so it starts from the users given.
 */
export function GrantRolesDialog({ users, onClose, onGranted }: GrantRolesDialogProps) {
  const { t } = useTranslation();
  const open = users.length > 0;
  const roles = useQuery({ queryKey: ROLE_CHOICES_KEY, queryFn: loadRoleChoices, enabled: open });
  const treeData = useMemo(() => toTreeData(roles.data ?? []), [roles.data]);
  const [checked, setChecked] = useState<string[]>(() =>
    users.length === 1 ? (users[0]!.roleId ?? '').split(',').filter(Boolean) : [],
  );
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (checked.length === 0) {
      setMissing(true);
      return;
    }
    setSaving(true);
    try {
      await userApi.grant(
        users.map((user) => user.id),
        checked,
      );
      onGranted();
    } catch {
      // The request layer has said why; the choice stays for another try.
    } finally {
      setSaving(false);
    }
  };

  const onCheck = (keys: Key[] | { checked: Key[] }) => {
    const next = (Array.isArray(keys) ? keys : keys.checked).map(String);
    setChecked(next);
    if (next.length > 0) setMissing(false);
  };

  return (
    <Modal
      open={open}
      title={t('system.user.grant.title')}
      width={420}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('crud.confirm.ok')}
      cancelText={t('crud.dialog.cancel')}
      okButtonProps={{ 'aria-label': t('crud.confirm.ok'), disabled: roles.isPending }}
      cancelButtonProps={{ 'aria-label': t('crud.dialog.cancel') }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('system.user.grant.forUsers', {
          count: users.length,
          names: users.map((user) => user.account).join(', '),
        })}
      </Typography.Paragraph>
      {roles.isPending ? (
        <Spin style={{ display: 'block', padding: 24 }} />
      ) : treeData.length === 0 ? (
        <Empty description={t('system.user.grant.empty')} />
      ) : (
        <Tree
          aria-label={t('system.user.grant.roles')}
          checkable
          checkStrictly
          selectable={false}
          defaultExpandAll
          treeData={treeData}
          checkedKeys={checked}
          onCheck={onCheck}
          style={{ maxHeight: 360, overflow: 'auto' }}
        />
      )}
      {missing && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('system.user.grant.rolesRequired')}
          style={{ marginTop: 12 }}
        />
      )}
    </Modal>
  );
}
