import type { TenantPackage } from '@console/contract';
import * as tenantPackageApi from '../../../api/system/tenant-package';
import type { CrudOption } from '../../../crud';

/** The most packages offered (the largest page the server gives); a platform has a handful. */
const MOST_PACKAGES = 200;

/** The tenant packages, the query shared by the package column and the package dialog. */
export const packagesQuery = {
  queryKey: ['tenant-package', 'choices'] as const,
  queryFn: async (): Promise<TenantPackage[]> => (await tenantPackageApi.list(1, MOST_PACKAGES)).records,
};

export const packageOptions = (packages: readonly TenantPackage[]): CrudOption[] =>
  packages.map((pkg) => ({ value: pkg.id, label: pkg.packageName }));
