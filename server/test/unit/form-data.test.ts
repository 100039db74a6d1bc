import { describe, expect, it } from 'vitest';
import {
  formDefinitionProblems,
  nestsRepetition,
  type FormDefinition,
  type FormField,
} from '@console/contract/schema';
import {
  PATTERN_TIMEOUT_MS,
  checkFormData,
  formDataRefusal,
  type FormDataLookups,
} from '../../src/modules/flow/form/form-data.js';
import { translate } from '../../src/core/i18n.js';
import '../../src/messages.js';

// form-data.ts alone (issue 51): each type's shape and bounds, required fields, unknown keys, and
// which ids and keys it asks the lookups about. The lookups here answer from fixed sets, as the
// tenant's tables would (the real ones, on the three engines: integration/flow-form.test.ts); they
// also record what was asked, so the test sees that each kind is read once, only for values of the
// right shape.

const f = (key: string, type: string, more: Partial<FormField> = {}): FormField => ({
  key,
  type,
  label: { zh: key },
  ...more,
});

function lookups() {
  const asked: string[] = [];
  const answer = (kind: string, known: string[]) => async (ids: readonly string[]) => {
    asked.push(`${kind}:${[...ids].join(',')}`);
    return new Set(ids.filter((id) => known.includes(id)));
  };
  const source: FormDataLookups = {
    dictKeys: async (code, biz, keys) => {
      asked.push(`dict:${biz ? 'biz:' : ''}${code}:${keys.join(',')}`);
      const entries: Record<string, string[]> = { sex: ['1', '2'], 'biz:kind': ['travel'] };
      return new Set(keys.filter((key) => (entries[`${biz ? 'biz:' : ''}${code}`] ?? []).includes(key)));
    },
    users: answer('user', ['11', '12']),
    depts: answer('dept', ['21']),
    attachments: answer('attach', ['31', '32']),
  };
  return { source, asked };
}

const form: FormDefinition = {
  layout: 2,
  fields: [
    f('name', 'text', { required: true, min: 2, max: 8, pattern: '^[a-z]+$' }),
    f('about', 'textarea'),
    f('count', 'number', { min: -1, max: 3 }),
    f('price', 'money'),
    f('day', 'date'),
    f('at', 'datetime'),
    f('sex', 'dict', { dict: 'sex' }),
    f('kind', 'dict', { dict: 'kind', biz: true }),
    f('owner', 'user'),
    f('helper', 'user'),
    f('dept', 'dept'),
    f('files', 'attachment', { min: 1, max: 2 }),
  ],
};

const codes = async (data: Record<string, unknown>, definition = form) => {
  const errors = await checkFormData(definition, data, lookups().source);
  return Object.fromEntries(Object.entries(errors).map(([key, error]) => [key, error.key.split('.').pop()]));
};

