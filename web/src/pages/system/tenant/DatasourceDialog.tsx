import type { Tenant } from '@console/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import * as tenantApi from '../../../api/system/tenant';
import { ActionDialog } from './ActionDialog';

/** A data source's id: the server's 64-bit ids are decimal texts. */
const ID = /^\d{1,19}$/;

/**
 * 数据源配置: binds the tenant to a data source by its id. The server has no data source list yet
 * (it comes with the data source issue), so the id is typed in, with a note saying so.
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
  return (
    <ActionDialog<{ datasourceId?: string }>
      name="tenant-datasource"
      title="system.tenant.datasource"
      initialValues={{ datasourceId: tenant.datasourceId ?? '' }}
      onSubmit={async (values) => {
        await tenantApi.datasource(tenant.tenantId, values.datasourceId?.trim() || null);
        onDone();
      }}
      onClose={onClose}
    >
      <Form.Item
        name="datasourceId"
        label={t('system.tenant.datasourceId')}
        extra={t('system.tenant.datasourceHelp')}
        rules={[{ pattern: ID, message: t('system.tenant.datasourceInvalid') }]}
      >
        <Input allowClear autoComplete="off" />
      </Form.Item>
    </ActionDialog>
  );
}
