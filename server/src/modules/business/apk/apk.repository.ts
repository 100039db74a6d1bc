import { type Apk } from '@console/contract';
import { ApkSchema } from '@console/contract/schema';
import { APK_PUBLISH_STATUS } from '@console/contract/business';
import type { Actor, Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';

/** Apk releases (zx_apk): versions of the machines' app, drafted, published and withdrawn. */
export const apkTable = defineTable(
  ApkSchema,
  'zx_apk',
  { tenantScoped: true },
  {
    kinds: { attachId: 'id', publishTime: 'datetime' },
    filter: [
      'appName',
      'packageName',
      'versionName',
      'versionCode',
      'md5',
      'forceUpdate',
      'releaseNotes',
      'publishStatus',
      'publishTime',
    ],
    sort: [
      'appName',
      'packageName',
      'versionName',
      'versionCode',
      'fileSize',
      'publishStatus',
      'publishTime',
    ],
  },
);

export class ApkRepository extends TableRepository<Apk, 'zx_apk'> {
  constructor(store: Store) {
    super(store, apkTable);
  }

  async findVersion(actor: Actor, packageName: string, versionCode: number): Promise<Apk | undefined> {
    const row = await this.scopedSelect(actor)
      .selectAll()
      .where('package_name', '=', packageName)
      .where('version_code', '=', versionCode)
      .executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /** The newest published version of a package in the actor's tenant (other than exceptId). */
  async newestPublished(actor: Actor, packageName: string, exceptId?: string): Promise<Apk | undefined> {
    let q = this.scopedSelect(actor)
      .selectAll()
      .where('package_name', '=', packageName)
      .where('publish_status', '=', APK_PUBLISH_STATUS.PUBLISHED);
    if (exceptId) q = q.where('id', '<>', BigInt(exceptId));
    const row = await q.orderBy('version_code', 'desc').limit(1).executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /** The newest published version of each package. */
  async newestPublishedOfEach(actor: Actor): Promise<Map<string, Apk>> {
    const rows = await this.scopedSelect(actor)
      .selectAll()
      .where('publish_status', '=', APK_PUBLISH_STATUS.PUBLISHED)
      .orderBy('version_code', 'asc')
      .execute();
    // Ascending: the newest of a package is set last.
    return new Map(rows.map((row) => this.toEntity(row)).map((apk) => [apk.packageName, apk]));
  }

  /** The version names of (package, code) pairs, keyed `package:code`. */
  async versionNames(
    actor: Actor,
    pairs: ReadonlyArray<{ packageName: string; versionCode: number }>,
  ): Promise<Map<string, string>> {
    if (pairs.length === 0) return new Map();
    const rows = await this.scopedSelect(actor)
      .select(['package_name', 'version_code', 'version_name'])
      .where('package_name', 'in', [...new Set(pairs.map((p) => p.packageName))])
      .execute();
    return new Map(rows.map((r) => [`${r.package_name}:${Number(r.version_code)}`, r.version_name]));
  }
}
