import {
  MESSAGE_KINDS,
  MESSAGE_LIMITS,
  type Message,
  type MessageKind,
  type MessageUnreadCount,
  type Page,
} from '@console/contract';
import { found, idsOf } from '../../../core/entity-service.js';
import { badRequest, notFound } from '../../../core/errors.js';
import { parseListQuery } from '../../../core/list-query.js';
import type { EventHub } from '../../../core/events/event-hub.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import {
  MessageRepository,
  messageTable,
  type MessageFile,
  type OutgoingMessage,
} from './message.repository.js';

/**
 * The message center (消息中心): each user reads, marks and removes their own messages; the
 * server's modules send them (`send`).
 */
export class MessageService {
  private readonly messages: MessageRepository;

  constructor(
    private readonly store: Store,
    /** Tells the recipients' open consoles (core/events); none: they find the messages when they read. */
    private readonly events?: Pick<EventHub, 'publish'>,
  ) {
    this.messages = new MessageRepository(store);
  }

  /**
   * A page of the caller's messages (filters: `kinds` — "task,refund", a popover tab's —, kind,
   * title, readTime_null / _notnull, createTime), newest first after whatever order the query asks for.
   */
  list(actor: Actor, query: Record<string, unknown>): Promise<Page<Message>> {
    const { kinds, ...rest } = query;
    const newestFirst = { descs: 'id', ...rest };
    return this.messages.inbox(
      actor,
      kindsOf(Array.isArray(kinds) ? kinds.join(',') : typeof kinds === 'string' ? kinds : undefined),
      parseListQuery(newestFirst, messageTable, this.store.timeZone),
    );
  }

  /** One of the caller's messages, or 404 (another user's too). */
  async detail(actor: Actor, id: string): Promise<Message> {
    return found(await this.messages.ownOne(actor, id));
  }

  /** Marks the caller's messages among ids read; 404 when one is not the caller's. */
  async read(actor: Actor, rawIds: string): Promise<number> {
    const ids = this.#ids(rawIds);
    if ((await this.messages.ownCount(actor, ids)) !== ids.length) throw notFound();
    return this.messages.markRead(actor, new Date(), { ids });
  }

  /** Marks every unread message of the caller read, or those of the kinds named ("task,refund"). */
  readAll(actor: Actor, rawKinds: string | undefined): Promise<number> {
    return this.messages.markRead(actor, new Date(), { kinds: kindsOf(rawKinds) });
  }

  /** Removes the caller's messages among ids; 404 when one is not the caller's (nothing removed). */
  async remove(actor: Actor, rawIds: string): Promise<number> {
    const ids = this.#ids(rawIds);
    if ((await this.messages.ownCount(actor, ids)) !== ids.length) throw notFound();
    return this.messages.removeOwn(actor, ids);
  }

  /** The caller's unread messages: in all and by kind. */
  async unreadCount(actor: Actor): Promise<MessageUnreadCount> {
    const byKind = await this.messages.unreadByKind(actor);
    const count = (kind: MessageKind) => byKind.get(kind) ?? 0;
    return {
      total: MESSAGE_KINDS.reduce((sum, kind) => sum + count(kind), 0),
      notice: count('notice'),
      task: count('task'),
      refund: count('refund'),
      machine: count('machine'),
      system: count('system'),
    };
  }

  /**
   * Sends a message to each recipient (user ids of the sender's tenant), in the sender's name;
   * answers the new messages' ids. The title and link are cut to what the table holds.
   */
  async send(sender: Actor, recipients: readonly string[], message: OutgoingMessage): Promise<string[]> {
    const unique = [...new Set(recipients)];
    if (unique.length === 0) return [];
    const title = message.title.slice(0, MESSAGE_LIMITS.title);
    const ids = await this.messages.send(sender, unique, {
      ...message,
      title,
      link: message.link === null ? null : message.link.slice(0, MESSAGE_LIMITS.link),
    });
    // Pushed once the rows are there for the consoles to read. (send writes outside the sender's
    // transaction: senders call it once theirs has committed, through whenCommitted.)
    await this.events?.publish({ tenantId: sender.tenantId, userIds: unique }, 'message', {
      kind: message.kind,
      title,
    });
    return ids;
  }

  /**
   * One message carrying a file, to one recipient (a scheduled report's .xlsx), told to their open
   * consoles as `send` does. A file over MESSAGE_LIMITS.fileBytes is refused (400).
   */
  async sendFile(
    sender: Actor,
    recipient: string,
    message: OutgoingMessage,
    file: MessageFile,
  ): Promise<string> {
    if (file.content.length > MESSAGE_LIMITS.fileBytes)
      throw badRequest('message.file.tooLarge', { limit: `${MESSAGE_LIMITS.fileBytes / 1024 / 1024} MB` });
    const title = message.title.slice(0, MESSAGE_LIMITS.title);
    const id = await this.messages.sendFile(
      sender,
      recipient,
      { ...message, title },
      {
        ...file,
        name: file.name.slice(0, MESSAGE_LIMITS.title),
      },
    );
    await this.events?.publish({ tenantId: sender.tenantId, userIds: [recipient] }, 'message', {
      kind: message.kind,
      title,
    });
    return id;
  }

  /** The file of one of the caller's messages, or 404 (another user's, or a message without one). */
  async file(actor: Actor, id: string): Promise<MessageFile> {
    return found(await this.messages.ownFile(actor, id));
  }

  #ids(raw: string): string[] {
    const ids = [...new Set(idsOf(raw))];
    if (ids.length > MESSAGE_LIMITS.idsPerCall)
      throw badRequest('message.ids.tooMany', { max: MESSAGE_LIMITS.idsPerCall });
    return ids;
  }
}

/** "task,refund" → those kinds (400 on one that is not a kind); nothing → every kind. */
function kindsOf(raw: string | undefined): MessageKind[] {
  const named = (raw ?? '')
    .split(',')
    .map((kind) => kind.trim())
    .filter(Boolean);
  if (named.length === 0) return [...MESSAGE_KINDS];
  for (const kind of named)
    if (!(MESSAGE_KINDS as readonly string[]).includes(kind))
      throw badRequest('message.kind.invalid', { kind });
  return named as MessageKind[];
}
