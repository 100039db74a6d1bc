import { PARAM_VISIBILITY, type Page, type Param, type ParamInput } from '@console/contract';
import { ParamInputSchema } from '@console/contract/schema';
import { isPlatformAdmin, type Principal } from '../../../core/auth/principal.js';
import { EntityService, found, inputValues } from '../../../core/entity-service.js';
import { badRequest } from '../../../core/errors.js';
import { parseListQuery } from '../../../core/list-query.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import { ParamRepository, paramTable } from './param.repository.js';
import type { SheetImporter } from '../../../core/workbook/sheet-import.js';

export class ParamService extends EntityService<Param, ParamInput, 'blade_param', ParamRepository> {
  constructor(store: Store) {
    super(store, paramTable, (s) => new ParamRepository(s));
  }

  /**
   * Public parameters are read by every signed-in user, private ones (account.initPassword, …) by
   * the platform administrator only; to anyone else a private one does not exist (list, detail 404).
   */
  override list(actor: Actor, query: Record<string, unknown>): Promise<Page<Param>> {
    return this.repository.pageReadable(
      actor,
      parseListQuery(query, paramTable, this.store.timeZone),
      !readsPrivate(actor),
    );
  }

  override async detail(actor: Actor, id: string): Promise<Param> {
    return found(await this.repository.findReadable(actor, id, !readsPrivate(actor)));
  }

  /** The import (core/workbook/sheet-import.ts): each row saved by submit in the import's transaction. */
  importer(): SheetImporter<ParamInput> {
    return {
      columns: async () => [
        { header: 'param.paramName', field: 'paramName', width: 24 },
        { header: 'param.paramKey', field: 'paramKey', width: 28 },
        { header: 'param.paramValue', field: 'paramValue', width: 28 },
        { header: 'param.visibility', field: 'visibility', kind: 'int', note: 'param.import.visibility' },
        { header: 'param.remark', field: 'remark', width: 28 },
      ],
      schema: ParamInputSchema,
      keys: ['paramKey'],
      storeFor: async () => this.store,
      findByKey: async (tx, actor, _key, input) =>
        (await new ParamRepository(tx).findByKey(actor, input.paramKey.trim()))?.id,
      store: async (tx, actor, input, existing) => {
        await new ParamService(tx).submit(actor, { ...input, ...(existing ? { id: existing } : {}) });
      },
    };
  }

  /** Creates without an id, updates with one; a key belongs to one parameter only. */
  async submit(actor: Actor, input: ParamInput): Promise<Param> {
    // A value keeps its spaces; a visibility left out keeps the stored one (private on create).
    const { visibility, ...given } = inputValues(ParamInputSchema, input);
    const values = { ...given, paramValue: input.paramValue, ...(visibility !== null ? { visibility } : {}) };
    const id = input.id || undefined;
    return inTransaction(this.store, async (tx) => {
      const params = this.repositoryOn(tx);
      const holder = await params.findByKey(actor, values.paramKey);
      if (holder && holder.id !== id) throw badRequest('param.paramKey.exists', { key: values.paramKey });
      return this.save(
        params,
        actor,
        id,
        id === undefined ? { visibility: PARAM_VISIBILITY.PRIVATE, ...values } : values,
      );
    });
  }
}

/** Only the platform administrator reads private parameters. */
const readsPrivate = (actor: Actor) => !!(actor as Principal).jti && isPlatformAdmin(actor as Principal);
