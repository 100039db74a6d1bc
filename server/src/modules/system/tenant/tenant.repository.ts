import type { Tenant, TenantOption } from '@console/contract';
import { TenantSchema } from '@console/contract/schema';
import { isId } from '../../../core/ids.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';
import { unscoped } from '../../../core/repository/unscoped.js';
import { PLATFORM } from '../../../core/repository/actors.js';

export type { Tenant };

/** Tenants are platform-wide rows (blade_tenant): the table itself is not tenant-scoped. */
export const tenantTable = defineTable(
  TenantSchema,
  'blade_tenant',
  { tenantScoped: false },
  {
    kinds: { expireTime: 'datetime', packageId: 'id', datasourceId: 'id' },
    filter: [
      'tenantId',
      'tenantName',
      'domain',
      'linkman',
      'contactNumber',
      'address',
      'accountNumber',
      'expireTime',
      'packageId',
      'datasourceId',
    ],
    sort: ['tenantId', 'tenantName', 'accountNumber', 'expireTime', 'uploadQuota', 'uploadUsed'],
    // The license key is not answered, not written by any call (security S5); the upload use is
    // kept by uploads and removals (reserveUpload, releaseUpload), never by a form.
    readOnly: ['licenseKey', 'uploadUsed'],
    writeOnly: { licenseKey: 'string' },
  },
);

export interface TenantStanding {
  status: number;
  expiresAt: number | null;
  /** The single-session policy (SINGLE_SESSION). */
  singleSession: number;
  /** Minutes without a request of its own after which a session ends (0: never). */
  idleTimeoutMinutes: number;
}

export class TenantRepository extends TableRepository<Tenant, 'blade_tenant'> {
  constructor(store: Store) {
    super(store, tenantTable);
  }

