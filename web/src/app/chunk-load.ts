import { lazy, type ComponentType } from 'react';
import { website } from '../config/website';

// Failures to download a page's code (spec §8): a dynamic import that has not settled after
// website.chunkTimeout rejects with an Error named ChunkLoadError, and a stylesheet that Vite could
// not preload becomes an error with code CSS_CHUNK_LOAD_FAILED. Both reach an error boundary, which
// offers to reload the page (ErrorFallback.tsx); React keeps a failed lazy component failed, so a
// reload is the way out.

export const CHUNK_LOAD_ERROR = 'ChunkLoadError';
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

export class ChunkLoadError extends Error {
  override name = CHUNK_LOAD_ERROR;
  readonly code: string;

  constructor(message: string, code = CHUNK_LOAD_ERROR) {
    super(message);
    this.code = code;
  }
}

/** `load`, rejecting with a ChunkLoadError when it has not settled within `timeout` ms. */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeout = website.chunkTimeout,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ChunkLoadError(`Loading a chunk did not finish within ${timeout} ms`)),
        timeout,
      );
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}

/** React.lazy with the chunk timeout: every lazily loaded page goes through this. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(withChunkTimeout(load));
}

/** Browsers' words for a dynamic import whose file did not arrive. */
const IMPORT_FAILED =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** The failure's code when `error` is a chunk that did not load: CSS_CHUNK_LOAD_FAILED, ChunkLoadError, or undefined. */
export function chunkFailureCode(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (code === CSS_CHUNK_LOAD_FAILED) return CSS_CHUNK_LOAD_FAILED;
  if (error.name === CHUNK_LOAD_ERROR || IMPORT_FAILED.test(error.message)) return CHUNK_LOAD_ERROR;
  return undefined;
}

/**
 * Vite announces a failed preload (a stylesheet or the module of a dynamic import) with the
 * cancelable `vite:preloadError` event; left uncancelled, the import rejects with that error. A
 * stylesheet's failure gets the code CSS_CHUNK_LOAD_FAILED here, so the boundary that receives the
 * rejection tells it apart. Answers the function that stops listening.
 */
export function installChunkErrorListener(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (error instanceof Error && /Unable to preload CSS/i.test(error.message)) {
      Object.assign(error, { code: CSS_CHUNK_LOAD_FAILED });
    }
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
