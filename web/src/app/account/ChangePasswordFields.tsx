import type { PasswordPolicy } from '@console/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { describePolicy, passwordPolicyRule } from '../../utils/password-policy';

// The fields of a password change and their rules, one place for both forms that hold them: personal
// info's password tab (pages/info) and the forced change after sign-in (pages/password-change). Each
// form keeps its own submit (api/user's updatePassword hashes what is sent), as the two show the
// server's answer differently.

/**
 * Each form's words: personal info's tab in the shell's (app/layout/locales.ts), the forced change
 * in the sign-in texts' (i18n/locales), as each page has always said them.
 */
const WORDING = {
  info: {
    oldPassword: 'shell.info.oldPassword',
    oldPasswordRequired: 'shell.info.oldPasswordRequired',
    newPassword: 'shell.info.newPassword',
    newPasswordRequired: 'shell.info.newPasswordRequired',
    newPassword1: 'shell.info.newPassword1',
    newPassword1Required: 'shell.info.newPassword1Required',
    mismatch: 'shell.info.passwordMismatch',
  },
  forced: {
    oldPassword: 'password.oldPassword',
    oldPasswordRequired: 'password.oldPasswordRequired',
    newPassword: 'password.newPassword',
    newPasswordRequired: 'password.newPasswordRequired',
    newPassword1: 'password.newPassword1',
    newPassword1Required: 'password.newPassword1Required',
    mismatch: 'password.mismatch',
  },
} as const;

/**
 * The current password, the new one held to the tenant's policy (checked here, before it is hashed:
 * the server sees only the digest) and its confirmation; the form's values are the contract's
 * PasswordChange. Goes inside an antd Form, whose submit waits for the policy (undefined while it loads).
 */
export function ChangePasswordFields({
  policy,
  wording,
}: {
  policy: PasswordPolicy | undefined;
  wording: keyof typeof WORDING;
}) {
  const { t } = useTranslation();
  const words = WORDING[wording];
  const required = (message: string) => ({ required: true, message });
  return (
    <>
      <Form.Item
        name="oldPassword"
        label={t(words.oldPassword)}
        rules={[required(t(words.oldPasswordRequired))]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t(words.newPassword)}
        rules={[required(t(words.newPasswordRequired)), passwordPolicyRule(policy, t)]}
        extra={policy && describePolicy(policy, t)}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t(words.newPassword1)}
        dependencies={['newPassword']}
        rules={[
          required(t(words.newPassword1Required)),
          ({ getFieldValue }) => ({
            validator: (_, value: unknown) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t(words.mismatch))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
