import { theme } from 'antd';
import { useId } from 'react';
import { tickStep } from '../../home/RefundChart';

// A small line chart of one rate over the last hour, drawn as SVG as the home page's and the
// reports' charts are (no chart library): gridlines at round steps, the hour's first, middle and
// last minute under it, and a summary for screen readers (the chart is one image to them).

export interface RatePoint {
  /** The minute, `HH:mm`. */
  label: string;
  value: number;
}

const WIDTH = 320;
const HEIGHT = 120;
const PLOT = { left: 32, right: 8, top: 8, bottom: 20 };

export function RateChart({
  title,
  summary,
  points,
  color,
}: {
  title: string;
  /** What a screen reader is told instead of the picture (the last and highest values). */
  summary: string;
  points: readonly RatePoint[];
  color?: string;
}) {
  const { token } = theme.useToken();
  const id = useId();
  const highest = Math.max(0, ...points.map((point) => point.value));
  const step = tickStep(highest);
  const top = Math.max(step, Math.ceil(highest / step) * step);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const x = (index: number) => PLOT.left + (index / Math.max(1, points.length - 1)) * plotWidth;
  const y = (value: number) => PLOT.top + plotHeight - (value / top) * plotHeight;
  const labelled = new Set([0, Math.floor((points.length - 1) / 2), points.length - 1]);
  return (
    <figure style={{ margin: 0 }}>
      <figcaption style={{ fontSize: 12, color: token.colorTextSecondary }}>{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        data-chart="rate"
        style={{ display: 'block', fontSize: 10 }}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PLOT.left}
              x2={WIDTH - PLOT.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke={token.colorSplit}
            />
            <text x={PLOT.left - 4} y={y(tick)} dy="0.32em" textAnchor="end" fill={token.colorTextSecondary}>
              {tick}
            </text>
          </g>
        ))}
        {points.map((point, index) =>
          labelled.has(index) ? (
            <text
              key={index}
              x={x(index)}
              y={HEIGHT - 6}
              textAnchor={index === 0 ? 'start' : index === points.length - 1 ? 'end' : 'middle'}
              fill={token.colorTextSecondary}
            >
              {point.label}
            </text>
          ) : null,
        )}
        <polyline
          points={points.map((point, index) => `${x(index)},${y(point.value)}`).join(' ')}
          fill="none"
          stroke={color ?? token.colorPrimary}
          strokeWidth={1.5}
          strokeLinejoin="round"
        />
      </svg>
    </figure>
  );
}
