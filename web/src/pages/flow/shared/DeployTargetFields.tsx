import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFlowCategoryOptions } from './category';
import { useIsPlatformAdmin, useTenantOptions } from './platform';
import './locales';

/** The deployment forms' values: the category stored with it, and the tenants it goes to. */
export interface DeployTargetValues {
  category?: string;
  /** The platform administrator's choice; none: the caller's tenant. */
  tenantIds?: string[];
}

/**
 * Where a deployment goes, as form fields: its category (the `flow` dictionary, stored as
 * `flow_<key>`) and, for the platform administrator only, the tenants (several at once).
 */
export function DeployTargetFields({
  categoryRequired,
  categoryHelp,
}: {
  categoryRequired: boolean;
  categoryHelp?: string;
}) {
  const { t } = useTranslation();
  const categories = useFlowCategoryOptions();
  const platform = useIsPlatformAdmin();
  const tenants = useTenantOptions(platform);
  return (
    <>
      <Form.Item
        name="category"
        label={t('flow.shared.deployCategory')}
        extra={categoryHelp}
        rules={categoryRequired ? [{ required: true, message: t('flow.shared.deployCategoryRequired') }] : []}
      >
        <Select
          allowClear={!categoryRequired}
          loading={categories.loading}
          options={categories.options}
          placeholder={t('flow.shared.deployCategoryRequired')}
        />
      </Form.Item>
      {platform && (
        <Form.Item name="tenantIds" label={t('flow.shared.tenants')} extra={t('flow.shared.tenantsHelp')}>
          <Select
            mode="multiple"
            allowClear
            loading={tenants.loading}
            options={tenants.options}
            optionFilterProp="label"
            placeholder={t('flow.shared.tenantsPlaceholder')}
          />
        </Form.Item>
      )}
    </>
  );
}
