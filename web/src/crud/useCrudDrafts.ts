import { useEffect } from 'react';
import { registerDraft, takeDraft } from '../app/session/drafts';
import { fieldType } from './columns';
import { isEmptyValue } from './search';
import type { ColumnShape, CrudFormValues } from './types';
import { useStableHandler } from './useStableHandler';

// A table page's search form and add/edit dialog outlive a session that ends (app/session/drafts.ts):
// while the page is on screen both are registered; once the same user is back on the page, the
// search form gets its values again (and lists with them), an add or edit dialog that was open
// opens again with what had been typed, and the page says so once.

/** The add or edit dialog as it was left. */
export interface DialogDraft {
  mode: 'add' | 'edit';
  /** Edit: the key of the record edited. */
  id?: string;
  /** Add: the values typed (and filled in); edit: the fields changed, to go over the record's. */
  values: CrudFormValues;
}

export interface CrudDraftsOptions {
  /** Names the page's drafts: its path and the kit's name, `<path>|<name>`. */
  key: string;
  /** The search form's values now; undefined without a search form. */
  readSearch: () => CrudFormValues | undefined;
  /** Gives the search form these values again and lists with them. */
  restoreSearch: (values: CrudFormValues) => void;
  /** The add or edit dialog open now; undefined when none is (or it holds nothing). */
  readDialog: () => DialogDraft | undefined;
  /** Opens the dialog again as it was. */
  restoreDialog: (draft: DialogDraft) => void;
  /** Something came back: the page says so. */
  onRestored: () => void;
}

/** The draft keys of a page's forms: `<path>|<name>|search` and `<path>|<name>|dialog`. */
const draftKeys = (key: string) => ({ search: `${key}|search`, dialog: `${key}|dialog` });

/**
 * Registers the page's search form and dialog for the session's end, and when the page comes
 * (once per key) gives back what was kept for it. The handlers may change from render to render.
 */
export function useCrudDrafts(options: CrudDraftsOptions): void {
  const { key } = options;
  const readSearch = useStableHandler(() => options.readSearch());
  const readDialog = useStableHandler(() => options.readDialog());
  const restore = useStableHandler(() => {
    const keys = draftKeys(key);
    const search = takeDraft(keys.search);
    const dialog = takeDraft(keys.dialog);
    if (isValues(search)) options.restoreSearch(search);
    if (isDialogDraft(dialog)) options.restoreDialog(dialog);
    if (isValues(search) || isDialogDraft(dialog)) options.onRestored();
  });

  useEffect(() => {
    restore();
    const keys = draftKeys(key);
    const stops = [registerDraft(keys.search, readSearch), registerDraft(keys.dialog, readDialog)];
    return () => {
      for (const stop of stops) stop();
    };
  }, [key, readSearch, readDialog, restore]);
}

/** A form's values without its password fields, which are never kept. */
export function withoutPasswords(
  columns: readonly ColumnShape[],
  values: Readonly<CrudFormValues>,
): CrudFormValues {
  const passwords = new Set(
    columns.filter((column) => fieldType(column) === 'password').map((column) => column.prop),
  );
  return Object.fromEntries(Object.entries(values).filter(([prop]) => !passwords.has(prop)));
}

/** The search form's values worth keeping (not empty, no password); undefined when none is. */
export function searchDraft(
  columns: readonly ColumnShape[],
  values: Readonly<CrudFormValues>,
): CrudFormValues | undefined {
  const kept = Object.entries(withoutPasswords(columns, values)).filter(([, value]) => !isEmptyValue(value));
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

function isValues(value: unknown): value is CrudFormValues {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDialogDraft(value: unknown): value is DialogDraft {
  const draft = value as Partial<DialogDraft> | null;
  return (
    isValues(draft) &&
    isValues(draft.values) &&
    (draft.mode === 'add' || (draft.mode === 'edit' && typeof draft.id === 'string'))
  );
}
