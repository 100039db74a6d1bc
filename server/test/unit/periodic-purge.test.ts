import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PURGE_FIRST_RUN_MS, PURGE_INTERVAL_MS, schedulePurge } from '../../src/core/periodic-purge.js';

// The one way the server runs its periodic purges (log and message retention): a minute after
// start, then hourly; a failure logged and the next run still made; a slow run not doubled; nothing
// after the app closes.

function fakeApp() {
  const closers: Array<() => Promise<void>> = [];
  const error = vi.fn();
  const app = {
    log: { error },
    addHook: (name: string, hook: () => Promise<void>) => {
      if (name === 'onClose') closers.push(hook);
    },
  };
  return {
    app: app as unknown as Parameters<typeof schedulePurge>[0],
    error,
    close: () => Promise.all(closers.map((hook) => hook())),
  };
}

describe('schedulePurge', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs a minute after start, then hourly, until the app closes', async () => {
    const { app, close } = fakeApp();
    const purge = vi.fn(async () => 0);
    schedulePurge(app, 'test purge', purge);
    await vi.advanceTimersByTimeAsync(PURGE_FIRST_RUN_MS - 1);
    expect(purge).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(purge).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PURGE_INTERVAL_MS);
    expect(purge).toHaveBeenCalledTimes(2);
    await close();
    await vi.advanceTimersByTimeAsync(3 * PURGE_INTERVAL_MS);
    expect(purge).toHaveBeenCalledTimes(2);
  });

  it('logs a failure by name and runs again at the next hour; a run still going is not doubled', async () => {
    const { app, error, close } = fakeApp();
    let finish: () => void = () => undefined;
    const purge = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('database down'))
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)))
      .mockResolvedValue(undefined);
    schedulePurge(app, 'message retention', purge);
    await vi.advanceTimersByTimeAsync(PURGE_FIRST_RUN_MS);
    expect(error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'message retention failed');
    // The hour's run starts and does not end before the next hour: that one is skipped.
    await vi.advanceTimersByTimeAsync(PURGE_INTERVAL_MS);
    await vi.advanceTimersByTimeAsync(PURGE_INTERVAL_MS);
    expect(purge).toHaveBeenCalledTimes(2);
    finish();
    await vi.advanceTimersByTimeAsync(PURGE_INTERVAL_MS);
    expect(purge).toHaveBeenCalledTimes(3);
    await close();
  });
});
