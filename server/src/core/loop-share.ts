import { setImmediate as nextLoopTurn } from 'node:timers/promises';

/**
 * Long work on the event loop (an import's 50,000 rows) shares it with others' requests: `share()`
 * gives the loop a turn once `budgetMs` of work has run since the last turn, so a request waits at
 * most about that long per turn it needs, however slow each step is on a loaded machine. A fixed
 * count of steps between turns held the loop 25 ms on a quiet machine and hundreds on a busy one.
 */
export function loopShare(budgetMs = 8): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < budgetMs) return undefined;
    return nextLoopTurn().then(() => {
      since = performance.now();
    });
  };
}
