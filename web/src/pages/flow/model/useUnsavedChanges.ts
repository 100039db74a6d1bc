import { useEffect, useRef, type RefObject } from 'react';
import type { BpmnDesignerHandle } from '../../../components/bpmn';
import { snapshotOf, type ModelForm } from './model-form';

/** How often and how many times the designer's first XML is read (see below). */
const BASELINE_POLL_MS = 300;
const BASELINE_TRIES = 100;

/**
 * Whether the model was changed since it was last loaded or saved: the form's values and the
 * designer's XML against a baseline. `xml` is what the designer was given (undefined while it
 * loads); `designer` reads what it shows now (it rejects until loaded).
 */
export function useUnsavedChanges({
  xml,
  initial,
  designer,
  getValues,
}: {
  xml: string | undefined;
  initial: ModelForm;
  designer: RefObject<BpmnDesignerHandle | null>;
  getValues: () => Partial<ModelForm>;
}) {
  // What was last loaded or saved: the form's values and the XML.
  const baseline = useRef<{ values: string; xml?: string }>(undefined);

  // The designer says nothing of its edits, and loads on its own time (its code, then the XML):
  // the XML it shows once loaded is read again until two readings agree, and that is the baseline.
  useEffect(() => {
    if (xml === undefined) return;
    baseline.current = { values: snapshotOf(initial) };
    let live = true;
    let last: string | undefined;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      let exported: string | undefined;
      try {
        exported = await designer.current?.getXml();
      } catch {
        exported = undefined; // not loaded yet
      }
      if (!live) return;
      if (exported !== undefined && exported === last) {
        // A save may have set the baseline meanwhile: it wins.
        if (baseline.current && baseline.current.xml === undefined)
          baseline.current = { ...baseline.current, xml: exported };
        return;
      }
      last = exported;
      tries += 1;
      if (tries < BASELINE_TRIES) timer = setTimeout(() => void read(), BASELINE_POLL_MS);
    };
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [xml, initial, designer]);

  const changed = async (): Promise<boolean> => {
    const base = baseline.current;
    if (base?.xml === undefined) return true;
    if (snapshotOf(getValues()) !== base.values) return true;
    try {
      return (await designer.current?.getXml()) !== base.xml;
    } catch {
      return true;
    }
  };

  return {
    changed,
    /** A save went through with these values and this XML: the new baseline. */
    saved: (values: ModelForm, savedXml: string) => {
      baseline.current = { values: snapshotOf(values), xml: savedXml };
    },
  };
}
