import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalAtMostPattern, IdGenerator, isId, MAX_ID, parseIdList } from '../../src/core/ids.js';

const MAX_SIGNED_64 = 9_223_372_036_854_775_807n;

describe('IdGenerator', () => {
  it('produces 100,000 unique, strictly increasing decimal ids within signed 64 bits', () => {
    const generator = new IdGenerator(7);
    const ids: string[] = [];
    for (let i = 0; i < 100_000; i++) ids.push(generator.next());

    expect(new Set(ids).size).toBe(100_000);
    let previous = 0n;
    let misordered = 0;
    let bad: string | undefined;
    for (const id of ids) {
      if (!/^[1-9]\d*$/.test(id)) bad ??= id;
      const n = BigInt(id);
      if (n <= previous) misordered++;
      if (n > MAX_SIGNED_64) bad ??= id;
      previous = n;
    }
    expect(bad).toBeUndefined();
    expect(misordered).toBe(0);
    expect(ids.every(isId)).toBe(true);
  });

  it.each([0, 1, 7, 512, 1023])('embeds worker id %i in bits 12..21', (worker) => {
    const generator = new IdGenerator(worker);
    const workers = new Set<bigint>();
    for (let i = 0; i < 10_000; i++) workers.add((BigInt(generator.next()) >> 12n) & 1023n);
    expect([...workers]).toEqual([BigInt(worker)]);
  });

  it('puts the time since the 2010-11-04 epoch in the high bits', () => {
    const before = BigInt(Date.now());
    const id = BigInt(new IdGenerator(3).next());
    const after = BigInt(Date.now());
    const millis = (id >> 22n) + 1_288_834_974_657n;
    expect(millis >= before && millis <= after).toBe(true);
  });

  it('gives two workers different ids in the same millisecond', () => {
    const a = new IdGenerator(1);
    const b = new IdGenerator(2);
    const ids = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      ids.add(a.next());
      ids.add(b.next());
    }
    expect(ids.size).toBe(10_000);
  });

  it.each([-1, 1024, 1.5, Number.NaN])('refuses worker id %s', (worker) => {
    expect(() => new IdGenerator(worker)).toThrow(RangeError);
    expect(() => new IdGenerator(worker)).toThrow(
      `worker id must be an integer from 0 to 1023, got ${worker}`,
    );
  });
});

describe('isId', () => {
  it.each(['1', '42', '1234567890123456789', '9223372036854775807'])('accepts %s', (value) => {
    expect(isId(value)).toBe(true);
  });

  it.each([
    '',
    '0',
    '-1',
    '01',
    '1.0',
    ' 1',
    '1 ',
    'abc',
    '1e5',
    '9223372036854775808',
    '10000000000000000000',
    '99999999999999999999',
  ])('refuses %j', (value) => {
    expect(isId(value)).toBe(false);
  });
});

describe('parseIdList', () => {
  it('splits, trims, drops empty parts and dedupes in first-seen order', () => {
    expect(parseIdList('1,2, 2,,3')).toEqual(['1', '2', '3']);
    expect(parseIdList('3,1,3,2,1')).toEqual(['3', '1', '2']);
    expect(parseIdList(' 9223372036854775807 ')).toEqual(['9223372036854775807']);
  });

  it.each(['a,1', '1,a', '', ',', ' , ,', '1,0', '1,-2', '1,9223372036854775808', '1;2'])(
    'answers null for %j',
    (raw) => {
      expect(parseIdList(raw)).toBeNull();
    },
  );
});

describe('decimalAtMostPattern', () => {
  it('matches exactly the integers from 1 to the largest BIGINT, as isId does', () => {
    const pattern = new RegExp(decimalAtMostPattern(MAX_ID));
    const samples = [
      '1',
      '9',
      '10',
      '999999999999999999',
      '1000000000000000000',
      '9223372036854775806',
      '9223372036854775807',
      '9223372036854775808',
      '9223372036854775810',
      '9300000000000000000',
      '9999999999999999999',
      '10000000000000000000',
      '0',
      '01',
      '-1',
      '1.5',
      '',
    ];
    for (const sample of samples) expect(pattern.test(sample), sample).toBe(isId(sample));
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), (n) => {
        expect(pattern.test(String(n))).toBe(n >= 1n && n <= 9_223_372_036_854_775_807n);
      }),
      { numRuns: 2_000 },
    );
    // Values near the edge, where the digit-by-digit construction could go wrong.
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), (delta) => {
        const n = 9_223_372_036_854_775_807n + delta;
        expect(pattern.test(String(n))).toBe(n >= 1n && n <= 9_223_372_036_854_775_807n);
      }),
      { numRuns: 2_000 },
    );
  });

  it('handles small limits', () => {
    expect(decimalAtMostPattern('7')).toBe('^(?:[1-6]|7)$');
    const pattern = new RegExp(decimalAtMostPattern('120'));
    const accepted = Array.from({ length: 200 }, (_, i) => String(i)).filter((s) => pattern.test(s));
    expect(accepted).toEqual(Array.from({ length: 120 }, (_, i) => String(i + 1)));
  });
});
