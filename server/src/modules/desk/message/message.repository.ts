import { MESSAGE_KINDS, type Message, type MessageKind, type Page } from '@console/contract';
import { MessageSchema } from '@console/contract/schema';
import type { ListQuery } from '../../../core/list-query.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import {
  TableRepository,
  type TableSelect,
  type TableUpdate,
} from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';

/**
 * Messages (blade_message): each belongs to one recipient, and every read and write here is the
 * recipient's own: the caller's tenant, live rows, and `user_id` the caller (a message of anyone
 * else is as good as absent).
 */
export const messageTable = defineTable(
  MessageSchema,
  'blade_message',
  { tenantScoped: true },
  {
    kinds: { userId: 'id', body: 'text', readTime: 'datetime' },
    filter: ['kind', 'title', 'readTime'],
    sort: ['kind', 'readTime'],
  },
);

/** What a sender says; the recipients and the tenant come with the call. */
export type OutgoingMessage = Pick<Message, 'kind' | 'title' | 'body' | 'link'>;

export class MessageRepository extends TableRepository<Message, 'blade_message'> {
  constructor(store: Store) {
    super(store, messageTable);
  }

  /** The caller's own live messages. */
  #own(actor: Actor): TableSelect<'blade_message'> {
    return this.scopedSelect(actor).where('user_id', '=', BigInt(ownerOf(actor)));
  }

  /** An update of the caller's own live messages, stamped. */
  #ownUpdate(actor: Actor): TableUpdate<'blade_message'> {
    return this.scopedUpdate(actor).where('user_id', '=', BigInt(ownerOf(actor)));
  }

  /** A page of the caller's messages under the query's filters and order. */
  inbox(actor: Actor, query: ListQuery): Promise<Page<Message>> {
    return this.pageFrom(this.#own(actor), query);
  }

  /** One of the caller's messages. */
  async ownOne(actor: Actor, id: string): Promise<Message | undefined> {
    const row = await this.#own(actor).selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /** How many of ids are the caller's live messages. */
  async ownCount(actor: Actor, ids: readonly string[]): Promise<number> {
    const row = await this.#own(actor)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .where('id', 'in', ids.map(BigInt))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Marks the caller's unread messages among ids, or of the kinds, read at `at`; answers how many. */
  async markRead(
    actor: Actor,
    at: Date,
    which: { ids: readonly string[] } | { kinds: readonly MessageKind[] },
  ): Promise<number> {
    let update = this.#ownUpdate(actor).set({ read_time: at }).where('read_time', 'is', null);
    update =
      'ids' in which
        ? update.where('id', 'in', which.ids.map(BigInt))
        : update.where('kind', 'in', [...which.kinds]);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Soft-deletes the caller's messages among ids; answers how many. */
  async removeOwn(actor: Actor, ids: readonly string[]): Promise<number> {
    const result = await this.#ownUpdate(actor)
      .set({ is_deleted: 1 })
      .where('id', 'in', ids.map(BigInt))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The caller's unread messages, counted by kind (a kind without any is absent). */
  async unreadByKind(actor: Actor): Promise<Map<MessageKind, number>> {
    const rows = await this.#own(actor)
      .where('read_time', 'is', null)
      .select((eb) => ['kind', eb.fn.countAll<number | string | bigint>().as('count')])
      .groupBy('kind')
      .execute();
    const counts = new Map<MessageKind, number>();
    for (const row of rows)
      if ((MESSAGE_KINDS as readonly string[]).includes(row.kind))
        counts.set(row.kind as MessageKind, Number(row.count));
    return counts;
  }

  /** One message to each recipient, in the sender's tenant; answers the new ids. */
  send(sender: Actor, recipients: readonly string[], message: OutgoingMessage): Promise<string[]> {
    return this.insertMany(
      sender,
      recipients.map((userId) => ({ ...message, userId })),
    );
  }
}

/** The caller's user id: a message has a recipient, so only a signed-in user has an inbox. */
function ownerOf(actor: Actor): string {
  if (actor.userId === null) throw new Error('messages belong to a user: the actor has none');
  return actor.userId;
}
