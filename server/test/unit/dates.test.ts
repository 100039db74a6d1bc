import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime, parseDateTime } from '../../src/core/dates.js';

const SHANGHAI = 'Asia/Shanghai';
const NEW_YORK = 'America/New_York';

/** The parsed instant as ISO text (null when refused), and whether it was a bare date. */
function parsed(text: string, timeZone: string): [string, boolean] | null {
  const result = parseDateTime(text, timeZone);
  return result && [result.instant.toISOString(), result.dateOnly];
}

describe('formatDateTime', () => {
  it.each([
    ['2024-01-01T00:00:00Z', SHANGHAI, '2024-01-01 08:00:00'],
    ['2024-01-01T00:00:00Z', 'UTC', '2024-01-01 00:00:00'],
    ['2024-01-01T00:00:00Z', NEW_YORK, '2023-12-31 19:00:00'],
    ['2024-07-01T00:00:00Z', NEW_YORK, '2024-06-30 20:00:00'],
    ['2024-02-29T15:59:59Z', SHANGHAI, '2024-02-29 23:59:59'],
    ['2024-02-29T16:00:00Z', SHANGHAI, '2024-03-01 00:00:00'],
    ['1970-01-01T00:00:00Z', 'UTC', '1970-01-01 00:00:00'],
    ['2099-12-31T23:59:59Z', 'UTC', '2099-12-31 23:59:59'],
  ])('%s in %s is %s', (iso, timeZone, expected) => {
    expect(formatDateTime(new Date(iso), timeZone)).toBe(expected);
  });

  it('drops milliseconds instead of rounding them up', () => {
    expect(formatDateTime(new Date('2024-01-01T00:00:00.999Z'), 'UTC')).toBe('2024-01-01 00:00:00');
    expect(formatDateTime(new Date('1969-12-31T23:59:59.500Z'), 'UTC')).toBe('1969-12-31 23:59:59');
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatDateTime(new Date('2024-05-05T16:00:00Z'), SHANGHAI)).toBe('2024-05-06 00:00:00');
    expect(formatDateTime(new Date('2024-05-05T04:00:00Z'), NEW_YORK)).toBe('2024-05-05 00:00:00');
  });
});

