import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_ERROR,
  ChunkLoadError,
  chunkFailureCode,
  CSS_CHUNK_LOAD_FAILED,
  installChunkErrorListener,
  withChunkTimeout,
} from './chunk-load';

afterEach(() => {
  vi.useRealTimers();
});

describe('chunk loading', () => {
  it('rejects with a ChunkLoadError when the import has not settled in time', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(() => new Promise<never>(() => undefined), 120_000)();
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void pending.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('ChunkLoadError');
  });

  it('passes a settled import through, and its failure too', async () => {
    await expect(withChunkTimeout(() => Promise.resolve(1), 10)()).resolves.toBe(1);
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    await expect(withChunkTimeout(() => Promise.reject(failure), 10)()).rejects.toBe(failure);
  });

  it('waits 120 s by default (website.chunkTimeout)', async () => {
    const { website } = await import('../config/website');
    expect(website.chunkTimeout).toBe(120_000);
  });

  it('tells chunk failures from other errors', () => {
    expect(chunkFailureCode(new ChunkLoadError('late'))).toBe(CHUNK_LOAD_ERROR);
    expect(chunkFailureCode(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(
      CHUNK_LOAD_ERROR,
    );
    expect(chunkFailureCode(Object.assign(new Error('x'), { code: CSS_CHUNK_LOAD_FAILED }))).toBe(
      CSS_CHUNK_LOAD_FAILED,
    );
    expect(chunkFailureCode(new Error('boom'))).toBeUndefined();
    expect(chunkFailureCode('Failed to fetch dynamically imported module')).toBeUndefined();
  });

  it('marks a stylesheet that Vite could not preload with CSS_CHUNK_LOAD_FAILED', () => {
    const stop = installChunkErrorListener();
    const css = new Error('Unable to preload CSS for http://x.test/assets/a.css');
    const js = new TypeError('Failed to fetch dynamically imported module: /assets/a.js');
    for (const payload of [css, js]) {
      const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload });
      window.dispatchEvent(event);
      // Not cancelled: the import still rejects, and an error boundary shows the prompt.
      expect(event.defaultPrevented).toBe(false);
    }
    stop();
    expect(chunkFailureCode(css)).toBe(CSS_CHUNK_LOAD_FAILED);
    expect((css as Error & { code?: string }).code).toBe(CSS_CHUNK_LOAD_FAILED);
    expect(chunkFailureCode(js)).toBe(CHUNK_LOAD_ERROR);
  });
});
