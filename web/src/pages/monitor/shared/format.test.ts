import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatFigure, formatPercent, formatUptime } from './format';

const units: Record<string, string> = {
  'monitor.figures.units.day': '天',
  'monitor.figures.units.hour': '小时',
  'monitor.figures.units.minute': '分',
  'monitor.figures.units.second': '秒',
};
const t = ((key: string) => units[key] ?? key) as unknown as TFunction;

describe('the monitor’s figures', () => {
  it('shows shares as percentages, small ones with a decimal', () => {
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.004)).toBe('0.4%');
    expect(formatPercent(0.1234)).toBe('12%');
    expect(formatPercent(1)).toBe('100%');
  });

  it('shows rates and times with at most two decimals', () => {
    expect(formatFigure(8.456)).toBe('8.46');
    expect(formatFigure(3)).toBe('3');
    expect(formatFigure(123.4)).toBe('123');
  });

  it('shows an uptime in its two largest units', () => {
    expect(formatUptime(0, t)).toBe('0 秒');
    expect(formatUptime(3 * 86_400 + 4 * 3600 + 5, t)).toBe('3 天 4 小时');
    expect(formatUptime(125, t)).toBe('2 分 5 秒');
  });
});
