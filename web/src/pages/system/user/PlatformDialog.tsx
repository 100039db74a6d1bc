import { USER_LIMITS } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionary } from '../../../api/system/dict';
import * as userApi from '../../../api/system/user';
import { maxLengthRule } from '../../../crud/rules';
import { useLanguage } from '../../../i18n';
import type { UserRow } from './user-columns';

interface PlatformForm {
  userType: number;
  userExt?: string | null;
}

export interface PlatformDialogProps {
  /** The user whose platform is set; the dialog is open while there is one. */
  user: UserRow | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 平台配置: the user's platform (`userType`, dictionary `user_type`) and that platform's settings
 * (`userExt`), read with `platform-detail` and saved with `update-platform`. Mounted afresh for each
 * opening (the page keys it).
 */
export function PlatformDialog({ user, onClose, onSaved }: PlatformDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [saving, setSaving] = useState(false);
  const open = user !== undefined;
  const detail = useQuery({
    queryKey: ['user', 'platform-detail', user?.id],
    queryFn: () => userApi.platformDetail(user!.id),
    enabled: open,
    gcTime: 0, // always the settings as they are now
  });
  const types = useQuery({
    queryKey: ['user', 'user-types', language],
    queryFn: async () =>
      (await dictionary('user_type')).map((item) => ({ value: Number(item.dictKey), label: item.dictValue })),
    enabled: open,
    staleTime: Infinity,
  });

  const save = async (values: PlatformForm) => {
    if (!user) return;
    setSaving(true);
    try {
      await userApi.updatePlatform(user.id, values.userType, values.userExt?.trim() || null);
      onSaved();
    } catch {
      // The request layer has said why; the input stays.
    } finally {
      setSaving(false);
    }
  };

  const okText = t('crud.dialog.save');
  const ready = detail.data !== undefined;
  return (
    <Modal
      open={open}
      title={`${t('system.user.platform.title')}${user ? ` · ${user.account}` : ''}`}
      width={600}
      onCancel={onClose}
      okText={okText}
      cancelText={t('crud.dialog.cancel')}
      okButtonProps={{ htmlType: 'submit', disabled: !ready, 'aria-label': okText }}
      cancelButtonProps={{ 'aria-label': t('crud.dialog.cancel') }}
      confirmLoading={saving}
      mask={{ closable: false }}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<PlatformForm>
          key={ready ? 'ready' : 'loading'}
          name="user-platform"
          layout="vertical"
          initialValues={ready ? { userType: detail.data.userType, userExt: detail.data.userExt } : undefined}
          onFinish={(values) => void save(values)}
        >
          {dialog}
        </Form>
      )}
    >
      {detail.isError ? (
        <Alert type="error" showIcon title={t('crud.dialog.loadFailed')} />
      ) : !ready ? (
        <Spin style={{ display: 'block', padding: 48 }} />
      ) : (
        <>
          <Form.Item
            name="userType"
            label={t('system.user.userType')}
            rules={[{ required: true, message: t('crud.rule.choose', { label: t('system.user.userType') }) }]}
          >
            <Select options={types.data ?? []} loading={types.isPending} />
          </Form.Item>
          <Form.Item
            name="userExt"
            label={t('system.user.platform.userExt')}
            extra={t('system.user.platform.userExtHelp')}
            rules={[maxLengthRule(t('system.user.platform.userExt'), USER_LIMITS.userExt, t)]}
          >
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} />
          </Form.Item>
        </>
      )}
    </Modal>
  );
}
