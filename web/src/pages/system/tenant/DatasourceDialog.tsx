import type { Tenant } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import * as datasourceApi from '../../../api/develop/datasource';
import * as tenantApi from '../../../api/system/tenant';
import { FormDialog } from '../../../crud';

const KIND_LABELS = { postgres: 'PostgreSQL', mysql: 'MySQL / MariaDB', sqlite: 'SQLite' } as const;

/**
 * 数据源配置: binds the tenant to one of the data sources of 研发工具 › 数据源管理, picked by name;
 * cleared, the tenant is unbound.
 */
export function DatasourceDialog({
  tenant,
  onDone,
  onClose,
}: {
  tenant: Tenant;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const sources = useQuery({ queryKey: ['develop', 'datasource', 'select'], queryFn: datasourceApi.select });
  const options = (sources.data ?? []).map((source) => ({
    value: source.id,
    label: `${source.name} (${KIND_LABELS[source.kind]})`,
  }));
  return (
    <FormDialog<{ datasourceId?: string | null }>
      name="tenant-datasource"
      draft={tenant.tenantId}
      open
      title={t('system.tenant.datasource')}
      width={600}
      getContainer={false}
      initialValues={{ datasourceId: tenant.datasourceId ?? null }}
      onSubmit={async (values) => {
        await tenantApi.datasource(tenant.tenantId, values.datasourceId || null);
        onDone();
      }}
      onClose={onClose}
    >
      <Form.Item
        name="datasourceId"
        label={t('system.tenant.datasourceId')}
        extra={t('system.tenant.datasourceHelp')}
      >
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          loading={sources.isPending}
          options={options}
          placeholder={t('system.tenant.datasourceNone')}
          notFoundContent={sources.isError ? t('system.tenant.datasourceLoadFailed') : undefined}
        />
      </Form.Item>
    </FormDialog>
  );
}
