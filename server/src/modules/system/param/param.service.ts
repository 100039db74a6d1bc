import { PARAM_VISIBILITY, type Page, type Param, type ParamInput } from '@console/contract';
import { isPlatformAdmin, type Principal } from '../../../core/auth/principal.js';
import { badRequest, notFound } from '../../../core/errors.js';
import { parseIdList } from '../../../core/ids.js';
import { parseListQuery } from '../../../core/list-query.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import { ParamRepository, paramTable } from './param.repository.js';

export class ParamService {
  readonly #params: ParamRepository;

  constructor(private readonly store: Store) {
    this.#params = new ParamRepository(store);
  }

  /**
   * Public parameters are read by every signed-in user, private ones (account.initPassword, …) by
   * the platform administrator only; to anyone else a private one does not exist (list, detail 404).
   */
  list(actor: Actor, query: Record<string, unknown>): Promise<Page<Param>> {
    return this.#params.pageReadable(
      actor,
      parseListQuery(query, paramTable, this.store.timeZone),
      !readsPrivate(actor),
    );
  }

  async detail(actor: Actor, id: string): Promise<Param> {
    const param = await this.#params.findReadable(actor, id, !readsPrivate(actor));
    if (!param) throw notFound();
    return param;
  }

  /** Creates without an id, updates with one; a key belongs to one parameter only. */
  async submit(actor: Actor, input: ParamInput): Promise<Param> {
    const values = {
      paramName: input.paramName.trim(),
      paramKey: input.paramKey.trim(),
      paramValue: input.paramValue,
      remark: input.remark ?? null,
      ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
    };
    const id = input.id || undefined;
    return inTransaction(this.store, async (tx) => {
      const params = new ParamRepository(tx);
      const holder = await params.findByKey(actor, values.paramKey);
      if (holder && holder.id !== id) throw badRequest('param.paramKey.exists', { key: values.paramKey });
      if (id === undefined)
        return (await params.findById(
          actor,
          await params.insert(actor, { visibility: PARAM_VISIBILITY.PRIVATE, ...values }),
        ))!;
      if (!(await params.update(actor, id, values))) throw notFound();
      return (await params.findById(actor, id))!;
    });
  }

  /** Removes all of the ids or none: an id that is not there answers 404 and changes nothing. */
  async remove(actor: Actor, rawIds: string): Promise<number> {
    const ids = parseIdList(rawIds);
    if (!ids) throw badRequest('ids.invalid');
    return inTransaction(this.store, async (tx) => {
      const removed = await new ParamRepository(tx).softDelete(actor, ids);
      if (removed !== ids.length) throw notFound();
      return removed;
    });
  }
}

/** Only the platform administrator reads private parameters. */
const readsPrivate = (actor: Actor) => !!(actor as Principal).jti && isPlatformAdmin(actor as Principal);
