import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { withChunkTimeout } from './chunk-load';

// Parts of the shell that are not needed to show the first signed-in page (the colour picker's
// panel, the menu search's dropdown, dialogs) load after it, so that signing in downloads and runs
// only what the home page shows (docs/decisions/0009-signed-in-chunk-and-table-turns.md).

/** Calls `run` when the browser is idle (or after `timeout` ms at the latest); answers a cancel. */
export function whenIdle(run: () => void, timeout = 1000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, 1);
  return () => window.clearTimeout(timer);
}

/** One download per loader, shared by every component that asks for it; a failed one may be retried. */
const loading = new WeakMap<() => Promise<unknown>, Promise<unknown>>();

function loadOnce<M>(load: () => Promise<M>): Promise<M> {
  let pending = loading.get(load) as Promise<M> | undefined;
  if (!pending) {
    pending = withChunkTimeout(load)();
    loading.set(load, pending);
    pending.catch(() => loading.delete(load));
  }
  return pending;
}

export interface IdleComponent<P> {
  /** The loaded component, or undefined while a stand-in is shown. */
  Component: ComponentType<P> | undefined;
  /** Starts the download now (the user reached for the stand-in); a failed one is tried again. */
  request: () => void;
}

/**
 * A component whose code loads when the browser is first idle after this mounts, or as soon as
 * `request` is called. Until then the caller shows a stand-in that looks the same. Unlike React.lazy
 * nothing suspends: the stand-in is swapped for the component in one render, so state the caller
 * keeps (typed text, a wish to open) carries over.
 */
export function useIdleComponent<P>(load: () => Promise<ComponentType<P>>): IdleComponent<P> {
  const [Component, setComponent] = useState<ComponentType<P>>();
  const request = useCallback(() => {
    loadOnce(load).then(
      (loaded) => setComponent(() => loaded),
      // The stand-in stays; the next request tries again (a dropped connection, a new deployment).
      (error: unknown) => console.warn('A part of the console could not be loaded', error),
    );
  }, [load]);
  useEffect(() => whenIdle(request), [request]);
  return { Component, request };
}

/** True from the first time `open` is true: a lazily loaded dialog stays mounted to animate closing. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
