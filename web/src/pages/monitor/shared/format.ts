import type { TFunction } from 'i18next';
import { formatDuration } from '../../../components/bpmn/format';

// The monitor pages' numbers as people read them (sizes: resource/shared/format.ts's formatBytes).

/** A share (0–1) as a percentage: `0%`, `0.4%`, `12%`. */
export function formatPercent(share: number): string {
  const percent = share * 100;
  return `${percent === 0 || percent >= 10 ? Math.round(percent) : +percent.toFixed(1)}%`;
}

/** A rate or a time with at most two decimals: `0.25`, `12.5`, `3`. */
export function formatFigure(value: number): string {
  return String(+value.toFixed(value >= 100 ? 0 : 2));
}

/** A process's uptime in its two largest units: `3 天 4 小时`, `5 min 2 s`. */
export function formatUptime(seconds: number, t: TFunction): string {
  const units = {
    day: t('monitor.figures.units.day'),
    hour: t('monitor.figures.units.hour'),
    minute: t('monitor.figures.units.minute'),
    second: t('monitor.figures.units.second'),
  };
  return formatDuration(seconds * 1000, units)
    .split(' ')
    .slice(0, 4)
    .join(' ');
}
