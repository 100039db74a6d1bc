import { readStore, removeStore, writeStore } from '../storage';
import { useSession, type UserInfo } from './session-store';

// What a person was typing when their session ended (expired, ended elsewhere, kicked) is kept in
// this browser, for them alone, and handed back once they have signed in again (issue 47):
// - editable parts register a reader under a key while they are on screen (`registerDraft`);
// - when the session ends other than by logging out, `keepDrafts` writes what the readers answer,
//   with the user and tenant it belongs to, before the local session is cleared;
// - the part that registered under a key takes its draft back when it is shown again (`takeDraft`),
//   only to the same user of the same tenant; anyone else's sign-in discards them all, and so does
//   logging out (`discardDrafts`). Drafts older than a day are discarded too.
// Only plain JSON values are kept (texts, numbers, flags, lists and objects of them), and never a
// field whose name says it is a password or a secret: the parts leave their password fields out too.

const DRAFTS_STORE = 'drafts';

/** How long kept drafts wait for their owner to sign in again. */
export const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** What is written down when a session ends. */
export interface StoredDrafts {
  tenantId: string;
  userId: string;
  /** The page on screen when the session ended (path and query). */
  path: string;
  /** When they were written (ms since the epoch). */
  savedAt: number;
  /** Each registered key's value, as its reader answered it. */
  entries: Record<string, unknown>;
}

/** Answers what to keep under its key now, or undefined when there is nothing (no input, closed). */
export type DraftReader = () => unknown;

const readers = new Map<string, DraftReader>();

/** Field names never written down, whatever their value. */
const SECRET_FIELD = /passw(or)?d|pwd|secret/i;

/** Keeps `read` for the session's end under `key`; answers the function that forgets it. */
export function registerDraft(key: string, read: DraftReader): () => void {
  readers.set(key, read);
  return () => {
    if (readers.get(key) === read) readers.delete(key);
  };
}

/**
 * The session is ending (not by logging out): writes what the registered readers answer for the
 * signed-in user. Call before the local session is cleared; without a signed-in user it keeps
 * nothing. With nothing to keep, drafts kept earlier stay as they are.
 */
export function keepDrafts(): void {
  const owner = ownerOf(useSession.getState().userInfo);
  if (!owner) return;
  const entries: Record<string, unknown> = {};
  for (const [key, read] of readers) {
    try {
      const value = plain(read());
      if (value !== undefined) entries[key] = value;
    } catch {
      // A part that cannot say what it holds loses its draft, not the others theirs.
    }
  }
  if (Object.keys(entries).length === 0) return;
  const earlier = ownDrafts(owner);
  const drafts: StoredDrafts = {
    ...owner,
    path: `${location.pathname}${location.search}`,
    savedAt: Date.now(),
    entries: { ...earlier?.entries, ...entries },
  };
  writeStore(DRAFTS_STORE, drafts);
}

/**
 * The draft kept under `key`, removed as it is answered; undefined when there is none. Drafts of
 * another user or tenant than the signed-in one, or too old, are all discarded instead.
 */
export function takeDraft(key: string): unknown {
  const owner = ownerOf(useSession.getState().userInfo);
  if (!owner) return undefined;
  const drafts = ownDrafts(owner);
  if (!drafts || !(key in drafts.entries)) return undefined;
  const { [key]: value, ...rest } = drafts.entries;
  if (Object.keys(rest).length === 0) removeStore(DRAFTS_STORE);
  else writeStore(DRAFTS_STORE, { ...drafts, entries: rest });
  return value;
}

/** Someone has signed in: drafts another user or tenant left (or too old ones) are discarded. */
export function dropDraftsOfOthers(): void {
  const owner = ownerOf(useSession.getState().userInfo);
  if (owner) ownDrafts(owner);
  else discardDrafts();
}

/** Logging out: nothing typed is kept for later. */
export function discardDrafts(): void {
  removeStore(DRAFTS_STORE);
}

interface Owner {
  tenantId: string;
  userId: string;
}

function ownerOf(user: UserInfo | undefined): Owner | undefined {
  if (!user?.user_id || typeof user.tenant_id !== 'string') return undefined;
  return { tenantId: user.tenant_id, userId: user.user_id };
}

/** The stored drafts when they are `owner`'s and fresh; otherwise they are discarded. */
function ownDrafts(owner: Owner): StoredDrafts | undefined {
  const drafts = readStore(DRAFTS_STORE);
  if (drafts === undefined) return undefined;
  if (
    isStoredDrafts(drafts) &&
    drafts.tenantId === owner.tenantId &&
    drafts.userId === owner.userId &&
    Date.now() - drafts.savedAt < DRAFT_LIFETIME_MS
  )
    return drafts;
  discardDrafts();
  return undefined;
}

function isStoredDrafts(value: unknown): value is StoredDrafts {
  const drafts = value as Partial<StoredDrafts> | null;
  return (
    typeof drafts === 'object' &&
    drafts !== null &&
    typeof drafts.tenantId === 'string' &&
    typeof drafts.userId === 'string' &&
    typeof drafts.savedAt === 'number' &&
    typeof drafts.entries === 'object' &&
    drafts.entries !== null
  );
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/**
 * `value` as plain JSON, secret fields left out; undefined when it is not plain (a date object, a
 * file: the part's own value types, which JSON would not give back as they were).
 */
function plain(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) {
    const items = value.map(plain);
    return items.includes(undefined) ? undefined : items;
  }
  if (!isPlainObject(value)) return undefined;
  const fields: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    if (SECRET_FIELD.test(name)) continue;
    const kept = plain(field);
    if (kept !== undefined) fields[name] = kept;
  }
  return fields;
}
