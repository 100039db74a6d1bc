import { useState, type Key } from 'react';
import { pageAfterRemoval, type ListState } from './list-state';
import type { TextKey } from './types';
import type { CrudList } from './useCrudList';
import { useStableHandler } from './useStableHandler';

export interface CrudRemoveOptions<T> {
  keyOf: (row: T) => string;
  /** The page's `api.remove`. */
  remove: ((ids: readonly string[]) => Promise<unknown>) | undefined;
  /** The list the rows are from: a selection holds while its state does (a search, a page turn or
   * a sort clears it), and its page and total decide the page shown after a removal. */
  list: Pick<CrudList<T>, 'state' | 'total' | 'showPage'>;
  /** Loads the list again (the page on screen). */
  refresh: () => Promise<void>;
  /** Asks `content`; runs `onOk` when confirmed (the page's confirmation, busy until it settles). */
  confirm: (content: TextKey, onOk: () => Promise<void>) => void;
  success: (text: TextKey) => void;
  warn: (text: TextKey) => void;
}

export interface CrudSelection<T> {
  keys: Key[];
  rows: T[];
}

/** The selected rows and their removal. */
export interface CrudRemove<T> {
  selection: CrudSelection<T>;
  select: (keys: Key[], rows: T[]) => void;
  /**
   * Removes `targets` once confirmed, says so, clears the selection and shows the list again (the
   * previous page when this one is left empty). None: a warning. A failed call keeps the selection:
   * the request layer has said why.
   */
  remove: (targets: readonly T[]) => void;
}

const NO_SELECTION: CrudSelection<never> = { keys: [], rows: [] };

/** Row and bulk removal of a table page (no antd: the page passes in its confirmation and messages). */
export function useCrudRemove<T>(options: CrudRemoveOptions<T>): CrudRemove<T> {
  const { list } = options;
  // Only rows on screen stay selected: a selection belongs to the list state it was made in.
  const [selected, setSelected] = useState<{ selection: CrudSelection<T>; in?: ListState }>({
    selection: NO_SELECTION,
  });
  const selection = selected.in === list.state ? selected.selection : NO_SELECTION;

  const select = useStableHandler((keys: Key[], rows: T[]) =>
    setSelected({ selection: { keys, rows }, in: list.state }),
  );
  const remove = useStableHandler((targets: readonly T[]) => {
    const { keyOf, confirm, success, warn, refresh } = options;
    if (targets.length === 0) {
      warn('crud.message.selectOne');
      return;
    }
    const { state, total, showPage } = list;
    confirm('crud.confirm.delete', async () => {
      try {
        await options.remove?.(targets.map(keyOf));
      } catch {
        return; // the request layer has shown the server's reason
      }
      success('crud.message.deleted');
      setSelected({ selection: NO_SELECTION });
      const current = pageAfterRemoval(state, total, targets.length);
      if (current === state.current) return refresh();
      await showPage(current);
    });
  });

  return { selection, select, remove };
}
