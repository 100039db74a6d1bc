import { describe, expect, it } from 'vitest';
import { isEmpty, phoneProblem } from './validate';

describe('isEmpty', () => {
  it.each([null, undefined, '', [], {}])('counts %j as empty', (value) => {
    expect(isEmpty(value)).toBe(true);
  });

  it.each([0, 1, -1, Number.NaN, false, true, ' ', 'a', [0], { a: undefined }, new Date(0)])(
    'counts %j as a value',
    (value) => {
      expect(isEmpty(value)).toBe(false);
    },
  );

  it('counts an object without a prototype and without keys as empty', () => {
    expect(isEmpty(Object.create(null))).toBe(true);
  });
});

describe('phoneProblem', () => {
  it('refuses an empty number first', () => {
    for (const value of [undefined, null, '', '   ']) expect(phoneProblem(value)).toBe('empty');
  });

  it('refuses a number that is not 11 characters long', () => {
    for (const value of ['1380013800', '138001380001', '1', '010-12345678']) {
      expect(phoneProblem(value)).toBe('length');
    }
  });

  it('refuses 11 characters that are not a mobile number', () => {
    // A landline with its area code, a wrong second digit, letters: the inverted check let these through.
    for (const value of ['01012345678', '12012345678', '1380013800a', '23800138000', '1380-013800']) {
      expect(phoneProblem(value)).toBe('format');
    }
  });

  it('accepts mobile numbers, with spaces around them or as a number', () => {
    for (const value of ['13800138000', '19912345678', ' 15012345678 ', 13800138000]) {
      expect(phoneProblem(value)).toBeUndefined();
    }
  });
});
