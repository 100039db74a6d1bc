// @vitest-environment node
import type { FormDefinition } from '@console/contract/flow';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  definitionOf,
  designerReducer,
  designerStateOf,
  useFormDesigner,
  type DesignerAction,
  type DesignerState,
} from './form-designer-state';

// The designer's state without a DOM (this file runs in Node): adding, selecting, editing,
// reordering and removing fields, the layout, what a type change keeps, and the definition sent.

const label = (zh: string) => ({ zh, en: zh.toUpperCase() });
const run = (state: DesignerState, ...actions: DesignerAction[]) => actions.reduce(designerReducer, state);
const keys = (state: DesignerState) => state.fields.map((field) => field.key);

const saved: FormDefinition = {
  layout: 1,
  fields: [
    { key: 'title', type: 'text', label: { zh: '标题', en: 'Title' }, required: true, max: 20 },
    { key: 'amount', type: 'money', label: { zh: '金额' }, min: 0 },
  ],
};

describe('form designer state', () => {
  it('opens a definition with its first field selected, and an empty form in two columns', () => {
    const opened = designerStateOf(saved);
    expect(opened.layout).toBe(1);
    expect(keys(opened)).toEqual(['title', 'amount']);
    expect(opened.selected).toBe(opened.fields[0]!.uid);
    expect(designerStateOf(undefined)).toEqual({ layout: 2, fields: [], selected: undefined, added: 0 });
  });

  it('adds fields after the selected one with fresh keys, and selects each', () => {
    let state = designerStateOf(undefined);
    state = run(state, { type: 'add', fieldType: 'text', label: label('文本') });
    state = run(state, { type: 'add', fieldType: 'number', label: label('数字') });
    expect(keys(state)).toEqual(['field1', 'field2']);
    expect(state.selected).toBe(state.fields[1]!.uid);
    // Back to the first: the next goes right after it; a key taken by hand is skipped.
    state = run(
      state,
      { type: 'select', uid: state.fields[0]!.uid },
      { type: 'change', uid: state.fields[0]!.uid, patch: { key: 'field3' } },
      { type: 'add', fieldType: 'date', label: label('日期') },
    );
    expect(keys(state)).toEqual(['field3', 'field4', 'field2']);
    expect(state.fields[1]).toMatchObject({
      type: 'date',
      label: { zh: '日期', en: '日期' },
      required: false,
    });
  });

  it('moves fields up and down within the list, and removes them selecting a neighbour', () => {
    let state = designerStateOf(saved);
    const [title, amount] = state.fields.map((field) => field.uid);
    state = run(state, { type: 'move', uid: amount!, by: -1 });
    expect(keys(state)).toEqual(['amount', 'title']);
    expect(run(state, { type: 'move', uid: amount!, by: -1 })).toBe(state);
    expect(run(state, { type: 'move', uid: title!, by: 1 })).toBe(state);
    state = run(state, { type: 'select', uid: amount! }, { type: 'remove', uid: amount! });
    expect(keys(state)).toEqual(['title']);
    expect(state.selected).toBe(title);
    state = run(state, { type: 'remove', uid: title! });
    expect(state).toMatchObject({ fields: [], selected: undefined });
    expect(run(state, { type: 'select', uid: 'nobody' })).toBe(state);
  });

  it('edits properties; a new type drops what it does not take', () => {
    let state = designerStateOf(saved);
    const title = state.fields[0]!.uid;
    state = run(
      state,
      { type: 'change', uid: title, patch: { pattern: '^[A-Z]', label: { zh: '名称' } } },
      { type: 'layout', layout: 2 },
    );
    expect(state.fields[0]).toMatchObject({ label: { zh: '名称', en: 'Title' }, pattern: '^[A-Z]', max: 20 });
    expect(state.layout).toBe(2);
    // Long text keeps a length and a pattern; a number keeps neither bounds of length nor pattern.
    state = run(state, { type: 'change', uid: title, patch: { type: 'textarea' } });
    expect(state.fields[0]).toMatchObject({ type: 'textarea', pattern: '^[A-Z]', max: 20 });
    state = run(state, { type: 'change', uid: title, patch: { type: 'number' } });
    expect(state.fields[0]!.pattern).toBeUndefined();
    expect(state.fields[0]!.max).toBeUndefined();
    state = run(state, { type: 'change', uid: title, patch: { type: 'dict', dict: 'sex' } });
    expect(state.fields[0]).toMatchObject({ type: 'dict', dict: 'sex' });
    state = run(state, { type: 'change', uid: title, patch: { type: 'user' } });
    expect(state.fields[0]!.dict).toBeUndefined();
  });

  it('answers the definition to send, empty properties left out', () => {
    let state = designerStateOf(saved);
    const amount = state.fields[1]!.uid;
    state = run(
      state,
      { type: 'change', uid: amount, patch: { label: { zh: '金额', en: '  ' }, pattern: '' } },
      { type: 'select', uid: amount },
      { type: 'add', fieldType: 'dict', label: label('选项') },
    );
    expect(definitionOf(state)).toEqual({
      layout: 1,
      fields: [
        {
          key: 'title',
          type: 'text',
          label: { zh: '标题', en: 'Title' },
          required: true,
          searchable: false,
          max: 20,
        },
        { key: 'amount', type: 'money', label: { zh: '金额' }, required: false, searchable: false, min: 0 },
        {
          key: 'field3',
          type: 'dict',
          label: label('选项'),
          required: false,
          searchable: false,
          dict: '',
          biz: false,
        },
      ],
    });
    expect(run(state, { type: 'reset', definition: saved }).fields.map((f) => f.key)).toEqual([
      'title',
      'amount',
    ]);
  });

  it('as a hook: the definition and its problems, the same checks as the server', () => {
    let seen: ReturnType<typeof useFormDesigner> | undefined;
    function Probe({ definition }: { definition: FormDefinition }) {
      seen = useFormDesigner(definition);
      return null;
    }
    renderToString(createElement(Probe, { definition: saved }));
    expect(seen?.definition.fields.map((f) => f.key)).toEqual(['title', 'amount']);
    expect(seen?.problems).toEqual([]);
    expect(seen?.selectedField?.key).toBe('title');

    const faulty: FormDefinition = {
      layout: 2,
      fields: [
        { key: 'a', type: 'text', label: { zh: 'A' }, pattern: '(' },
        { key: 'a', type: 'number', label: { zh: 'B' }, min: 5, max: 1 },
      ],
    };
    renderToString(createElement(Probe, { definition: faulty }));
    expect(seen?.problems.map((p) => p.code)).toEqual(['badPattern', 'duplicateKey', 'minAboveMax']);
  });
});
