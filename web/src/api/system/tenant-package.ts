import type { TenantPackage, TenantPackageInput } from '@console/contract';

import { crudResource } from '../resource';

const BASE = '/api/blade-system/tenant-package';

export const { list, detail, submit, remove } = crudResource<TenantPackage, TenantPackageInput>(BASE);
