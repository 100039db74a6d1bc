import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { registerDraft, takeDraft } from './drafts';

/**
 * A form of a page of its own (not the CRUD kit's, which keeps its forms itself: crud/useCrudDrafts.ts)
 * that outlives a session that ends (drafts.ts): while it is on screen, the fields the user changed
 * are registered under `key`; once the same user is back and the form has what it loads (`ready`),
 * they go back over it and `onRestored` is called (the page says so). Values that are not plain
 * JSON (dates held as objects) and password fields are not kept.
 */
export function useFormDraft(key: string, form: FormInstance, ready: boolean, onRestored: () => void): void {
  const restored = useRef(onRestored);
  restored.current = onRestored;

  useEffect(() => {
    if (!ready) return undefined;
    const kept = takeDraft(key);
    if (typeof kept === 'object' && kept !== null && !Array.isArray(kept) && Object.keys(kept).length > 0) {
      // Marked as changed again: a session that ends once more keeps them once more.
      form.setFields(Object.entries(kept).map(([name, value]) => ({ name, value, touched: true })));
      restored.current();
    }
    return registerDraft(key, () => {
      const changed = Object.keys(form.getFieldsValue(true) as object).filter((name) =>
        form.isFieldTouched(name),
      );
      if (changed.length === 0) return undefined;
      return Object.fromEntries(changed.map((name) => [name, form.getFieldValue(name) as unknown]));
    });
  }, [key, form, ready]);
}