describe('parseDateTime', () => {
  it('reads the three wire forms in Asia/Shanghai', () => {
    expect(parsed('2024-01-01', SHANGHAI)).toEqual(['2023-12-31T16:00:00.000Z', true]);
    expect(parsed('2024-01-01 08:30', SHANGHAI)).toEqual(['2024-01-01T00:30:00.000Z', false]);
    expect(parsed('2024-01-01 08:30:15', SHANGHAI)).toEqual(['2024-01-01T00:30:15.000Z', false]);
    expect(parsed('2024-01-01 00:00:00', SHANGHAI)).toEqual(['2023-12-31T16:00:00.000Z', false]);
  });

  it('reads the three wire forms in UTC', () => {
    expect(parsed('2024-06-15', 'UTC')).toEqual(['2024-06-15T00:00:00.000Z', true]);
    expect(parsed('2024-06-15 23:59', 'UTC')).toEqual(['2024-06-15T23:59:00.000Z', false]);
    expect(parsed('2024-06-15 23:59:59', 'UTC')).toEqual(['2024-06-15T23:59:59.000Z', false]);
  });

  it('uses the offset in force on that day in America/New_York (DST)', () => {
    // Standard time, UTC-5.
    expect(parsed('2024-01-10 12:00:00', NEW_YORK)).toEqual(['2024-01-10T17:00:00.000Z', false]);
    expect(parsed('2024-01-10', NEW_YORK)).toEqual(['2024-01-10T05:00:00.000Z', true]);
    // DST starts 2024-03-10 at 02:00 local: the day starts in UTC-5, noon is UTC-4.
    expect(parsed('2024-03-10', NEW_YORK)).toEqual(['2024-03-10T05:00:00.000Z', true]);
    expect(parsed('2024-03-10 01:59:59', NEW_YORK)).toEqual(['2024-03-10T06:59:59.000Z', false]);
    expect(parsed('2024-03-10 03:00', NEW_YORK)).toEqual(['2024-03-10T07:00:00.000Z', false]);
    expect(parsed('2024-03-10 12:00:00', NEW_YORK)).toEqual(['2024-03-10T16:00:00.000Z', false]);
    expect(parsed('2024-07-04 12:00', NEW_YORK)).toEqual(['2024-07-04T16:00:00.000Z', false]);
    // DST ends 2024-11-03 at 02:00 local: back to UTC-5.
    expect(parsed('2024-11-03', NEW_YORK)).toEqual(['2024-11-03T04:00:00.000Z', true]);
    expect(parsed('2024-11-03 12:00:00', NEW_YORK)).toEqual(['2024-11-03T17:00:00.000Z', false]);
  });

  it('sets dateOnly only for a bare date', () => {
    expect(parseDateTime('2024-01-01', SHANGHAI)?.dateOnly).toBe(true);
    expect(parseDateTime('2024-01-01 00:00', SHANGHAI)?.dateOnly).toBe(false);
    expect(parseDateTime('2024-01-01 00:00:00', SHANGHAI)?.dateOnly).toBe(false);
  });

  it('accepts 29 February only in leap years', () => {
    expect(parsed('2024-02-29', 'UTC')).toEqual(['2024-02-29T00:00:00.000Z', true]);
    expect(parsed('2000-02-29', 'UTC')).toEqual(['2000-02-29T00:00:00.000Z', true]);
    expect(parseDateTime('2023-02-29', 'UTC')).toBeNull();
    expect(parseDateTime('2100-02-29', 'UTC')).toBeNull();
  });

  it.each([
    '2024-02-30',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-01-00',
    '2024-01-32',
    'garbage',
    '',
    '2024-01-01 24:00:00',
    '2024-01-01 12:60',
    '2024-01-01 12:00:60',
    '2024-1-1',
    '2024-01-01 8:00',
    '24-01-01',
    '2024/01/01',
    '2024-01-01 12',
    '2024-01-01 12:00:00.000',
    '2024-01-01 12:00:00Z',
    '2024-01-01 12:00:00+08:00',
    '2024-01-01x',
  ])('answers null for %j', (text) => {
    expect(parseDateTime(text, SHANGHAI)).toBeNull();
    expect(parseDateTime(text, NEW_YORK)).toBeNull();
  });

  it.each([
    '2024-01-01 00:00:00',
    '2024-02-29 12:34:56',
    '2024-03-10 01:59:59',
    '2024-03-10 03:00:00',
    '2024-11-03 00:59:59',
    '2024-11-03 02:00:00',
    '2024-12-31 23:59:59',
    '1970-01-01 08:00:00',
    '1999-12-31 23:59:59',
    '2038-01-19 11:14:08',
    '2099-12-31 23:59:59',
  ])('round-trips %s in both zones', (text) => {
    for (const timeZone of [SHANGHAI, NEW_YORK]) {
      const result = parseDateTime(text, timeZone);
      expect(result).not.toBeNull();
      expect(formatDateTime(result!.instant, timeZone)).toBe(text);
    }
  });

  it('round-trips every formatted instant from 1970 to 2100 in both zones', () => {
    const instant = fc.date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('2100-01-01T00:00:00Z'),
      noInvalidDate: true,
    });
    for (const timeZone of [SHANGHAI, NEW_YORK]) {
      fc.assert(
        fc.property(instant, (date) => {
          const text = formatDateTime(date, timeZone);
          const result = parseDateTime(text, timeZone);
          expect(result?.dateOnly).toBe(false);
          expect(formatDateTime(result!.instant, timeZone)).toBe(text);
          // The instant itself without milliseconds, or, in the hour repeated when daylight saving
          // ends, the other instant with the same wall time.
          const shift = Math.abs(result!.instant.getTime() - Math.floor(date.getTime() / 1000) * 1000);
          expect([0, 3_600_000]).toContain(shift);
        }),
        { numRuns: 5_000 },
      );
    }
  });

  it('does not move years before 100 into the 1900s', () => {
    // Date.UTC maps years 0..99 to 1900..1999; a parsed '0024-01-01' must not become 1924.
    const result = parseDateTime('0024-01-01 00:00:00', 'UTC');
    expect([null, '0024-01-01T00:00:00.000Z']).toContain(result && result.instant.toISOString());
  });
});
