import type { Hospital, HospitalInput } from '@console/contract';
import { TenantEntityService, found } from '../../../core/entity-service.js';
import { badRequest } from '../../../core/errors.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import { MachineRepository } from '../machine/machine.repository.js';
import { HospitalRepository, hospitalTable } from './hospital.repository.js';
import type { Language } from '../../../core/i18n.js';
import { CellError, type ImportColumn, type SheetImporter } from '../../../core/workbook/sheet-import.js';
import { HospitalImportSchema, type HospitalImport } from './hospital.sheet.js';

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export class HospitalService extends TenantEntityService<
  Hospital,
  HospitalInput,
  'zx_hospital',
  HospitalRepository
> {
  constructor(stores: TenantStores) {
    super(stores, hospitalTable, (s) => new HospitalRepository(s));
  }

  /**
   * The values of a submitted hospital, checked (a code once per tenant, a region that exists, a
   * maintainer who is a live user of the tenant). An absent maintainerId is left out: unchanged.
   */
  async values(repository: HospitalRepository, actor: Actor, input: HospitalInput, id?: string) {
    const maintainerId = input.maintainerId === undefined ? undefined : input.maintainerId || null;
    const values = {
      hospitalCode: input.hospitalCode.trim(),
      hospitalName: input.hospitalName.trim(),
      level: input.level ?? null,
      regionCode: blankToNull(input.regionCode),
      address: blankToNull(input.address),
      contactName: blankToNull(input.contactName),
      contactPhone: blankToNull(input.contactPhone),
      longitude: blankToNull(input.longitude),
      latitude: blankToNull(input.latitude),
      remark: blankToNull(input.remark),
      ...(maintainerId === undefined ? {} : { maintainerId }),
    };
    const holder = await repository.findByCode(actor, values.hospitalCode);
    if (holder && holder.id !== id)
      throw badRequest('hospital.hospitalCode.exists', { code: values.hospitalCode });
    if (values.regionCode && !(await repository.regionExists(values.regionCode)))
      throw badRequest('hospital.regionCode.unknown', { code: values.regionCode });
    // Another tenant's user (or a removed one) is refused as one that does not exist.
    if (maintainerId && !(await repository.tenantUsers(actor.tenantId, [maintainerId])).has(maintainerId))
      throw badRequest('hospital.maintainer.unknown', { id: maintainerId });
    return values;
  }

  /**
   * The import (core/workbook/sheet-import.ts): each row saved as a submit saves it, in the
   * import's transaction; the key column is the hospital code, the maintainer named by account
   * (hospital.sheet.ts).
   */
  importer(columns: (language: Language) => Promise<ImportColumn[]>): SheetImporter<HospitalImport> {
    return {
      columns: (_actor, language) => columns(language),
      schema: HospitalImportSchema,
      keys: ['hospitalCode'],
      storeFor: (actor) => this.storeFor(actor),
      findByKey: async (tx, actor, _key, input) =>
        (await this.repositoryOn(tx).findByCode(actor, input.hospitalCode.trim()))?.id,
      store: async (tx, actor, { maintainerAccount, ...input }, existing) => {
        const hospitals = this.repositoryOn(tx);
        const account = maintainerAccount?.trim();
        let maintainerId: string | undefined;
        if (account) {
          maintainerId = await hospitals.tenantUserByAccount(actor.tenantId, account);
          if (!maintainerId)
            throw new CellError('maintainerAccount', 'hospital.maintainer.unknownAccount', { account });
        }
        // No account: the maintainer is left out of the values, so an existing one stays.
        const hospital: HospitalInput = maintainerId ? { ...input, maintainerId } : input;
        await this.save(hospitals, actor, existing, await this.values(hospitals, actor, hospital, existing));
      },
    };
  }

  async submit(actor: Actor, input: HospitalInput): Promise<Hospital> {
    const id = input.id || undefined;
    return inTransaction(await this.storeFor(actor), async (tx) => {
      const hospitals = this.repositoryOn(tx);
      if (id !== undefined) found(await hospitals.findById(actor, id));
      return this.save(hospitals, actor, id, await this.values(hospitals, actor, input, id));
    });
  }

  /** A hospital with machines placed in it stays: the 400 names it and how many. */
  protected override async beforeRemove(
    tx: Store,
    actor: Actor,
    ids: string[],
    rows: Hospital[],
  ): Promise<void> {
    const counts = await new MachineRepository(tx, 0).countInHospitals(actor, ids);
    const busy = rows.find((h) => (counts.get(h.id) ?? 0) > 0);
    if (busy) {
      throw badRequest('hospital.hasMachines', { name: busy.hospitalName, count: counts.get(busy.id)! });
    }
  }
}
