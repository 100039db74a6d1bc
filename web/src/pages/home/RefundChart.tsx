import type { Dashboard } from '@console/contract';
import { theme } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../business/refund/money';

// The home page's chart of refund decisions: bars drawn as SVG here, no chart library. Its own
// chunk, imported once the dashboard's numbers are on screen (React.lazy in Dashboard.tsx), so
// neither the sign-in page nor the first signed-in download carries it.

export type RefundDay = Dashboard['refundsByDay'][number];

const WIDTH = 640;
const HEIGHT = 220;
const PLOT = { left: 36, right: 8, top: 10, bottom: 26 };
/** A date label under every this many bars (and the last). */
const LABEL_EVERY = 5;

/** Gridline steps of 1, 2 or 5 times a power of ten: about four of them up to `max`. */
export function tickStep(max: number): number {
  const rough = Math.max(1, max / 4);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((n) => n * magnitude).find((n) => n >= rough) ?? rough;
  return Math.max(1, step);
}

/**
 * Agreed and rejected refunds per day, stacked, oldest first: an SVG with a title and a summary for
 * screen readers, a hover title per day, and the numbers themselves in a table they read.
 */
export default function RefundChart({ days }: { days: readonly RefundDay[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const id = useId();
  const agreedColor = token.colorSuccess;
  const rejectedColor = token.colorError;

  const highest = Math.max(0, ...days.map((day) => day.agreed + day.rejected));
  const step = tickStep(highest);
  const top = Math.max(step, Math.ceil(highest / step) * step);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.62);
  const y = (value: number) => PLOT.top + plotHeight - (value / top) * plotHeight;
  const totals = days.reduce(
    (sum, day) => ({ agreed: sum.agreed + day.agreed, rejected: sum.rejected + day.rejected }),
    { agreed: 0, rejected: 0 },
  );

  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        style={{ display: 'block', maxHeight: 260, fontSize: 11 }}
      >
        <title id={`${id}-title`}>{t('business.dashboard.chart.title')}</title>
        <desc id={`${id}-desc`}>{t('business.dashboard.chart.summary', totals)}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PLOT.left}
              x2={WIDTH - PLOT.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke={token.colorSplit}
              strokeWidth={1}
            />
            <text x={PLOT.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fill={token.colorTextSecondary}>
              {tick}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const x = PLOT.left + index * slot + (slot - barWidth) / 2;
          const labelled = index % LABEL_EVERY === 0 || index === days.length - 1;
          return (
            <g key={day.date}>
              <title>{t('business.dashboard.chart.day', day)}</title>
              {/* A transparent column over the whole slot: the day's title shows wherever it is hovered. */}
              <rect
                x={PLOT.left + index * slot}
                y={PLOT.top}
                width={slot}
                height={plotHeight}
                fill="transparent"
              />
              {day.agreed > 0 && (
                <rect
                  x={x}
                  y={y(day.agreed)}
                  width={barWidth}
                  height={y(0) - y(day.agreed)}
                  fill={agreedColor}
                />
              )}
              {day.rejected > 0 && (
                <rect
                  x={x}
                  y={y(day.agreed + day.rejected)}
                  width={barWidth}
                  height={y(day.agreed) - y(day.agreed + day.rejected)}
                  fill={rejectedColor}
                />
              )}
              {labelled && (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT - PLOT.bottom + 16}
                  textAnchor="middle"
                  fill={token.colorTextSecondary}
                >
                  {day.date.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="home-chart-legend" aria-hidden>
        <span>
          <i style={{ background: agreedColor }} />
          {t('business.dashboard.chart.agreed')} {totals.agreed}
        </span>
        <span>
          <i style={{ background: rejectedColor }} />
          {t('business.dashboard.chart.rejected')} {totals.rejected}
        </span>
      </figcaption>
      <table className="shell-sr-only">
        <caption>{t('business.dashboard.chart.table')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('business.dashboard.chart.date')}</th>
            <th scope="col">{t('business.dashboard.chart.agreed')}</th>
            <th scope="col">{t('business.dashboard.chart.rejected')}</th>
            <th scope="col">{t('business.dashboard.chart.agreedAmount')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{day.agreed}</td>
              <td>{day.rejected}</td>
              <td>{formatYuan(day.agreedAmount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
