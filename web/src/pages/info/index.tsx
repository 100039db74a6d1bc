import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_LIMITS, USER_INFO_LIMITS, type PasswordChange, type UserInfo } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Tabs,
  Typography,
  Upload,
  type UploadProps,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putAvatar } from '../../api/resource/oss';
import { isTransportFailure } from '../../api/request';
import { info, updateInfo, updatePassword } from '../../api/user';
import { PageSpinner } from '../../app/layout/PageSpinner';
import { updateUserInfo, useSession } from '../../app/session/session-store';
import { PHONE_MESSAGES, phoneProblem } from '../../utils/validate';
import { ChangePasswordFields } from '../../app/account/ChangePasswordFields';
import { usePasswordPolicy } from '../../app/account/usePasswordPolicy';
import { SecondFactorTab } from './SecondFactorTab';
import { useFormDraft } from '../../app/session/useFormDraft';

/** Largest avatar accepted (spec §9: 500 KB), as the server's avatar path checks it. */
export const AVATAR_MAX_BYTES = AVATAR_LIMITS.maxBytes;
const AVATAR_TYPES = ['image/jpeg', 'image/png'];
const AVATAR_EXTENSION = /\.(jpe?g|png)$/i;

/** Why a file cannot be the avatar, checked before it is sent: not jpg/png, or above 500 KB. */
export function avatarProblem(file: {
  type?: string;
  name: string;
  size: number;
}): 'type' | 'size' | undefined {
  const typed = file.type ? AVATAR_TYPES.includes(file.type) : AVATAR_EXTENSION.test(file.name);
  if (!typed) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return undefined;
}

interface InfoForm {
  avatar: string;
  realName: string;
  name: string;
  phone: string;
  email: string;
}

/**
 * The avatar field: the picture and an upload button; its value is the picture's link. An upload
 * goes to the avatar path (put-avatar), which stores it as the user's avatar at once, so the top
 * bar's user menu shows it without waiting for the form's save.
 */