  /** Whether a tenant may sign in: its status and expiry, or undefined when there is no such tenant. */
  async standing(tenantId: string): Promise<TenantStanding | undefined> {
    const row = await this.scopedSelect(PLATFORM)
      .select(['status', 'expire_time', 'single_session', 'idle_timeout_minutes'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) return undefined;
    const expire = row.expire_time as Date | string | null;
    return {
      status: Number(row.status),
      expiresAt: expire === null ? null : new Date(expire).getTime(),
      singleSession: Number(row.single_session),
      idleTimeoutMinutes: Number(row.idle_timeout_minutes),
    };
  }

  /**
   * The data source a live tenant's business records are in (decision 0020), or null: the main
   * database (no binding, or no such live tenant).
   */
  async datasourceOf(tenantId: string): Promise<string | null> {
    const row = await this.scopedSelect(PLATFORM)
      .select('datasource_id')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return row?.datasource_id === null || row?.datasource_id === undefined ? null : String(row.datasource_id);
  }

  /**
   * Moves a tenant's binding from one data source (null: none) to another, only if it is still
   * `from`: of two administrators changing it at once, one wins. Answers whether this call did.
   */
  async moveDatasource(actor: Actor, id: string, from: string | null, to: string | null): Promise<boolean> {
    const result = await this.scopedUpdate(actor)
      .set({ datasource_id: to === null ? null : BigInt(to) })
      .where('id', '=', BigInt(id))
      .where((eb) =>
        from === null ? eb('datasource_id', 'is', null) : eb('datasource_id', '=', BigInt(from)),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** `select`: id, code and name of every tenant, or of the one with this code, by code. */
  async options(tenantId?: string): Promise<TenantOption[]> {
    let query = this.scopedSelect(PLATFORM).select(['id', 'tenant_id', 'tenant_name']);
    if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
    const rows = await query.orderBy('tenant_id').execute();
    return rows.map((row) => ({ id: String(row.id), tenantId: row.tenant_id, tenantName: row.tenant_name }));
  }

  /** The tenant with this code (tenant_id). */
  async findByCode(tenantId: string): Promise<Tenant | undefined> {
    const row = await this.scopedSelect(PLATFORM)
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /**
   * The tenant named by its code or by its row id (BladeX's console sends the row id to the
   * package calls and the code to the datasource call; a code has at most 12 characters, an id 19
   * digits, so they cannot meet).
   */
  async findByCodeOrId(value: string): Promise<Tenant | undefined> {
    const row = await this.scopedSelect(PLATFORM)
      .selectAll()
      .where((eb) =>
        isId(value) && value.length > 12 ? eb('id', '=', BigInt(value)) : eb('tenant_id', '=', value),
      )
      .executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /** Whether a code was ever given to a tenant (removed ones included: codes are never reused). */
  async codeTaken(tenantId: string): Promise<boolean> {
    const row = await unscoped(this.store)
      .selectFrom('blade_tenant')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The tenant that answers to a domain (the login page's tenant info). */
  async findByDomain(domain: string): Promise<Tenant | undefined> {
    const row = await this.scopedSelect(PLATFORM)
      .selectAll()
      .where('domain', '=', domain)
      .orderBy('id')
      .executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /**
   * Every tenant's message retention in days, removed tenants included (their messages age out
   * alike): what the purge of old messages reads (message-retention.ts).
   */
  async messageRetentions(): Promise<Array<{ tenantId: string; days: number }>> {
    const rows = await unscoped(this.store)
      .selectFrom('blade_tenant')
      .select(['tenant_id', 'message_retention_days'])
      .orderBy('tenant_id')
      .execute();
    return rows.map((row) => ({ tenantId: row.tenant_id, days: Number(row.message_retention_days) }));
  }

  /** The codes of the live, enabled tenants (a sweep over every tenant: the alerts'). */
  async activeTenantIds(): Promise<string[]> {
    const rows = await unscoped(this.store)
      .selectFrom('blade_tenant')
      .select('tenant_id')
      .where('is_deleted', '=', 0)
      .where('status', '=', 1)
      .orderBy('tenant_id')
      .execute();
    return rows.map((row) => row.tenant_id);
  }

  /** The tenants that have the package (names for messages, codes for grants). */
  async withPackage(packageId: string): Promise<Tenant[]> {
    const rows = await this.scopedSelect(PLATFORM)
      .selectAll()
      .where('package_id', '=', BigInt(packageId))
      .orderBy('id')
      .execute();
    return rows.map((row) => this.toEntity(row));
  }

  /**
   * Takes `bytes` of the tenant's storage quota for a file about to be stored: one conditional
   * update (… where upload_used + bytes <= upload_quota), so that uploads at once, on one process
   * or several, never take more than the quota between them. False when the file does not fit.
   */
  async reserveUpload(tenantId: string, bytes: number): Promise<boolean> {
    // Unscoped: the tenant's own update_user and update_time are not an upload's.
    const result = await unscoped(this.store)
      .updateTable('blade_tenant')
      .set((eb) => ({ upload_used: eb('upload_used', '+', bytes) }))
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where((eb) => eb(eb('upload_used', '+', bytes), '<=', eb.ref('upload_quota')))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives back what a file took: its store failed, or it was removed. */
  async releaseUpload(tenantId: string, bytes: number): Promise<void> {
    await unscoped(this.store)
      .updateTable('blade_tenant')
      .set((eb) => ({ upload_used: eb('upload_used', '-', bytes) }))
      .where('tenant_id', '=', tenantId)
      .execute();
  }

  /** The tenant's storage quota and what its files take (bytes), for the refusal's message. */
  async uploadUsage(tenantId: string): Promise<{ quota: number; used: number } | undefined> {
    const row = await unscoped(this.store)
      .selectFrom('blade_tenant')
      .select(['upload_quota', 'upload_used'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return row && { quota: Number(row.upload_quota), used: Number(row.upload_used) };
  }

  /**
   * The tenant's account limit (-1 unlimited), its row locked for the rest of the transaction on
   * PostgreSQL and MySQL, so that two accounts added at once cannot both take the last place.
   * SQLite serialises writers already. Undefined when there is no such tenant.
   */
  async lockAccountLimit(tenantId: string): Promise<number | undefined> {
    let q = this.scopedSelect(PLATFORM).select('account_number').where('tenant_id', '=', tenantId);
    if (this.store.kind !== 'sqlite') q = q.forUpdate();
    const row = await q.executeTakeFirst();
    return row ? Number(row.account_number) : undefined;
  }
}
