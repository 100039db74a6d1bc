import { describe, expect, it } from 'vitest';
import { loopShare } from '../../src/core/loop-share.js';

// Long work gives the event loop a turn once its budget of time has run, not after a count of steps.

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('loopShare', () => {
  it('lets work run on within its budget, then gives the loop a turn', async () => {
    const share = loopShare(20);
    let othersRan = false;
    setImmediate(() => (othersRan = true));
    await share();
    expect(othersRan).toBe(false);
    busy(25);
    const turn = share();
    expect(turn).toBeInstanceOf(Promise);
    await turn;
    expect(othersRan).toBe(true);
    // The budget starts again after the turn.
    expect(share()).toBeUndefined();
  });
});
