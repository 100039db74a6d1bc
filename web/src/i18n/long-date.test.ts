import { describe, expect, it } from 'vitest';
import { LANGUAGE_TAGS } from './index';
import { formatLongDate } from './long-date';

describe('formatLongDate', () => {
  // Every day of two years, compared with what Intl writes for the same date.
  const days = Array.from({ length: 731 }, (_, index) => new Date(2026, 0, 1 + index));

  it.each(['zh', 'en'] as const)('writes dates as Intl does for %s', (language) => {
    const intl = new Intl.DateTimeFormat(LANGUAGE_TAGS[language], { dateStyle: 'full' });
    for (const day of days) expect(formatLongDate(day, language)).toBe(intl.format(day));
  });

  it('writes a known date', () => {
    expect(formatLongDate(new Date(2026, 10, 22), 'zh')).toBe('2026年11月22日星期日');
    expect(formatLongDate(new Date(2026, 10, 22), 'en')).toBe('Sunday, November 22, 2026');
  });
});
