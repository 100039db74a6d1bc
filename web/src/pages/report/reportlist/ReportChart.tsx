import { useTranslation } from 'react-i18next';
import { formatNumber } from './definition';
import './locales';

// A small chart drawn as SVG (no chart library): bars, a line or a pie over a report's chart series.
// The picture is one image to assistive technology (role="img", its aria-label summarising the
// type, title and values); the same numbers follow as a visually hidden table, and each mark has
// a <title> for a pointer's tooltip.

export interface ChartPoint {
  name: string;
  value: number | null;
}

export interface ReportChartProps {
  type: string;
  series: readonly ChartPoint[];
  /** The chart's heading (the report's aggregate, by its grouping). */
  title: string;
  /** The grouping's label: the category axis. */
  categoryLabel?: string;
  /** The aggregate's label: the value axis. */
  valueLabel?: string;
}

export const CHART_COLORS = [
  '#409EFF',
  '#67C23A',
  '#E6A23C',
  '#F56C6C',
  '#909399',
  '#7B61FF',
  '#13C2C2',
  '#EB2F96',
  '#FA8C16',
  '#2F54EB',
];

const WIDTH = 640;
const HEIGHT = 320;
const PLOT = { left: 64, right: 16, top: 24, bottom: 64 };
const SUMMARY_ITEMS = 20;

const short = (text: string, max = 8) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Round tick steps (1, 2, 5 × 10^n) covering [low, high] in about four steps. */
export function ticksOf(low: number, high: number, count = 4): number[] {
  if (high === low) high = low + 1;
  const raw = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const start = Math.floor(low / step) * step;
  const ticks: number[] = [];
  for (let at = start; at <= high + step / 2 && ticks.length < 12; at += step)
    ticks.push(Number(at.toFixed(10)));
  if (ticks[ticks.length - 1]! < high) ticks.push(ticks[ticks.length - 1]! + step);
  return ticks;
}

function Axes({
  ticks,
  y,
  categoryLabel,
  valueLabel,
}: {
  ticks: number[];
  y: (value: number) => number;
  categoryLabel?: string;
  valueLabel?: string;
}) {
  const right = WIDTH - PLOT.right;
  const bottom = HEIGHT - PLOT.bottom;
  return (
    <g className="report-chart__axes" aria-hidden="true">
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PLOT.left} x2={right} y1={y(tick)} y2={y(tick)} stroke="#e5e6eb" />
          <text x={PLOT.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="#606266">
            {formatNumber(tick)}
          </text>
        </g>
      ))}
      <line x1={PLOT.left} x2={PLOT.left} y1={PLOT.top} y2={bottom} stroke="#909399" />
      <line
        x1={PLOT.left}
        x2={right}
        y1={y(Math.max(ticks[0]!, Math.min(0, ticks[ticks.length - 1]!)))}
        y2={y(Math.max(ticks[0]!, Math.min(0, ticks[ticks.length - 1]!)))}
        stroke="#909399"
      />
      {valueLabel && (
        <text
          transform={`translate(14 ${(PLOT.top + bottom) / 2}) rotate(-90)`}
          textAnchor="middle"
          fontSize={12}
          fill="#303133"
        >
          {valueLabel}
        </text>
      )}
      {categoryLabel && (
        <text x={(PLOT.left + right) / 2} y={HEIGHT - 8} textAnchor="middle" fontSize={12} fill="#303133">
          {categoryLabel}
        </text>
      )}
    </g>
  );
}

function Cartesian({ type, series, categoryLabel, valueLabel }: ReportChartProps) {
  const values = series.map((point) => point.value ?? 0);
  const ticks = ticksOf(Math.min(0, ...values), Math.max(0, ...values));
  const low = ticks[0]!;
  const high = ticks[ticks.length - 1]!;
  const bottom = HEIGHT - PLOT.bottom;
  const y = (value: number) => bottom - ((value - low) / (high - low || 1)) * (bottom - PLOT.top);
  const band = (WIDTH - PLOT.left - PLOT.right) / Math.max(series.length, 1);
  const center = (at: number) => PLOT.left + band * at + band / 2;
  const zero = y(Math.max(low, Math.min(0, high)));
  const barWidth = Math.max(4, Math.min(48, band * 0.6));
  const line = series.map((point, at) => `${center(at)},${y(point.value ?? 0)}`).join(' ');
  return (
    <>
      <Axes ticks={ticks} y={y} categoryLabel={categoryLabel} valueLabel={valueLabel} />
      {type === 'line' && (
        <polyline
          points={line}
          fill="none"
          stroke={CHART_COLORS[0]}
          strokeWidth={2}
          className="report-chart__line"
        />
      )}
      {series.map((point, at) => {
        const value = point.value ?? 0;
        const top = y(value);
        return (
          <g key={`${point.name}-${at}`}>
            <title>{`${point.name}: ${formatNumber(point.value)}`}</title>
            {type === 'line' ? (
              <circle className="report-chart__point" cx={center(at)} cy={top} r={4} fill={CHART_COLORS[0]} />
            ) : (
              <rect
                className="report-chart__bar"
                x={center(at) - barWidth / 2}
                y={Math.min(top, zero)}
                width={barWidth}
                height={Math.max(Math.abs(zero - top), value === 0 ? 0 : 1)}
                fill={CHART_COLORS[0]}
              />
            )}
            <text x={center(at)} y={Math.min(top, zero) - 6} textAnchor="middle" fontSize={11} fill="#303133">
              {formatNumber(point.value)}
            </text>
            <text x={center(at)} y={bottom + 16} textAnchor="middle" fontSize={11} fill="#606266">
              {short(point.name, series.length > 8 ? 4 : 8)}
            </text>
          </g>
        );
      })}
    </>
  );
}