describe('form data against its definition', () => {
  it('takes data of the right shapes, within bounds, whose ids and keys exist', async () => {
    const { source, asked } = lookups();
    const data = {
      name: 'abc',
      about: '多行\n文本',
      count: -1,
      price: 19.99,
      day: '2024-02-29',
      at: '2024-02-29 00:00:00',
      sex: '1',
      kind: 'travel',
      owner: '11',
      helper: '12',
      dept: '21',
      files: ['31', '32'],
    };
    expect(await checkFormData(form, data, source)).toEqual({});
    // One read of each kind, the values of both user fields together.
    expect(asked.sort()).toEqual([
      'attach:31,32',
      'dept:21',
      'dict:biz:kind:travel',
      'dict:sex:1',
      'user:11,12',
    ]);
  });

  it('asks for required fields only, and leaves empty optional ones unread', async () => {
    const { source, asked } = lookups();
    expect(await checkFormData(form, { name: null, files: [] }, source)).toEqual({
      name: { key: 'flow.form.data.required', params: {} },
    });
    expect(asked).toEqual([]);
    expect(await codes({ name: '  \n' })).toEqual({ name: 'required' });
  });

  it('answers each fault under its field', async () => {
    expect(
      await codes({
        name: 'a',
        about: 'x'.repeat(5001),
        count: 4,
        price: 0.001,
        day: '2023-02-29',
        at: '2023-01-01T00:00:00',
        sex: '3',
        kind: 'food',
        owner: '13',
        helper: 'abc',
        dept: '22',
        files: ['31', '33'],
        other: 'x',
      }),
    ).toEqual({
      other: 'unknownField',
      name: 'tooShort',
      about: 'tooLong',
      count: 'aboveMax',
      price: 'notMoney',
      day: 'notDate',
      at: 'notDateTime',
      sex: 'notInDict',
      kind: 'notInDict',
      owner: 'noSuchUser',
      helper: 'noSuchUser',
      dept: 'noSuchDept',
      files: 'noSuchAttachment',
    });
    expect(await codes({ name: 'abcdefghi' })).toEqual({ name: 'tooLong' });
    expect(await codes({ name: 'ABC' })).toEqual({ name: 'patternMismatch' });
    expect(await codes({ name: ['abc'] })).toEqual({ name: 'notText' });
    expect(await codes({ name: 'ab', count: -2 })).toEqual({ count: 'belowMin' });
    expect(await codes({ name: 'ab', count: '1' })).toEqual({ count: 'notNumber' });
    expect(await codes({ name: 'ab', count: Number.NaN })).toEqual({ count: 'notNumber' });
    expect(await codes({ name: 'ab', price: 1e16 })).toEqual({ price: 'notMoney' });
    expect(await codes({ name: 'ab', files: ['31', '32', '31'] })).toEqual({ files: 'notAttachments' });
    expect(await codes({ name: 'ab', files: '31' })).toEqual({ files: 'notAttachments' });
    expect(await codes({ name: 'ab', at: '2024-01-01 12:60:00' })).toEqual({ at: 'notDateTime' });
    expect(await codes({ name: 'ab', sex: { key: '1' } })).toEqual({ sex: 'notInDict' });
  });

  it('caps text and attachments whatever the definition says', async () => {
    const open: FormDefinition = { layout: 1, fields: [f('t', 'text'), f('a', 'attachment')] };
    expect(await codes({ t: 'x'.repeat(500) }, open)).toEqual({});
    expect(await codes({ t: 'x'.repeat(501) }, open)).toEqual({ t: 'tooLong' });
    // Characters, not UTF-16 units: 500 emoji fit.
    expect(await codes({ t: '😀'.repeat(500) }, open)).toEqual({});
    const many = Array.from({ length: 21 }, (_, i) => String(100 + i));
    expect(await codes({ a: many }, open)).toEqual({ a: 'tooMany' });
  });

  it('stops a pattern that backtracks past its time, whatever the definition checks let through', async () => {
    // (a|a)* repeats no repetition, so the definition's check passes it; on 40 a's it would run for ages.
    const slow: FormDefinition = { layout: 1, fields: [f('t', 'text', { pattern: '^(a|a)*b$' })] };
    expect(formDefinitionProblems(slow)).toEqual([]);
    const started = Date.now();
    expect(await codes({ t: 'a'.repeat(40) }, slow)).toEqual({ t: 'patternTimeout' });
    expect(Date.now() - started).toBeLessThan(20 * PATTERN_TIMEOUT_MS);
    // The same pattern on a short value answers as usual.
    expect(await codes({ t: 'aab' }, slow)).toEqual({});
    expect(await codes({ t: 'aac' }, slow)).toEqual({ t: 'patternMismatch' });
  });

  it('makes one 400 naming each faulty field, in the language asked', async () => {
    const errors = await checkFormData(form, { name: 'ABC', count: 9 }, lookups().source);
    const refusal = formDataRefusal(errors, (e) => translate('en', e.key, e.params));
    expect(refusal?.code).toBe(400);
    expect(translate('en', refusal!.messageKey, refusal!.params)).toBe(
      'The form data is not valid: name: Not in the expected format; count: Must not be above 3',
    );
    expect(formDataRefusal({}, () => '')).toBeUndefined();
  });
});

describe('form definitions', () => {
  const problems = (fields: FormField[]) => formDefinitionProblems({ layout: 1, fields }).map((p) => p.code);

  it('names duplicate keys, unknown types, bad patterns and bounds the wrong way round', () => {
    expect(problems([f('a', 'text'), f('b', 'money', { min: 0, max: 10 })])).toEqual([]);
    expect(problems([f('a', 'text'), f('a', 'text')])).toEqual(['duplicateKey']);
    expect(problems([f('a', 'colour')])).toEqual(['unknownType']);
    expect(problems([f('a', 'text', { pattern: '[' })])).toEqual(['badPattern']);
    expect(problems([f('a', 'text', { min: 3, max: 2 })])).toEqual(['minAboveMax']);
    expect(problems([f('a', 'text', { min: 1.5 })])).toEqual(['badRange']);
    expect(problems([f('a', 'text', { max: 501 })])).toEqual(['badRange']);
    expect(problems([f('a', 'attachment', { max: 21 })])).toEqual(['badRange']);
    expect(problems([f('a', 'number', { min: -5.5, max: -1 })])).toEqual([]);
    expect(problems([f('a', 'date', { max: 1 })])).toEqual(['rangeNotAllowed']);
    expect(problems([f('a', 'number', { pattern: '\\d' })])).toEqual(['patternNotAllowed']);
    expect(problems([f('a', 'dict')])).toEqual(['noDict']);
    expect(problems([f('a', 'text', { label: { zh: ' ' } })])).toEqual(['noLabel']);
    expect(problems([f('a-b', 'text'), f('9', 'text')])).toEqual(['badKey', 'badKey']);
    expect(problems([])).toEqual(['noFields']);
    expect(problems(Array.from({ length: 61 }, (_, i) => f(`k${i}`, 'text')))).toEqual(['tooManyFields']);
  });

  it('refuses patterns that repeat a repetition', () => {
    for (const pattern of ['(a+)+', '(\\d*)*$', '^(x{2,})+', '((ab)*c)*', '(?:a|b+){3,}'])
      expect(nestsRepetition(pattern), pattern).toBe(true);
    for (const pattern of [
      '^[A-Z]\\d+$',
      '(ab)+',
      '(a+)?',
      '[(a+)+]',
      '\\(a+\\)+',
      '^\\d{3}-\\d{4}$',
      '(a{2})+',
    ])
      expect(nestsRepetition(pattern), pattern).toBe(false);
  });
});
