import type { Hospital, Page } from '@console/contract';
import { HospitalSchema } from '@console/contract/schema';
import type { ListQuery } from '../../../core/list-query.js';
import { platformStore, type Actor, type Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';
import { unscoped } from '../../../core/repository/unscoped.js';

/** Hospitals (zx_hospital): where a tenant's machines stand. */
export const hospitalTable = defineTable(
  HospitalSchema,
  'zx_hospital',
  { tenantScoped: true },
  {
    kinds: { maintainerId: 'id' },
    // The region's names come from the region module, the maintainer's from the users (page,
    // findById below).
    computed: { provinceName: true, cityName: true, districtName: true, maintainerName: true },
    filter: [
      'hospitalCode',
      'hospitalName',
      'level',
      'regionCode',
      'address',
      'contactName',
      'contactPhone',
      'remark',
    ],
    sort: ['hospitalCode', 'hospitalName', 'level', 'regionCode'],
  },
);

type RegionNames = Pick<Hospital, 'provinceName' | 'cityName' | 'districtName'>;
const NO_NAMES: RegionNames = { provinceName: null, cityName: null, districtName: null };

export class HospitalRepository extends TableRepository<Hospital, 'zx_hospital'> {
  constructor(store: Store) {
    super(store, hospitalTable);
  }

  override async page(actor: Actor, query: ListQuery): Promise<Page<Hospital>> {
    const page = await super.page(actor, query);
    return { ...page, records: await this.withNames(actor, page.records) };
  }

  override async findById(actor: Actor, id: string): Promise<Hospital | undefined> {
    const hospital = await super.findById(actor, id);
    return hospital ? (await this.withNames(actor, [hospital]))[0] : undefined;
  }

  /** The region's and the maintainer's names. */
  private async withNames(actor: Actor, hospitals: Hospital[]): Promise<Hospital[]> {
    const names = await this.tenantUsers(
      actor.tenantId,
      hospitals.map((h) => h.maintainerId),
    );
    return (await this.withRegionNames(hospitals)).map((h) => ({
      ...h,
      maintainerName: h.maintainerId ? (names.get(h.maintainerId) ?? null) : null,
    }));
  }

  /**
   * The live users of the tenant among ids, with their names (a maintainer is one of them): read in
   * the main database, whichever database the tenant's hospitals are in.
   */
  async tenantUsers(tenantId: string, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
    if (wanted.length === 0) return new Map();
    const rows = await unscoped(platformStore(this.store))
      .selectFrom('blade_user')
      .select(['id', 'real_name', 'name', 'account'])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where(
        'id',
        'in',
        wanted.map((id) => BigInt(id)),
      )
      .execute();
    return new Map(rows.map((r) => [String(r.id), r.real_name || r.name || r.account]));
  }

  /** The live user of the tenant with this account (a sheet names a maintainer by account). */
  async tenantUserByAccount(tenantId: string, account: string): Promise<string | undefined> {
    const row = await unscoped(platformStore(this.store))
      .selectFrom('blade_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('account', '=', account)
      .executeTakeFirst();
    return row ? String(row.id) : undefined;
  }

  /** The maintainer of a live hospital of the tenant (grants not applied: a machine's hospital). */
  async maintainerOf(actor: Actor, id: string): Promise<string | null> {
    const row = await this.scopedSelect(actor)
      .select('maintainer_id')
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return row?.maintainer_id == null ? null : String(row.maintainer_id);
  }

  async findByCode(actor: Actor, hospitalCode: string): Promise<Hospital | undefined> {
    const row = await this.scopedSelect(actor)
      .selectAll()
      .where('hospital_code', '=', hospitalCode)
      .executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /** Names of the province, city and district of each hospital's region (one query for all). */
  async withRegionNames(hospitals: Hospital[]): Promise<Hospital[]> {
    const codes = [...new Set(hospitals.map((h) => h.regionCode).filter((c): c is string => Boolean(c)))];
    if (codes.length === 0) return hospitals.map((h) => ({ ...h, ...NO_NAMES }));
    // Regions are platform reference data (in the main database): no tenant, no soft delete.
    const rows = await unscoped(platformStore(this.store))
      .selectFrom('blade_region')
      .select(['code', 'province_name', 'city_name', 'district_name'])
      .where('code', 'in', codes)
      .execute();
    const byCode = new Map(rows.map((r) => [r.code, r]));
    return hospitals.map((h) => {
      const region = h.regionCode ? byCode.get(h.regionCode) : undefined;
      return {
        ...h,
        provinceName: region?.province_name ?? null,
        cityName: region?.city_name ?? null,
        districtName: region?.district_name ?? null,
      };
    });
  }

  /** Whether a region code exists (a hospital names one of the region module's codes). */
  async regionExists(code: string): Promise<boolean> {
    return Boolean(
      await unscoped(platformStore(this.store))
        .selectFrom('blade_region')
        .select('code')
        .where('code', '=', code)
        .executeTakeFirst(),
    );
  }

  /**
   * The names of the tenant's hospitals among ids, whether or not the caller's grants reach them
   * (a machine or refund shown names its hospital). Removed hospitals keep their name here.
   */
  async namesOf(actor: Actor, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
    if (wanted.length === 0) return new Map();
    const rows = await unscoped(this.store)
      .selectFrom('zx_hospital')
      .select(['id', 'hospital_name'])
      .where('tenant_id', '=', actor.tenantId)
      .where(
        'id',
        'in',
        wanted.map((id) => BigInt(id)),
      )
      .execute();
    return new Map(rows.map((r) => [String(r.id), r.hospital_name]));
  }
}