function AvatarField({ value, onChange }: { value?: string; onChange?: (link: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const userId = useSession((state) => state.userInfo?.user_id);
  const [uploading, setUploading] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = avatarProblem(file);
    if (problem === 'type') void message.error(t('shell.info.avatarType'));
    if (problem === 'size') void message.error(t('shell.info.avatarSize'));
    return problem ? Upload.LIST_IGNORE : true;
  };

  const upload = async (file: File) => {
    const stored = await putAvatar(file, file.name);
    updateUserInfo({ avatar: stored.link });
    onChange?.(stored.link);
    void queryClient.invalidateQueries({ queryKey: ['user', userId, 'info'] });
    void message.success(t('shell.info.saved'));
    return stored;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    setUploading(true);
    upload(file as File)
      .then((stored) => onSuccess?.(stored))
      .catch((error: unknown) => {
        // An answered failure has been shown by the request layer; the old avatar stays.
        if (isTransportFailure(error)) void message.error(t('request.unreachable'));
        onError?.(error as Error);
      })
      .finally(() => setUploading(false));
  };

  return (
    <Flex align="center" gap={16}>
      <Avatar size={72} src={value || undefined} icon={<UserOutlined />} alt={t('shell.info.avatar')} />
      <Flex vertical gap={4}>
        <Upload
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          showUploadList={false}
          beforeUpload={beforeUpload}
          customRequest={customRequest}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            {t('shell.info.avatarUpload')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('shell.info.avatarHint')}</Typography.Text>
      </Flex>
    </Flex>
  );
}

/** Empty strings for missing fields: the form's initial values. */
const formOf = (user: UserInfo): InfoForm => ({
  avatar: user.avatar ?? '',
  realName: user.realName ?? '',
  name: user.name ?? '',
  phone: user.phone ?? '',
  email: user.email ?? '',
});

/** Under which key the personal info form's draft is kept (app/session/drafts.ts). */
const INFO_DRAFT = '/info/index|user-info';

function InfoTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const userId = useSession((state) => state.userInfo?.user_id);
  const [saving, setSaving] = useState(false);
  const user = useQuery({ queryKey: ['user', userId, 'info'], queryFn: () => info(), staleTime: 5 * 60_000 });
  const [form] = Form.useForm<InfoForm>();
  // What was typed when the session ended comes back over the record once it is loaded.
  useFormDraft(INFO_DRAFT, form, !user.isPending, () => void message.info(t('crud.message.restored')));

  const phoneRule: Rule = {
    validator: (_, value: unknown) => {
      const problem = phoneProblem(value);
      return problem ? Promise.reject(new Error(t(PHONE_MESSAGES[problem]))) : Promise.resolve();
    },
  };

  const onFinish = async (values: InfoForm) => {
    setSaving(true);
    try {
      const input = {
        avatar: values.avatar || null,
        realName: values.realName.trim(),
        name: values.name.trim() || null,
        phone: values.phone.trim(),
        email: values.email.trim() || null,
      };
      await updateInfo(input);
      updateUserInfo({ real_name: input.realName, avatar: input.avatar ?? '' });
      await queryClient.invalidateQueries({ queryKey: ['user', userId, 'info'] });
      void message.success(t('shell.info.saved'));
    } catch (error) {
      if (isTransportFailure(error)) void message.error(t('request.unreachable'));
    } finally {
      setSaving(false);
    }
  };

  if (user.isPending) return <PageSpinner />;
  // Without the record (the request layer said why) the form still opens, empty.
  const initialValues = user.data ? formOf(user.data) : undefined;

  return (
    // The form takes the record once, when it first renders: a kept-alive tab that shows again keeps
    // what the user typed rather than reloading the record over it.
    <Form<InfoForm>
      form={form}
      name="user-info"
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void onFinish(values)}
      style={{ maxWidth: 480 }}
    >
      <Form.Item name="avatar" label={t('shell.info.avatar')}>
        <AvatarField />
      </Form.Item>
      <Form.Item
        name="realName"
        label={t('shell.info.realName')}
        rules={[{ required: true, whitespace: true, message: t('shell.info.realNameRequired') }]}
      >
        <Input autoComplete="name" maxLength={USER_INFO_LIMITS.realName} />
      </Form.Item>
      <Form.Item name="name" label={t('shell.info.name')}>
        <Input autoComplete="nickname" maxLength={USER_INFO_LIMITS.name} />
      </Form.Item>
      <Form.Item name="phone" label={t('shell.info.phone')} rules={[phoneRule]} required>
        <Input autoComplete="tel" inputMode="numeric" maxLength={USER_INFO_LIMITS.phone} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('shell.info.email')}
        rules={[{ type: 'email', message: t('shell.info.emailInvalid') }]}
      >
        <Input autoComplete="email" maxLength={USER_INFO_LIMITS.email} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('shell.info.save')}
      </Button>
    </Form>
  );
}

function PasswordTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordChange>();
  const [saving, setSaving] = useState(false);
  // The tenant's policy, checked before the password is hashed (the server sees only the digest).
  const policy = usePasswordPolicy();

  const onFinish = async (values: PasswordChange) => {
    setSaving(true);
    try {
      await updatePassword(values);
      form.resetFields();
      void message.success(t('shell.info.saved'));
    } catch (error) {
      if (isTransportFailure(error)) void message.error(t('request.unreachable'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<PasswordChange>
      form={form}
      name="change-password"
      layout="vertical"
      onFinish={(values) => void onFinish(values)}
      style={{ maxWidth: 480 }}
    >
      <ChangePasswordFields policy={policy} wording="info" />
      <Button type="primary" htmlType="submit" loading={saving} disabled={!policy}>
        {t('shell.info.save')}
      </Button>
    </Form>
  );
}

/**
 * Personal info (spec §2): the user's own details and avatar, a password change, and the second
 * factor (issue 48).
 */
export default function InfoPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Tabs
        items={[
          { key: 'info', label: t('shell.info.tabInfo'), children: <InfoTab /> },
          { key: 'password', label: t('shell.info.tabPassword'), children: <PasswordTab /> },
          { key: 'second-factor', label: t('secondFactor.title'), children: <SecondFactorTab /> },
        ]}
      />
    </Card>
  );
}
