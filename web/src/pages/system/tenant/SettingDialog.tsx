import { UNLIMITED_ACCOUNTS, type Tenant } from '@console/contract';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as tenantApi from '../../../api/system/tenant';
import { FormDialog } from '../../../crud';
import { AccountNumberField, ExpireTimeField } from './fields';

interface LicenceValues {
  accountNumber: number | null;
  expireTime: string | null;
}

/** 授权配置: the account limit and expiry of the selected tenants, set together. */
export function SettingDialog({
  tenants,
  onDone,
  onClose,
}: {
  tenants: readonly Tenant[];
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // One tenant: its licence as it is; several: a fresh one for all of them.
  const only = tenants.length === 1 ? tenants[0] : undefined;
  return (
    <FormDialog<LicenceValues>
      name="tenant-setting"
      draft={tenants.map((tenant) => tenant.tenantId).join(',')}
      open
      title={t('system.tenant.setting')}
      width={600}
      getContainer={false}
      initialValues={{
        accountNumber: only?.accountNumber ?? UNLIMITED_ACCOUNTS,
        expireTime: only?.expireTime ?? null,
      }}
      onSubmit={async (values) => {
        await tenantApi.setting(
          tenants.map((tenant) => tenant.id),
          { accountNumber: values.accountNumber ?? null, expireTime: values.expireTime ?? null },
        );
        onDone();
      }}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">
        {t('system.tenant.settingCount', { count: tenants.length })}
        {only ? `：${only.tenantName}` : ''}
      </Typography.Paragraph>
      <Form.Item
        name="accountNumber"
        label={t('system.tenant.accountNumber')}
        extra={t('system.tenant.settingAccountHelp')}
      >
        <AccountNumberField />
      </Form.Item>
      <Form.Item
        name="expireTime"
        label={t('system.tenant.expireTime')}
        extra={t('system.tenant.settingExpireHelp')}
      >
        <ExpireTimeField />
      </Form.Item>
    </FormDialog>
  );
}
