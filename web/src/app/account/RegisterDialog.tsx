import { PASSWORD_POLICY_DEFAULTS } from '@console/contract';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerGuest, type OAuthToken } from '../../api/auth';
import { RequestError } from '../../api/request';
import { LOGIN_PATH } from '../session/guard';
import { logoutLocal } from '../session/session-store';
import { checkPassword, describePolicy, describeShortfall } from '../../utils/password-policy';
import { checkRegistration, type RegisterForm } from './register-check';
import { usePasswordPolicy } from './usePasswordPolicy';

/** What a third-party sign-in without a local user tells about the person (`isUnlinked`). */
export type UnlinkedIdentity = Pick<OAuthToken, 'tenant_id' | 'user_name' | 'oauth_id'>;

interface RegisterDialogProps {
  identity: UnlinkedIdentity;
  onClose: () => void;
}

const FIELDS: (keyof RegisterForm)[] = ['tenantId', 'name', 'account', 'password', 'password2'];

/**
 * Asks for a local account for a third-party identity (spec §2); an administrator approves it
 * before the person can sign in.
 */
export function RegisterDialog(props: RegisterDialogProps) {
  // Its outcome is told in one of antd App's dialogs; the sign-in page around it mounts no App.
  return (
    <App component={false}>
      <RegistrationDialog {...props} />
    </App>
  );
}

function RegistrationDialog({ identity, onClose }: RegisterDialogProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  // The policy of the tenant typed in the form (the public read), checked before the password is hashed.
  const tenantId = (Form.useWatch('tenantId', form) as string | undefined) ?? identity.tenant_id;
  const policy = usePasswordPolicy(tenantId);

  const onFinish = async () => {
    const values = form.getFieldsValue(true) as RegisterForm;
    // The spec's checks, in its order: one message at a time, on the field concerned.
    form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
    const problem = checkRegistration(values);
    if (problem) {
      form.setFields([{ name: problem.field, errors: [t(problem.message)] }]);
      form.focusField(problem.field);
      return;
    }
    // (Read in the moment the tenant was typed; should it not have come yet, the defaults hold.)
    const held = policy ?? PASSWORD_POLICY_DEFAULTS;
    const shortfall = checkPassword(held, values.password);
    if (shortfall) {
      form.setFields([{ name: 'password', errors: [describeShortfall(held, shortfall, t)] }]);
      form.focusField('password');
      return;
    }
    setSubmitting(true);
    setError(undefined);
    try {
      const { tenantId, name, account, password } = values;
      await registerGuest(
        { tenantId: tenantId.trim(), name: name.trim(), account: account.trim(), password },
        identity.oauth_id,
      );
      onClose();
      void modal.success({
        title: t('register.successTitle'),
        content: t('register.success'),
        okText: t('common.ok'),
        // Spec §8: then log out and go to /login (which also drops the provider's code from the URL).
        onOk: () => {
          logoutLocal();
          void navigate(LOGIN_PATH, { replace: true });
        },
      });
    } catch (failure) {
      setError((failure instanceof RequestError && failure.serverMessage) || t('register.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open
      title={t('register.title')}
      okText={t('register.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit' }}
      confirmLoading={submitting}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      // The form wraps the footer too, so the submit button and Enter both submit it.
      modalRender={(dialog) => (
        <Form<RegisterForm>
          form={form}
          name="register"
          layout="vertical"
          onFinish={() => void onFinish()}
          initialValues={{
            tenantId: identity.tenant_id,
            name: identity.user_name,
            account: identity.user_name,
            password: '',
            password2: '',
          }}
        >
          {dialog}
        </Form>
      )}
    >
      <Typography.Paragraph type="secondary">{t('register.intro')}</Typography.Paragraph>
      <Form.Item name="tenantId" label={t('register.tenantId')} required>
        <Input autoComplete="organization" />
      </Form.Item>
      <Form.Item name="name" label={t('register.name')}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item name="account" label={t('register.account')} required>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('register.password')}
        required
        extra={policy && describePolicy(policy, t)}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="password2" label={t('register.password2')} required>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
