import { website } from '../config/website';

/** Each value is kept as `{ content, datetime }` under the configured prefix, the layout Saber uses. */
interface StoredEntry {
  content: unknown;
  datetime: number;
}

const keyOf = (name: string) => `${website.storagePrefix}${name}`;

/**
 * The stored content, or undefined when it is missing or unreadable. Storage access itself can throw
 * (storage disabled by the browser, private modes), which must never break the console.
 */
export function readStore(name: string): unknown {
  try {
    const raw = localStorage.getItem(keyOf(name));
    if (raw === null) return undefined;
    const entry: unknown = JSON.parse(raw);
    return typeof entry === 'object' && entry !== null && 'content' in entry ? entry.content : undefined;
  } catch {
    return undefined;
  }
}

export function writeStore(name: string, content: unknown): void {
  const entry: StoredEntry = { content, datetime: Date.now() };
  try {
    localStorage.setItem(keyOf(name), JSON.stringify(entry));
  } catch {
    // Unavailable or full storage: the value lives for this page only.
  }
}

export function removeStore(name: string): void {
  try {
    localStorage.removeItem(keyOf(name));
  } catch {
    // Unavailable storage holds nothing to remove.
  }
}
