import type { FastifyInstance } from 'fastify';

// The server's periodic purges (log rows past LOG_RETENTION_DAYS, messages past their tenant's
// retention): one way to run them. A purge runs a minute after the process starts and then hourly,
// in every process: purges are idempotent, so with several processes each simply finds less to do.
// A run that is still going when the next is due is not doubled; a failure is logged, never thrown,
// and the next run tries again. The timers keep no process alive and stop when the app closes.

/** How long after start a purge first runs. */
export const PURGE_FIRST_RUN_MS = 60_000;
/** How often a purge runs after that. */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Runs `purge` periodically for as long as the app is open; `name` says which in the log. */
export function schedulePurge(
  app: Pick<FastifyInstance, 'log' | 'addHook'>,
  name: string,
  purge: () => Promise<unknown>,
): void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    purge()
      .catch((err: unknown) => app.log.error({ err }, `${name} failed`))
      .finally(() => (running = false));
  };
  const first = setTimeout(run, PURGE_FIRST_RUN_MS);
  first.unref();
  const every = setInterval(run, PURGE_INTERVAL_MS);
  every.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
  });
}
