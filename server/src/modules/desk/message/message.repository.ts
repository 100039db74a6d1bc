import { MESSAGE_KINDS, type Message, type MessageKind, type Page } from '@console/contract';
import { MessageSchema } from '@console/contract/schema';
import type { ListQuery } from '../../../core/list-query.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import {
  TableRepository,
  type TableSelect,
  type TableUpdate,
} from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';
import { unscoped } from '../../../core/repository/unscoped.js';

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

/** The file a message carries (blade_message_file, migration 0025). */
export interface MessageFile {
  name: string;
  contentType: string;
  content: Buffer;
}

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

  /** A page of the caller's messages of the kinds, under the query's filters and order. */
  inbox(actor: Actor, kinds: readonly MessageKind[], query: ListQuery): Promise<Page<Message>> {
    return this.pageFrom(this.#own(actor).where('kind', 'in', [...kinds]), query);
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

  /** Soft-deletes the caller's messages among ids, and deletes their files; answers how many. */
  async removeOwn(actor: Actor, ids: readonly string[]): Promise<number> {
    const result = await this.#ownUpdate(actor)
      .set({ is_deleted: 1 })
      .where('id', 'in', ids.map(BigInt))
      .executeTakeFirst();
    await unscoped(this.store)
      .deleteFrom('blade_message_file')
      .where('tenant_id', '=', actor.tenantId)
      .where('user_id', '=', BigInt(ownerOf(actor)))
      .where('id', 'in', ids.map(BigInt))
      .execute();
    return Number(result.numUpdatedRows);
  }

  /** The file of one of the caller's live messages, or undefined. */
  async ownFile(actor: Actor, id: string): Promise<MessageFile | undefined> {
    const row = await unscoped(this.store)
      .selectFrom('blade_message_file as f')
      .innerJoin('blade_message as m', 'm.id', 'f.id')
      .select(['m.file_name', 'f.content_type', 'f.content'])
      .where('f.id', '=', BigInt(id))
      .where('f.tenant_id', '=', actor.tenantId)
      .where('f.user_id', '=', BigInt(ownerOf(actor)))
      .where('m.is_deleted', '=', 0)
      .executeTakeFirst();
    return row?.file_name
      ? { name: row.file_name, contentType: row.content_type, content: Buffer.from(row.content) }
      : undefined;
  }

  /** One message carrying a file, to one recipient; answers its id. Both rows, or neither. */
  async sendFile(
    sender: Actor,
    recipient: string,
    message: OutgoingMessage,
    file: MessageFile,
  ): Promise<string> {
    const write = async (store: Store) => {
      const [id] = await new MessageRepository(store).insertMany(sender, [
        { ...message, userId: recipient, fileName: file.name },
      ]);
      await unscoped(store)
        .insertInto('blade_message_file')
        .values({
          id: BigInt(id!),
          tenant_id: sender.tenantId,
          user_id: BigInt(recipient),
          content_type: file.contentType,
          file_size: file.content.length,
          content: file.content,
          create_time: new Date(),
        })
        .execute();
      return id!;
    };
    return this.store.afterCommit ? write(this.store) : inTransaction(this.store, write);
  }

  /**
   * Retention (the tenant's setting, message-retention.ts in the tenant module): deletes for good up
   * to `limit` of a tenant's messages created before `before` — read or not, removed by their
   * recipient or not; answers how many. One bounded batch: a large purge is a run of short
   * statements (ids first, then those rows: MySQL takes no LIMIT in an IN subquery).
   */
  async purgeBefore(tenantId: string, before: Date, limit: number): Promise<number> {
    const rows = await unscoped(this.store)
      .selectFrom('blade_message')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('create_time', '<', before)
      .limit(limit)
      .execute();
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.id);
    // Their files first: should the second statement fail, the next purge finds both again.
    await unscoped(this.store)
      .deleteFrom('blade_message_file')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .execute();
    const result = await unscoped(this.store)
      .deleteFrom('blade_message')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
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

  /**
   * One message to each recipient, in the sender's tenant; answers the new ids. A whole tenant's
   * worth is written in chunks (rowsPerInsert), all in one transaction: every recipient gets it,
   * or none does.
   */
  async send(sender: Actor, recipients: readonly string[], message: OutgoingMessage): Promise<string[]> {
    const perInsert = rowsPerInsert(message);
    const rows = recipients.map((userId) => ({ ...message, userId }));
    if (rows.length <= perInsert) return this.insertMany(sender, rows);
    const write = async (store: Store) => {
      const messages = new MessageRepository(store);
      const ids: string[] = [];
      for (let from = 0; from < rows.length; from += perInsert)
        ids.push(...(await messages.insertMany(sender, rows.slice(from, from + perInsert))));
      return ids;
    };
    // Already in a transaction (inTransaction sets afterCommit): its writes are all or none anyway.
    return this.store.afterCommit ? write(this.store) : inTransaction(this.store, write);
  }
}

/** Rows of one insert: SQLite binds at most 32,766 values in a statement, a message 14 of them. */
const ROWS_PER_INSERT = 500;
/** Bytes of bodies in one insert, well under MariaDB's smallest default packet (16 MB). */
const BODY_BYTES_PER_INSERT = 4_000_000;

/** How many copies of a message one insert writes: 500, or fewer of a long body (a notice's). */
function rowsPerInsert(message: OutgoingMessage): number {
  const bodyBytes = message.body === null ? 0 : Buffer.byteLength(message.body);
  return Math.max(1, Math.min(ROWS_PER_INSERT, Math.floor(BODY_BYTES_PER_INSERT / Math.max(bodyBytes, 1))));
}

/** The caller's user id: a message has a recipient, so only a signed-in user has an inbox. */
function ownerOf(actor: Actor): string {
  if (actor.userId === null) throw new Error('messages belong to a user: the actor has none');
  return actor.userId;
}
