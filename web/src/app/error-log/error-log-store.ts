import { create } from 'zustand';
import { readStore, removeStore, writeStore } from '../storage';

// The local error log (spec §8): uncaught errors, unhandled rejections and render errors, kept in
// localStorage for the user to look at, send or clear in the log dialog of the top bar.

/** One logged error, with the fields BladeX consoles log. */
export interface ErrorLogEntry {
  type: 'error';
  message: string;
  stack: string;
  /** Where it came from: `window.onerror`, `unhandledrejection`, a component stack, a chunk load. */
  info: string;
  /** The page's address at the time. */
  url: string;
  /** Local time, `YYYY-MM-DD HH:mm:ss`. */
  time: string;
}

/** The newest entries kept; older ones drop off, so the log never fills the storage. */
export const ERROR_LOG_LIMIT = 200;

const LOGS_STORE = 'logs';

/** The log badge counts up to here and shows "99+" above (spec §9). */
export const LOG_BADGE_CAP = 99;

/** What the log badge shows for a number of entries. */
export const logBadgeText = (count: number): string =>
  count > LOG_BADGE_CAP ? `${LOG_BADGE_CAP}+` : String(count);

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in local time, as dates travel elsewhere in the console. */
export function formatTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** An entry for anything thrown: an Error's message and stack, or the value itself as text. */
export function entryOf(error: unknown, info: string, url: string, now: Date): ErrorLogEntry {
  let message: string;
  let stack = '';
  if (error instanceof Error) {
    message = error.message || error.name;
    stack = error.stack ?? '';
  } else if (typeof error === 'string') {
    message = error;
  } else {
    try {
      message = JSON.stringify(error) ?? String(error);
    } catch {
      message = String(error);
    }
  }
  return { type: 'error', message, stack, info, url, time: formatTime(now) };
}

/** The list with `entry` first, cut to the newest `limit`. */
export function withEntry(entries: readonly ErrorLogEntry[], entry: ErrorLogEntry, limit = ERROR_LOG_LIMIT) {
  return [entry, ...entries].slice(0, limit);
}

const isEntry = (value: unknown): value is ErrorLogEntry =>
  typeof value === 'object' &&
  value !== null &&
  (value as ErrorLogEntry).type === 'error' &&
  typeof (value as ErrorLogEntry).message === 'string';

function readEntries(): readonly ErrorLogEntry[] {
  const stored = readStore(LOGS_STORE);
  return Array.isArray(stored) ? stored.filter(isEntry).slice(0, ERROR_LOG_LIMIT) : [];
}

/** The entries, newest first. */
export const useErrorLog = create<{ entries: readonly ErrorLogEntry[] }>()(() => ({
  entries: readEntries(),
}));

/** Logs an error; answers the entry. */
export function logError(error: unknown, info: string): ErrorLogEntry {
  const entry = entryOf(error, info, location.href, new Date());
  const entries = withEntry(useErrorLog.getState().entries, entry);
  writeStore(LOGS_STORE, entries);
  useErrorLog.setState({ entries });
  return entry;
}

export function clearErrorLog(): void {
  removeStore(LOGS_STORE);
  useErrorLog.setState({ entries: [] });
}

/** Browser noise that is not an error of the console (Chromium reports layout loops this way). */
const IGNORED = [/^ResizeObserver loop/];

/**
 * Logs uncaught errors and unhandled rejections of the page for its lifetime; answers the function
 * that stops. Render errors are logged by the error boundary around the main view.
 */
export function installErrorLogListeners(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    const message = event.error instanceof Error ? event.error.message : event.message;
    if (IGNORED.some((pattern) => pattern.test(message))) return;
    const where = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '';
    logError(event.error ?? event.message, where ? `window.onerror ${where}` : 'window.onerror');
  };
  const onRejection = (event: PromiseRejectionEvent) => logError(event.reason, 'unhandledrejection');
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
