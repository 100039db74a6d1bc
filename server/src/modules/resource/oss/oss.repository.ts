import type { Oss } from '@console/contract';
import type { Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';
import {
  ProviderSettingsRepository,
  type WithSealedSecret,
} from '../provider-settings/provider-settings.repository.js';

/** Object storage settings per tenant (blade_oss); the secret key is write-only (S5). */
export const ossTable = defineTable<Oss & { secretKey?: string | null }, 'blade_oss'>(
  'blade_oss',
  { tenantScoped: true },
  {
    category: ['int', { filter: true, sort: true }],
    ossCode: ['string', { filter: true, sort: true }],
    endpoint: ['string', { filter: true }],
    accessKey: ['string', { filter: true }],
    secretKey: ['string', { writeOnly: true }],
    bucketName: ['string', { filter: true }],
    appId: ['string', { filter: true }],
    region: ['string', { filter: true }],
    remark: ['string', { filter: true }],
  },
);

/** A record with its sealed secret key, for building a storage client (never for answers). */
export type OssWithSecret = WithSealedSecret<Oss>;

export class OssRepository extends ProviderSettingsRepository<Oss, 'blade_oss'> {
  constructor(store: Store) {
    super(store, ossTable);
  }
}
