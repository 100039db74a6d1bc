import { afterEach, describe, expect, it } from 'vitest';
import {
  clearErrorLog,
  entryOf,
  ERROR_LOG_LIMIT,
  formatTime,
  installErrorLogListeners,
  logBadgeText,
  logError,
  useErrorLog,
  withEntry,
} from './error-log-store';

afterEach(() => {
  clearErrorLog();
  localStorage.clear();
});

const stored = () =>
  JSON.parse(localStorage.getItem('saber-logs') ?? 'null') as { content: unknown[] } | null;

describe('error log entries', () => {
  it('have the fields of the spec: type, message, stack, info, url, time', () => {
    const error = new Error('boom');
    const entry = entryOf(error, 'unhandledrejection', 'http://x.test/a', new Date(2026, 0, 2, 3, 4, 5));
    expect(entry).toEqual({
      type: 'error',
      message: 'boom',
      stack: error.stack,
      info: 'unhandledrejection',
      url: 'http://x.test/a',
      time: '2026-01-02 03:04:05',
    });
    expect(Object.keys(entry).sort()).toEqual(['info', 'message', 'stack', 'time', 'type', 'url']);
  });

  it('describe thrown values that are not errors', () => {
    const at = new Date(0);
    expect(entryOf('text', 'i', 'u', at)).toMatchObject({ message: 'text', stack: '' });
    expect(entryOf({ code: 1 }, 'i', 'u', at).message).toBe('{"code":1}');
    expect(entryOf(undefined, 'i', 'u', at).message).toBe('undefined');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(entryOf(circular, 'i', 'u', at).message).toBe('[object Object]');
  });

  it('formats local time with two digits everywhere', () => {
    expect(formatTime(new Date(2026, 10, 21, 17, 8, 9))).toBe('2026-11-21 17:08:09');
  });
});

describe('the log badge', () => {
  it('counts up to 99, then says 99+', () => {
    expect(logBadgeText(0)).toBe('0');
    expect(logBadgeText(99)).toBe('99');
    expect(logBadgeText(100)).toBe('99+');
    expect(logBadgeText(200)).toBe('99+');
  });
});

describe('the error log', () => {
  it('keeps the newest entries first, at most the limit', () => {
    const entry = (n: number) => entryOf(new Error(String(n)), 'i', 'u', new Date(0));
    let entries = withEntry([], entry(1));
    entries = withEntry(entries, entry(2));
    expect(entries.map((e) => e.message)).toEqual(['2', '1']);
    for (let n = 3; n <= ERROR_LOG_LIMIT + 5; n++) entries = withEntry(entries, entry(n));
    expect(entries).toHaveLength(ERROR_LOG_LIMIT);
    expect(entries[0]?.message).toBe(String(ERROR_LOG_LIMIT + 5));
    expect(entries.at(-1)?.message).toBe('6');
    expect(ERROR_LOG_LIMIT).toBe(200);
  });

  it('keeps its entries in localStorage and clears them', () => {
    logError(new Error('first'), 'test');
    expect(useErrorLog.getState().entries).toHaveLength(1);
    expect(stored()?.content).toEqual(useErrorLog.getState().entries);
    expect(useErrorLog.getState().entries[0]?.url).toBe(location.href);
    clearErrorLog();
    expect(useErrorLog.getState().entries).toEqual([]);
    expect(stored()).toBeNull();
  });

  it('logs uncaught errors and unhandled rejections once the listeners are installed', () => {
    const stop = installErrorLogListeners();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('uncaught'), message: 'uncaught' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('rejected') });
    window.dispatchEvent(rejection);
    window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop limit exceeded' }));
    stop();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after' }));
    expect(useErrorLog.getState().entries.map((e) => [e.message, e.info])).toEqual([
      ['rejected', 'unhandledrejection'],
      ['uncaught', 'window.onerror'],
    ]);
  });
});
