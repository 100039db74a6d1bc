import type { Attach } from '@console/contract';
import { AttachSchema } from '@console/contract/schema';
import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';

/** Attachments: the files stored through put-file, and records submitted by hand (blade_attach). */
export const attachTable = defineTable(
  AttachSchema,
  'blade_attach',
  { tenantScoped: true },
  {
    filter: ['link', 'domain', 'name', 'originalName', 'extension', 'attachSize', 'md5'],
    sort: ['name', 'originalName', 'extension', 'attachSize'],
    // Computed when a file is stored, never taken from a body.
    readOnly: ['md5'],
  },
);

export class AttachRepository extends TableRepository<Attach, 'blade_attach'> {
  constructor(store: Store) {
    super(store, attachTable);
  }

  /** How many live attachments of the tenant other than `exceptIds` refer to a stored name. */
  async countByName(actor: Actor, domain: string | null, name: string, exceptIds: string[]): Promise<number> {
    let q = this.scopedSelect(actor).where('name', '=', name);
    q = domain === null ? q.where('domain', 'is', null) : q.where('domain', '=', domain);
    if (exceptIds.length > 0)
      q = q.where(
        'id',
        'not in',
        exceptIds.map((id) => BigInt(id)),
      );
    const row = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The md5 of a stored file's bytes (a read-only field: set here, by the server, only). */
  async recordDigest(actor: Actor, id: string, md5: string): Promise<void> {
    await this.recordStored(actor, id, md5, null);
  }

  /** What the server knows of a file it stored: its md5, and 'avatar' for the avatar path's. */
  async recordStored(actor: Actor, id: string, md5: string, purpose: 'avatar' | null): Promise<void> {
    await this.scopedUpdate(actor).set({ md5, purpose }).where('id', '=', BigInt(id)).execute();
  }

  /**
   * Removes the avatar files the actor's user stored before the one with id `newest` (ids grow
   * with time); answers the rows removed.
   */
  async removeAvatarsBefore(actor: Actor, newest: string): Promise<Attach[]> {
    if (!actor.userId) return [];
    const rows = await this.scopedSelect(actor)
      .selectAll()
      .where('purpose', '=', 'avatar')
      .where('create_user', '=', BigInt(actor.userId))
      .where('id', '<', BigInt(newest))
      .execute();
    const ids = rows.map((row) => String(row.id));
    if (ids.length > 0) await this.softDelete(actor, ids);
    return rows.map((row) => this.toEntity(row));
  }
}
