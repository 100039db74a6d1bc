import type { Page, TenantPackage, TenantPackageInput } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-system/tenant-package';

/** A page of tenant packages; `filters` use the contract's field-name grammar (`packageName`, …). */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<TenantPackage>> {
  return get<Page<TenantPackage>>(`${BASE}/list`, { ...filters, current, size });
}

export function detail(id: string): Promise<TenantPackage> {
  return get<TenantPackage>(`${BASE}/detail`, { id });
}

/** Creates the package when it has no id, updates it otherwise; `menuId` is comma-joined menu ids. */
export function submit(tenantPackage: TenantPackageInput): Promise<unknown> {
  return post<unknown>(`${BASE}/submit`, tenantPackage);
}

export function remove(ids: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } });
}
