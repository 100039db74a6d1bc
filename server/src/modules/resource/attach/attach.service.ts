import type { FastifyBaseLogger } from 'fastify';
import type { Attach, AttachInput } from '@console/contract';

import { type Actor, type Store } from '../../../core/repository/store.js';
import type { OssService } from '../oss/oss.service.js';
import { STORED_NAME } from '../storage/object-storage.js';
import { AttachRepository, attachTable } from './attach.repository.js';
import { EntityService, removeAll } from '../../../core/entity-service.js';

const text = (value: string | null | undefined) => value?.trim() || null;

export class AttachService extends EntityService<Attach, AttachInput, 'blade_attach', AttachRepository> {
  constructor(
    store: Store,
    private readonly oss: OssService,
    private readonly log: FastifyBaseLogger,
  ) {
    super(store, attachTable, (s) => new AttachRepository(s));
  }

  async submit(actor: Actor, input: AttachInput): Promise<Attach> {
    const values = {
      link: input.link.trim(),
      domain: text(input.domain),
      name: text(input.name),
      originalName: text(input.originalName),
      extension: text(input.extension)?.toLowerCase() ?? null,
      attachSize: input.attachSize ?? null,
    };
    return this.save(this.repository, actor, input.id || undefined, values);
  }

  /**
   * Removes all of the ids or none, then the stored objects they held: each in the storage its
   * link belongs to (local disk or one of the tenant's records), when its name is one this server
   * generated and no other attachment of the tenant still refers to it. An object that cannot be
   * removed is reported in the process log; the records stay removed.
   */
  override async remove(actor: Actor, rawIds: string): Promise<number> {
    const removed = await removeAll(this.store, this.repositoryOn, actor, rawIds);
    for (const row of removed) {
      if (!row.name || !STORED_NAME.test(row.name)) continue;
      if ((await this.repository.countByName(actor, row.domain, row.name, [])) > 0) continue;
      try {
        const storage = await this.oss.storageForDomain(actor, row.domain);
        await storage?.remove(row.name);
      } catch (err) {
        this.log.warn({ err, attachId: row.id, name: row.name }, 'stored object not removed');
      }
    }
    return removed.length;
  }
}
