import type { Tenant, TenantInput, TenantPackage } from '@console/contract';
import { get, post } from '../request';
import { crudResource } from '../resource';

const BASE = '/api/blade-system/tenant';

export const { list, detail, remove } = crudResource<Tenant, never>(BASE);

/** Creates the tenant (its code generated, its admin account provisioned) without an id; updates with one. */
export function submit(tenant: TenantInput): Promise<Tenant> {
  return post<Tenant>(`${BASE}/submit`, tenant);
}

/** The licence of the tenants: accounts (-1 or empty: unlimited) and expiry (empty: never). */
export function setting(
  ids: readonly string[],
  licence: { accountNumber: number | null; expireTime: string | null },
): Promise<unknown> {
  return post<unknown>(`${BASE}/setting`, undefined, {
    params: {
      ids: ids.join(','),
      accountNumber: licence.accountNumber ?? '',
      expireTime: licence.expireTime ?? '',
    },
  });
}

/** The tenant's package, or null when it has none; `tenantId` is the tenant's code (or row id). */
export function packageDetail(tenantId: string): Promise<TenantPackage | null> {
  return get<TenantPackage | null>(`${BASE}/package-detail`, { tenantId });
}

/** Gives the tenant a package (empty: none); its administrators get the package's menus. */
export function packageSetting(tenantId: string, packageId: string | null): Promise<unknown> {
  return post<unknown>(`${BASE}/package-setting`, undefined, {
    params: { tenantId, packageId: packageId ?? '' },
  });
}

/** Binds the tenant to a data source (empty: unbinds). */
export function datasource(tenantId: string, datasourceId: string | null): Promise<unknown> {
  return post<unknown>(`${BASE}/datasource`, undefined, {
    params: { tenantId, datasourceId: datasourceId ?? '' },
  });
}
