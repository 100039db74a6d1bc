import { describe, expect, it } from 'vitest';
import { formatYuan } from './money';

describe('formatYuan', () => {
  it('shows cents as yuan with two decimals and thousands separated', () => {
    expect(formatYuan(1234)).toBe('¥12.34');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(100)).toBe('¥1.00');
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(123456789)).toBe('¥1,234,567.89');
    expect(formatYuan(-250)).toBe('-¥2.50');
  });

  it('shows nothing for no amount', () => {
    expect(formatYuan(null)).toBe('');
    expect(formatYuan(undefined)).toBe('');
  });
});
