import type { Tenant } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Form, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import * as tenantApi from '../../../api/system/tenant';
import { FormDialog } from '../../../crud';
import { splitValues } from '../../../crud/options';
import { packageOptions, packagesQuery } from './packages';

/** 产品包配置: the tenant's current package (package-detail) and the choice of another, or none. */
export function PackageDialog({
  tenant,
  onDone,
  onClose,
}: {
  tenant: Tenant;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const packages = useQuery(packagesQuery);
  const current = useQuery({
    queryKey: ['tenant', 'package-detail', tenant.tenantId],
    queryFn: () => tenantApi.packageDetail(tenant.tenantId),
    gcTime: 0,
  });
  const ready = !current.isPending;
  const pkg = current.data;
  return (
    <FormDialog<{ packageId?: string | null }>
      // A new form once the current package is known, so it starts from it.
      key={ready ? 'ready' : 'loading'}
      name="tenant-package-setting"
      draft={tenant.tenantId}
      open
      title={t('system.tenant.packageSetting')}
      width={600}
      getContainer={false}
      initialValues={{ packageId: pkg?.id ?? tenant.packageId ?? undefined }}
      onSubmit={async (values) => {
        await tenantApi.packageSetting(tenant.tenantId, values.packageId ?? null);
        onDone();
      }}
      onClose={onClose}
    >
      {!ready ? (
        <Spin style={{ display: 'block', padding: 24 }} />
      ) : (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            style={{ marginBottom: 16 }}
            items={[
              { key: 'tenant', label: t('system.tenant.tenantName'), children: tenant.tenantName },
              {
                key: 'package',
                label: t('system.tenant.currentPackage'),
                children: pkg ? pkg.packageName : t('system.tenant.noPackage'),
              },
              ...(pkg
                ? [
                    {
                      key: 'menus',
                      label: t('system.tenant.packageMenus'),
                      children: splitValues(pkg.menuId).length,
                    },
                    { key: 'remark', label: t('system.tenant.packageRemark'), children: pkg.remark ?? '' },
                  ]
                : []),
            ]}
          />
          <Form.Item
            name="packageId"
            label={t('system.tenant.packageId')}
            extra={t('system.tenant.packageSettingHelp')}
          >
            <Select
              options={packageOptions(packages.data ?? [])}
              loading={packages.isFetching}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('crud.placeholder.choose', { label: t('system.tenant.packageId') })}
            />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
