import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n';
import { ReportChart, ticksOf } from './ReportChart';

afterEach(cleanup);

const series = [
  { name: '协和医院', value: 800 },
  { name: '同仁医院', value: 1200 },
  { name: '人民医院', value: null },
];

describe('report chart', () => {
  it('draws a bar a point with its value, axis labels and an accessible summary', () => {
    render(
      <ReportChart
        type="bar"
        series={series}
        title="合计 退款金额"
        categoryLabel="所属医院"
        valueLabel="合计 退款金额"
      />,
    );
    const chart = screen.getByRole('img', { name: /^柱状图：合计 退款金额，共 3 项。/ });
    expect(chart.getAttribute('aria-label')).toContain('协和医院 800；同仁医院 1,200；人民医院 -');
    expect(chart.querySelectorAll('.report-chart__bar')).toHaveLength(3);
    expect(chart.querySelector('title')?.textContent).toBe(chart.getAttribute('aria-label'));
    expect(within(chart).getByText('所属医院')).toBeTruthy();
    // The values are drawn over their bars, and kept in a table for screen readers.
    expect(within(chart).getAllByText('1,200').length).toBeGreaterThan(0);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader', { name: '同仁医院' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: '合计 退款金额' })).toBeTruthy();
  });

  it('draws a line through its points', () => {
    render(<ReportChart type="line" series={series} title="计数" />);
    const chart = screen.getByRole('img', { name: /^折线图：计数/ });
    expect(chart.querySelectorAll('.report-chart__point')).toHaveLength(3);
    expect(chart.querySelector('.report-chart__line')).toBeTruthy();
  });

  it('draws a slice a non-empty value in a pie, with its share', () => {
    render(<ReportChart type="pie" series={series} title="计数" />);
    const chart = screen.getByRole('img', { name: /^饼图：计数，共 3 项/ });
    expect(chart.querySelectorAll('.report-chart__slice')).toHaveLength(2);
    expect(within(chart).getByText('40%')).toBeTruthy();
    expect(within(chart).getByText('60%')).toBeTruthy();
  });

  it('says when there is nothing to draw', () => {
    render(<ReportChart type="bar" series={[]} title="计数" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('没有可绘制的数据')).toBeTruthy();
  });

  it('picks round ticks covering the values', () => {
    expect(ticksOf(0, 1200)).toEqual([0, 500, 1000, 1500]);
    expect(ticksOf(0, 0)).toEqual([0, 0.5, 1]);
  });
});
