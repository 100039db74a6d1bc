import type { Message, MessageKind, MessageUnreadCount } from '@console/contract';
import { get, post } from '../request';
import { crudResource } from '../resource';

// The signed-in user's own messages (消息中心, issue 47; docs/decisions/0037): every call reads or
// changes the caller's messages only.

const BASE = '/api/blade-desk/message';

/**
 * The first part of every query key of messages (the unread counts, the popover's lists, the
 * message center's pages): invalidating it refreshes them all, after a message was read or removed
 * here and when the event stream says a new one arrived.
 */
export const MESSAGE_QUERY_KEY = ['message'] as const;

/**
 * list(current, size, filters): newest first; filters `kinds` ("task,refund": a popover tab's),
 * `kind_equal`, `title` (contains),
 * `readTime_null=1` (unread) or `readTime_notnull=1` (read). detail(id), remove(ids). Messages are
 * sent by the server, so there is no submit.
 */
export const { list, detail, remove } = crudResource<Message, never>(BASE);

/** The caller's unread messages: in all and of each kind. */
export const unreadCount = (): Promise<MessageUnreadCount> => get<MessageUnreadCount>(`${BASE}/unread-count`);

/** Marks the messages read (those already read stay as they were). */
export const read = (ids: readonly string[]): Promise<boolean> =>
  post<boolean>(`${BASE}/read`, undefined, { params: { ids: ids.join(',') } });

/** Marks every unread message of these kinds read; with no kinds, of every kind. */
export const readAll = (kinds: readonly MessageKind[] = []): Promise<boolean> =>
  post<boolean>(`${BASE}/read-all`, undefined, {
    params: { kinds: kinds.length > 0 ? kinds.join(',') : undefined },
  });
