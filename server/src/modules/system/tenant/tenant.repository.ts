import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';

export interface Tenant {
  id: string;
  tenantId: string;
  tenantName: string;
  domain: string | null;
  linkman: string | null;
  contactNumber: string | null;
  address: string | null;
  accountNumber: number;
  expireTime: string | null;
  packageId: string | null;
  datasourceId: string | null;
  status: number;
}

/** Tenants are platform-wide rows (blade_tenant): the table itself is not tenant-scoped. */
export const tenantTable = defineTable<Tenant>(
  'blade_tenant',
  { tenantScoped: false },
  {
    tenantId: ['string', { filter: true, sort: true }],
    tenantName: ['string', { filter: true, sort: true }],
    domain: ['string', { filter: true }],
    backgroundUrl: ['string'],
    linkman: ['string', { filter: true }],
    contactNumber: ['string', { filter: true }],
    address: ['string'],
    accountNumber: ['int'],
    expireTime: ['datetime', { filter: true, sort: true }],
    packageId: ['id', { filter: true }],
    datasourceId: ['id'],
    licenseKey: ['string', { writeOnly: true }],
  },
);

const PLATFORM: Actor = { tenantId: '000000', userId: null, deptId: null };

export interface TenantStanding {
  status: number;
  expiresAt: number | null;
}

export class TenantRepository extends TableRepository<Tenant> {
  constructor(store: Store) {
    super(store, tenantTable);
  }

  /** Whether a tenant may sign in: its status and expiry, or undefined when there is no such tenant. */
  async standing(tenantId: string): Promise<TenantStanding | undefined> {
    const row = await this.scopedSelect(PLATFORM)
      .select(['status', 'expire_time'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) return undefined;
    const expire = row.expire_time as Date | string | null;
    return { status: Number(row.status), expiresAt: expire === null ? null : new Date(expire).getTime() };
  }
}
