import type { FormInstance } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { registerDraft, takeDraft } from './drafts';

/**
 * A form of a page of its own (not the CRUD kit's, which keeps its forms itself: crud/useCrudDrafts.ts)
 * that outlives a session that ends (drafts.ts): while it is on screen, the fields the user changed
 * are registered under `key`; once the same user is back and the form has what it loads (`ready`),
 * they go back over it and `onRestored` is called (the page says so). Dates held as the pickers'
 * moments are kept as their ISO text and come back as moments; password fields are not kept.
 */
export function useFormDraft(key: string, form: FormInstance, ready: boolean, onRestored: () => void): void {
  const restored = useRef(onRestored);
  restored.current = onRestored;

  useEffect(() => {
    if (!ready) return undefined;
    const kept = takeDraft(key);
    if (typeof kept === 'object' && kept !== null && !Array.isArray(kept) && Object.keys(kept).length > 0) {
      // Marked as changed again: a session that ends once more keeps them once more.
      form.setFields(
        Object.entries(kept).map(([name, value]) => ({ name, value: fromDraft(value), touched: true })),
      );
      restored.current();
    }
    return registerDraft(key, () => {
      const changed = Object.keys(form.getFieldsValue(true) as object).filter((name) =>
        form.isFieldTouched(name),
      );
      if (changed.length === 0) return undefined;
      return Object.fromEntries(changed.map((name) => [name, toDraft(form.getFieldValue(name))]));
    });
  }, [key, form, ready]);
}

/** How a moment is written down: `{ "$moment": "<ISO text>" }`. */
interface KeptMoment {
  $moment: string;
}

/** A field's value as it is kept: a moment (or a range of them) as ISO text, anything else as it is. */
function toDraft(value: unknown): unknown {
  if (dayjs.isDayjs(value))
    return value.isValid() ? ({ $moment: value.toISOString() } satisfies KeptMoment) : undefined;
  if (Array.isArray(value)) return value.map(toDraft);
  return value;
}

/** A kept value as the field holds it: moments back as moments. */
function fromDraft(value: unknown): unknown {
  if (isKeptMoment(value)) return dayjs(value.$moment);
  if (Array.isArray(value)) return value.map(fromDraft);
  return value;
}

function isKeptMoment(value: unknown): value is KeptMoment {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length === 1 &&
    typeof (value as Partial<KeptMoment>).$moment === 'string'
  );
}
