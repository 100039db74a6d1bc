import type { FastifyBaseLogger } from 'fastify';
import type { Attach, AttachInput } from '@console/contract';

import { type Actor, type Store } from '../../../core/repository/store.js';
import type { OssService } from '../oss/oss.service.js';
import { badRequest } from '../../../core/errors.js';
import { isStoredName } from '../storage/object-storage.js';
import { AttachRepository, attachTable } from './attach.repository.js';
import { EntityService, found, removeAll } from '../../../core/entity-service.js';

const text = (value: string | null | undefined) => value?.trim() || null;

export class AttachService extends EntityService<Attach, AttachInput, 'blade_attach', AttachRepository> {
  constructor(
    store: Store,
    private readonly oss: OssService,
    private readonly log: FastifyBaseLogger,
  ) {
    super(store, attachTable, (s) => new AttachRepository(s));
  }

  /**
   * Records an attachment by hand, or edits one. A name the server generates (upload/…) is never
   * taken from a form: it would let a record hold a stored file outside the tenant's quota. A file
   * the server stored keeps its link, name, type and size (what its quota share is); only its
   * original name may change.
   */
  async submit(actor: Actor, input: AttachInput): Promise<Attach> {
    const id = input.id || undefined;
    const existing = id ? found(await this.repository.findById(actor, id)) : undefined;
    if (existing && isStoredName(existing.name))
      return this.save(this.repository, actor, id, {
        originalName: text(input.originalName) ?? existing.originalName,
      });
    const values = {
      link: input.link.trim(),
      domain: text(input.domain),
      name: text(input.name),
      originalName: text(input.originalName),
      extension: text(input.extension)?.toLowerCase() ?? null,
      attachSize: input.attachSize ?? null,
    };
    if (isStoredName(values.name)) throw badRequest('attach.storedName', { name: values.name });
    return this.save(this.repository, actor, id, values);
  }

  /**
   * Removes all of the ids or none, then the stored objects they held, freeing their share of the
   * tenant's quota (OssService.discard).
   */
  override async remove(actor: Actor, rawIds: string): Promise<number> {
    const removed = await removeAll(this.store, this.repositoryOn, actor, rawIds);
    await this.oss.discard(actor, removed, this.log);
    return removed.length;
  }
}
