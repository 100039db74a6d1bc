import type { Oss } from '@console/contract';
import { OssSchema } from '@console/contract/schema';
import type { Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';
import {
  ProviderSettingsRepository,
  type WithSealedSecret,
} from '../provider-settings/provider-settings.repository.js';

/** Object storage settings per tenant (blade_oss); the secret key is write-only (S5). */
export const ossTable = defineTable(
  OssSchema,
  'blade_oss',
  { tenantScoped: true },
  {
    filter: ['category', 'ossCode', 'endpoint', 'accessKey', 'bucketName', 'appId', 'region', 'remark'],
    sort: ['category', 'ossCode'],
    writeOnly: { secretKey: 'string' },
  },
);

/** A record with its sealed secret key, for building a storage client (never for answers). */
export type OssWithSecret = WithSealedSecret<Oss>;

export class OssRepository extends ProviderSettingsRepository<Oss, 'blade_oss'> {
  constructor(store: Store) {
    super(store, ossTable);
  }
}
