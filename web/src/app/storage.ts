import { website } from '../config/website';

/** Each value is kept as `{ content, datetime }` under the configured prefix, the layout Saber uses. */
interface StoredEntry {
  content: unknown;
  /** When the value was written (ms since the epoch); the session reads its token's age from it. */
  datetime: number;
}

/** localStorage outlives the browser session; sessionStorage (the lock) ends with the tab. */
export type StorageArea = 'local' | 'session';

const keyOf = (name: string) => `${website.storagePrefix}${name}`;

const storageOf = (area: StorageArea): Storage => (area === 'session' ? sessionStorage : localStorage);

/**
 * The stored entry, or undefined when it is missing or unreadable. Storage access itself can throw
 * (storage disabled by the browser, private modes), which must never break the console.
 */
export function readEntry(
  name: string,
  area: StorageArea = 'local',
): { content: unknown; datetime: number | undefined } | undefined {
  try {
    const raw = storageOf(area).getItem(keyOf(name));
    if (raw === null) return undefined;
    const entry: unknown = JSON.parse(raw);
    if (typeof entry !== 'object' || entry === null || !('content' in entry)) return undefined;
    const datetime = 'datetime' in entry && typeof entry.datetime === 'number' ? entry.datetime : undefined;
    return { content: entry.content, datetime };
  } catch {
    return undefined;
  }
}

export function readStore(name: string, area: StorageArea = 'local'): unknown {
  return readEntry(name, area)?.content;
}

export function writeStore(name: string, content: unknown, area: StorageArea = 'local'): void {
  const entry: StoredEntry = { content, datetime: Date.now() };
  try {
    storageOf(area).setItem(keyOf(name), JSON.stringify(entry));
  } catch {
    // Unavailable or full storage: the value lives for this page only.
  }
}

export function removeStore(name: string, area: StorageArea = 'local'): void {
  try {
    storageOf(area).removeItem(keyOf(name));
  } catch {
    // Unavailable storage holds nothing to remove.
  }
}

/** The storage key of `name`, for matching `storage` events from other tabs. */
export const storageKey = keyOf;
