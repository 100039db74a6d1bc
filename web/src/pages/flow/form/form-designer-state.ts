import {
  formDefinitionProblems,
  rangeOf,
  type FormDefinition,
  type FormDefinitionProblem,
  type FormField,
  type FormFieldType,
} from '@console/contract/flow';
import { useCallback, useMemo, useReducer } from 'react';

// The form designer's state (issue 51), apart from antd and the DOM: the fields in order, the one
// being edited, the layout. The reducer is pure (form-designer-state.test.ts runs it alone);
// useFormDesigner wraps it for the page. Fields carry a `uid` of their own, so that a field's key
// can be edited while it stays selected and keeps its row.

export interface DesignerField extends FormField {
  uid: string;
}

export interface DesignerState {
  layout: 1 | 2;
  fields: DesignerField[];
  /** The uid of the field whose properties are edited, if any. */
  selected: string | undefined;
  /** Fields added so far: the next one's key and uid count on from it. */
  added: number;
}

export type DesignerAction =
  | { type: 'add'; fieldType: FormFieldType; label: { zh: string; en: string } }
  | { type: 'remove'; uid: string }
  | { type: 'move'; uid: string; by: -1 | 1 }
  | { type: 'select'; uid: string | undefined }
  | { type: 'change'; uid: string; patch: Partial<FormField> }
  | { type: 'layout'; layout: 1 | 2 }
  | { type: 'reset'; definition: FormDefinition | undefined };

/** The state a definition opens as (none: an empty form in two columns). */
export function designerStateOf(definition: FormDefinition | undefined): DesignerState {
  const fields = (definition?.fields ?? []).map((field, i) => ({ ...field, uid: `f${i + 1}` }));
  return { layout: definition?.layout ?? 2, fields, selected: fields[0]?.uid, added: fields.length };
}

/** A key no field has yet: field1, field2, … */
function freshKey(fields: readonly DesignerField[], from: number): string {
  const taken = new Set(fields.map((field) => field.key));
  let n = from;
  while (taken.has(`field${n}`)) n++;
  return `field${n}`;
}

/** What a field keeps when its type changes: bounds and patterns only where the new type takes them. */
function retyped(field: DesignerField, type: string): DesignerField {
  const range = rangeOf(type);
  const next: DesignerField = { ...field, type };
  if (range === undefined || range !== rangeOf(field.type)) {
    delete next.min;
    delete next.max;
  }
  if (range !== 'length') delete next.pattern;
  if (type !== 'dict') {
    delete next.dict;
    delete next.biz;
  }
  return next;
}

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  switch (action.type) {
    case 'add': {
      const added = state.added + 1;
      const field: DesignerField = {
        uid: `n${added}`,
        key: freshKey(state.fields, added),
        type: action.fieldType,
        label: { zh: action.label.zh, en: action.label.en },
        required: false,
        searchable: false,
      };
      // After the field being edited, or last.
      const at = state.fields.findIndex((f) => f.uid === state.selected);
      const fields = [...state.fields];
      fields.splice(at < 0 ? fields.length : at + 1, 0, field);
      return { ...state, fields, selected: field.uid, added };
    }
    case 'remove': {
      const at = state.fields.findIndex((f) => f.uid === action.uid);
      if (at < 0) return state;
      const fields = state.fields.filter((f) => f.uid !== action.uid);
      const selected =
        state.selected === action.uid
          ? (fields[Math.min(at, fields.length - 1)]?.uid ?? undefined)
          : state.selected;
      return { ...state, fields, selected };
    }
    case 'move': {
      const at = state.fields.findIndex((f) => f.uid === action.uid);
      const to = at + action.by;
      if (at < 0 || to < 0 || to >= state.fields.length) return state;
      const fields = [...state.fields];
      [fields[at], fields[to]] = [fields[to]!, fields[at]!];
      return { ...state, fields };
    }
    case 'select':
      return state.fields.some((f) => f.uid === action.uid) || action.uid === undefined
        ? { ...state, selected: action.uid }
        : state;
    case 'change': {
      const fields = state.fields.map((field) => {
        if (field.uid !== action.uid) return field;
        const { type, ...rest } = action.patch;
        const base = type !== undefined && type !== field.type ? retyped(field, type) : field;
        return { ...base, ...rest, label: rest.label ? { ...base.label, ...rest.label } : base.label };
      });
      return { ...state, fields };
    }
    case 'layout':
      return { ...state, layout: action.layout };
    case 'reset':
      return designerStateOf(action.definition);
  }
}

const blank = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '';

/** The definition the state describes, as submit takes it (empty properties left out). */
export function definitionOf(state: Pick<DesignerState, 'layout' | 'fields'>): FormDefinition {
  return {
    layout: state.layout,
    fields: state.fields.map(({ uid: _uid, ...field }) => {
      const out: FormField = {
        key: field.key.trim(),
        type: field.type,
        label: { zh: field.label.zh, ...(blank(field.label.en) ? {} : { en: field.label.en }) },
        required: field.required === true,
        searchable: field.searchable === true,
      };
      if (typeof field.min === 'number') out.min = field.min;
      if (typeof field.max === 'number') out.max = field.max;
      if (!blank(field.pattern)) out.pattern = field.pattern;
      if (field.type === 'dict') {
        out.dict = field.dict?.trim() ?? '';
        out.biz = field.biz === true;
      }
      return out;
    }),
  };
}

/** The designer for a page: its state, the definition and its problems, and the edits as functions. */
export function useFormDesigner(initial: FormDefinition | undefined) {
  const [state, dispatch] = useReducer(designerReducer, initial, designerStateOf);
  const definition = useMemo(() => definitionOf(state), [state]);
  const problems: FormDefinitionProblem[] = useMemo(() => formDefinitionProblems(definition), [definition]);
  const add = useCallback(
    (fieldType: FormFieldType, label: { zh: string; en: string }) =>
      dispatch({ type: 'add', fieldType, label }),
    [],
  );
  const remove = useCallback((uid: string) => dispatch({ type: 'remove', uid }), []);
  const move = useCallback((uid: string, by: -1 | 1) => dispatch({ type: 'move', uid, by }), []);
  const select = useCallback((uid: string | undefined) => dispatch({ type: 'select', uid }), []);
  const change = useCallback(
    (uid: string, patch: Partial<FormField>) => dispatch({ type: 'change', uid, patch }),
    [],
  );
  const setLayout = useCallback((layout: 1 | 2) => dispatch({ type: 'layout', layout }), []);
  const reset = useCallback(
    (next: FormDefinition | undefined) => dispatch({ type: 'reset', definition: next }),
    [],
  );
  const selectedField = state.fields.find((field) => field.uid === state.selected);
  return { state, definition, problems, selectedField, add, remove, move, select, change, setLayout, reset };
}

export type FormDesignerHandle = ReturnType<typeof useFormDesigner>;
