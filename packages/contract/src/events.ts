// The event stream (issue 47, docs/decisions/0039-the-event-stream.md): one Server-Sent Events
// stream per signed-in tab, authenticated like every call (the Blade-Auth header, read by fetch).

/** Where a signed-in console opens its stream (GET, `Accept: text/event-stream`). */
export const EVENT_STREAM_PATH = '/api/blade-desk/stream';

/**
 * Why the server ended a session, as the `session` event says (the console words each): signed out
 * (in another tab or window), the user disabled or removed, the tenant disabled or expired, the
 * password changed or reset, ended by an administrator (强退, issue 48), replaced by a newer sign-in
 * of the same account (the tenant's single-session policy), or idle longer than the tenant allows.
 */
export const SESSION_END_REASONS = [
  'signedOut',
  'disabled',
  'tenant',
  'credentials',
  'kicked',
  'replaced',
  'idle',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/**
 * The events, by their SSE `event:` name, and their `data` (JSON):
 * - `message`: a message arrived for the user (its kind and title); the console reads its counts again.
 * - `change`: data a page shows changed (`topic`: the first part of that page's query keys).
 * - `session`: the session ended (`reason`); the stream closes after it.
 * - `resync`: events may have been missed (a gap longer than the server keeps): read everything again.
 */
export interface ServerEvents {
  message: { kind: string; title: string };
  change: { topic: string };
  session: { reason: SessionEndReason };
  resync: Record<string, never>;
}

export type ServerEventName = keyof ServerEvents;

/**
 * The `change` topic that says what a user may open changed (a role given or taken, a tenant's
 * grants): the first part of the console's menu and button queries, which it reads again.
 */
export const RIGHTS_TOPIC = 'menu';
