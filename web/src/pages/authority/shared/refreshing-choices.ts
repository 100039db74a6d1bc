import { queryClient } from '../../../app/query-client';

/**
 * A change call after which a choice list is out of date (the menu tree of the parent field after a
 * menu is added): once it succeeds, the list loads again, so a new row can be chosen at once —
 * "add child" on a menu just added shows its name, not its id.
 */
export function refreshingChoices<A extends unknown[], R>(
  call: (...args: A) => Promise<R>,
  queryKey: readonly unknown[],
): (...args: A) => Promise<R> {
  return async (...args) => {
    const result = await call(...args);
    void queryClient.invalidateQueries({ queryKey });
    return result;
  };
}
