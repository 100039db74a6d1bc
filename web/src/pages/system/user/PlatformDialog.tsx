import { USER_LIMITS } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictionary } from '../../../api/system/dict';
import * as userApi from '../../../api/system/user';
import { FormDialog } from '../../../crud';
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

  const ready = detail.data !== undefined;
  return (
    <FormDialog<PlatformForm>
      open={open}
      name="user-platform"
      draft={user?.id}
      title={`${t('system.user.platform.title')}${user ? ` · ${user.account}` : ''}`}
      width={600}
      okText={t('crud.dialog.save')}
      loading={!ready}
      initialValues={ready ? { userType: detail.data.userType, userExt: detail.data.userExt } : undefined}
      onSubmit={async (values) => {
        if (!user) return;
        await userApi.updatePlatform(user.id, values.userType, values.userExt?.trim() || null);
        onSaved();
      }}
      onClose={onClose}
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
    </FormDialog>
  );
}