function Pie({ series }: ReportChartProps) {
  const values = series.map((point) => Math.max(0, point.value ?? 0));
  const sum = values.reduce((a, b) => a + b, 0);
  const cx = 170;
  const cy = HEIGHT / 2;
  const r = 120;
  let angle = -Math.PI / 2;
  const at = (a: number, radius = r) => [cx + radius * Math.cos(a), cy + radius * Math.sin(a)] as const;
  return (
    <>
      {series.map((point, index) => {
        const value = values[index]!;
        const share = sum > 0 ? value / sum : 0;
        const start = angle;
        const end = angle + share * 2 * Math.PI;
        angle = end;
        const color = CHART_COLORS[index % CHART_COLORS.length];
        const [x1, y1] = at(start);
        const [x2, y2] = at(end);
        const [lx, ly] = at((start + end) / 2, r * 0.65);
        const title = (
          <title>{`${point.name}: ${formatNumber(point.value)} (${(share * 100).toFixed(1)}%)`}</title>
        );
        if (share === 0) return null;
        return (
          <g key={`${point.name}-${index}`}>
            {title}
            {share >= 0.9999 ? (
              <circle className="report-chart__slice" cx={cx} cy={cy} r={r} fill={color} />
            ) : (
              <path
                className="report-chart__slice"
                d={`M${cx},${cy} L${x1},${y1} A${r},${r} 0 ${end - start > Math.PI ? 1 : 0} 1 ${x2},${y2} Z`}
                fill={color}
                stroke="#fff"
              />
            )}
            {share >= 0.05 && (
              <text x={lx} y={ly + 4} textAnchor="middle" fontSize={11} fill="#fff">
                {`${Math.round(share * 100)}%`}
              </text>
            )}
          </g>
        );
      })}
      <g className="report-chart__legend">
        {series.slice(0, 12).map((point, index) => (
          <g key={`${point.name}-${index}`} transform={`translate(330 ${32 + index * 22})`}>
            <rect width={12} height={12} fill={CHART_COLORS[index % CHART_COLORS.length]} />
            <text x={18} y={11} fontSize={12} fill="#303133">
              {`${short(point.name, 14)}  ${formatNumber(point.value)}`}
            </text>
          </g>
        ))}
      </g>
    </>
  );
}

/** A report's chart: title above, the picture, and its numbers as a table for screen readers. */
export function ReportChart(props: ReportChartProps) {
  const { t } = useTranslation();
  const { series, title, type } = props;
  const known = (['bar', 'line', 'pie'] as const).find((one) => one === type) ?? 'bar';
  const typeName = t(`report.reportlist.chartType.${known}`);
  const items = series
    .slice(0, SUMMARY_ITEMS)
    .map((point) =>
      t('report.reportlist.chartView.item', {
        name: point.name,
        value: point.value === null ? '-' : formatNumber(point.value),
      }),
    )
    .join('；');
  const label = t('report.reportlist.chartView.label', {
    type: typeName,
    title,
    count: series.length,
    items: series.length > SUMMARY_ITEMS ? `${items}…` : items,
  });
  return (
    <figure className="report-chart" style={{ margin: 0 }} aria-label={title}>
      <figcaption className="report-chart__title">{title}</figcaption>
      {series.length === 0 ? (
        <p className="report-chart__empty">{t('report.reportlist.chartView.empty')}</p>
      ) : (
        <>
          <svg
            role="img"
            aria-label={label}
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            width="100%"
            style={{ maxWidth: WIDTH, display: 'block' }}
            data-chart-type={known}
          >
            <title>{label}</title>
            {known === 'pie' ? <Pie {...props} /> : <Cartesian {...props} type={known} />}
          </svg>
          <table className="report-sr-only">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{props.categoryLabel ?? t('report.reportlist.chartView.name')}</th>
                <th scope="col">{props.valueLabel ?? t('report.reportlist.chartView.value')}</th>
              </tr>
            </thead>
            <tbody>
              {series.map((point, index) => (
                <tr key={`${point.name}-${index}`}>
                  <th scope="row">{point.name}</th>
                  <td>{formatNumber(point.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
