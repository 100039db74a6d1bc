import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as reportApi from '../../../api/report/report';
import { dictionary } from '../../../api/system/dict';
import { buttonName } from '../../../test/dom';
import { grantOnly, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import { saveFile } from '../../../utils/save-file';
import ReportListPage from '.';
import * as hospitalApi from '../../../api/business/hospital';
import { refundReport, refundResult } from './test-fixtures';

vi.setConfig({ testTimeout: 120_000 });

vi.mock('../../../api/report/report', async () => (await import('./test-fixtures')).reportApiMock());
vi.mock('../../../utils/save-file', () => ({ saveFile: vi.fn() }));
vi.mock('../../../api/system/dict', async () => (await import('./test-fixtures')).dictApiMock());
vi.mock('../../../api/business/hospital', async () => {
  const hospitals = [
    { id: '7', hospitalName: '协和医院' },
    { id: '9', hospitalName: '市妇幼保健院' },
  ];
  return {
    list: vi.fn((_current: number, _size: number, filters: { hospitalName?: string } = {}) =>
      Promise.resolve({
        records: hospitals.filter((one) => one.hospitalName.includes(filters.hospitalName ?? '')),
        total: 2,
        current: 1,
        size: 20,
      }),
    ),
  };
});

beforeEach(() => grantOnly('report_list_view'));

afterEach(resetPageTest);

async function openViewer(name = '退款汇总') {
  const page = await renderPageAt('/report/reportlist/index', <ReportListPage />, {
    title: '报表列表',
    showing: name,
  });
  const row = within(page).getByText(name).closest<HTMLElement>('tr')!;
  fireEvent.click(within(row).getByRole('button', { name: '查看' }));
  const viewer = await screen.findByRole('region', { name: `查看报表：${name}` });
  await within(viewer).findByText('R-1001');
  return viewer;
}

const ENTER = { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 };
const ARROW_DOWN = { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40, which: 40 };

/** A key pressed and let go (antd's Select reads the key code). */
function press(target: HTMLElement, key: typeof ENTER) {
  fireEvent.keyDown(target, key);
  fireEvent.keyUp(target, key);
}

/** The export's call: the cancel button's signal and the progress it reports (crud/ExportProgress). */
const exportCall = expect.objectContaining({
  signal: expect.any(AbortSignal),
  onProgress: expect.any(Function),
});

describe('report viewer', () => {
  it('shows the rows, the subtotals, the grand total and the chart of a run', async () => {
    const viewer = await openViewer();
    expect(reportApi.run).toHaveBeenCalledWith({ id: '31', values: ['M001'], current: 1, size: 10 });

    const rows = within(viewer).getByRole('region', { name: '明细' });
    expect(within(rows).getByText('R-1002')).toBeTruthy();
    expect(within(rows).getByText('共 2 条')).toBeTruthy();

    const summary = within(viewer).getByRole('region', { name: '分组汇总' });
    const headers = within(summary)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['所属医院', '机器编号', '计数 编号', '合计 退款金额']);
    const lines = within(summary)
      .getAllByRole('row')
      .slice(1)
      .map((line) =>
        within(line)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    // Amounts (stored in cents) as money, counts as numbers.
    expect(lines).toEqual([
      ['协和医院', 'M001', '1', '¥3.00'],
      ['协和医院', 'M002', '1', '¥5.00'],
      ['协和医院', '小计', '2', '¥8.00'],
      ['同仁医院', 'M009', '3', '¥12.00'],
      ['同仁医院', '小计', '3', '¥12.00'],
      ['总计', '', '5', '¥20.00'],
    ]);
    expect(within(rows).getByText('¥3.00')).toBeTruthy();

    const chart = within(viewer).getByRole('img', { name: /^柱状图：合计 退款金额 \/ 所属医院/ });
    expect(chart.getAttribute('aria-label')).toContain('协和医院 800；同仁医院 1,200');
    expect(chart.querySelectorAll('.report-chart__bar')).toHaveLength(2);
  });

  it('sends the filter values on 查询, 重置 and export, and prints', async () => {
    const viewer = await openViewer();
    const filters = within(viewer).getByRole('form', { name: '筛选条件' });
    const machine = within(filters).getByLabelText<HTMLInputElement>('机器编号 等于');
    expect(machine.value).toBe('M001');

    fireEvent.change(machine, { target: { value: 'M002' } });
    vi.mocked(reportApi.run).mockResolvedValueOnce({ ...refundResult(), rows: [], total: 0 });
    fireEvent.click(within(filters).getByRole('button', { name: buttonName('查询') }));
    await waitFor(() =>
      expect(reportApi.run).toHaveBeenLastCalledWith({ id: '31', values: ['M002'], current: 1, size: 10 }),
    );
    expect(await within(viewer).findByText('没有符合条件的数据')).toBeTruthy();

    fireEvent.click(within(viewer).getByRole('button', { name: /导出 CSV/ }));
    await waitFor(() => expect(reportApi.exportFile).toHaveBeenCalledWith('31', 'csv', ['M002'], exportCall));
    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith({ blob: expect.any(Blob), filename: '退款汇总.csv' }),
    );
    fireEvent.click(within(viewer).getByRole('button', { name: /导出 Excel/ }));
    await waitFor(() =>
      expect(reportApi.exportFile).toHaveBeenLastCalledWith('31', 'xlsx', ['M002'], exportCall),
    );

    fireEvent.click(within(filters).getByRole('button', { name: buttonName('重置') }));
    expect(machine.value).toBe('M001');
    await waitFor(() =>
      expect(reportApi.run).toHaveBeenLastCalledWith({ id: '31', values: ['M001'], current: 1, size: 10 }),
    );

    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(within(viewer).getByRole('button', { name: /打印/ }));
    expect(print).toHaveBeenCalled();
  });

  it('offers a dictionary-backed filter as a select of its labels and sends the key', async () => {
    const viewer = await openViewer('机器运行');
    expect(reportApi.run).toHaveBeenCalledWith({ id: '32', values: [null, 'M'], current: 1, size: 10 });
    const filters = within(viewer).getByRole('form', { name: '筛选条件' });

    // The same accessible name as a text filter; a select of machine_run_status, by keyboard.
    const status = within(filters).getByLabelText<HTMLInputElement>('运行状态 等于');
    expect(status.getAttribute('role')).toBe('combobox');
    expect(within(filters).getByLabelText<HTMLInputElement>('机器编号 包含').value).toBe('M');
    await waitFor(() => expect(dictionary).toHaveBeenCalledWith('machine_run_status'));
    status.focus();
    press(status, ENTER);
    expect(await screen.findByRole('option', { name: '离线' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '正常' })).toBeTruthy();
    press(status, ARROW_DOWN);
    press(status, ENTER);
    const select = status.closest<HTMLElement>('.ant-select')!;
    await waitFor(() => expect(select.textContent).toContain('正常'));

    fireEvent.click(within(filters).getByRole('button', { name: buttonName('查询') }));
    await waitFor(() =>
      expect(reportApi.run).toHaveBeenLastCalledWith({ id: '32', values: [1, 'M'], current: 1, size: 10 }),
    );
    fireEvent.click(within(viewer).getByRole('button', { name: /导出 Excel/ }));
    await waitFor(() =>
      expect(reportApi.exportFile).toHaveBeenLastCalledWith('32', 'xlsx', [1, 'M'], exportCall),
    );

    // 重置 goes back to no value for the status.
    fireEvent.click(within(filters).getByRole('button', { name: buttonName('重置') }));
    await waitFor(() =>
      expect(reportApi.run).toHaveBeenLastCalledWith({ id: '32', values: [null, 'M'], current: 1, size: 10 }),
    );
    expect(select.textContent).not.toContain('正常');
  });

  it('picks a hospital filter by name and takes a date typed with slashes or dashes (issue 45 item 18)', async () => {
    const detail = vi.mocked(reportApi.detail);
    const original = detail.getMockImplementation();
    detail.mockImplementation(() =>
      Promise.resolve({
        ...refundReport(),
        definition: {
          ...refundReport().definition,
          filters: [
            { field: 'hospitalId', op: 'eq' },
            { field: 'applyTime', op: 'gte' },
            { field: 'refundAmount', op: 'gte' },
          ],
        },
      }),
    );
    try {
      const viewer = await openViewer();
      // 所属医院: a search by name, the id sent.
      const hospital = within(viewer).getByLabelText('所属医院 等于');
      fireEvent.mouseDown(hospital);
      fireEvent.change(hospital, { target: { value: '妇幼' } });
      await waitFor(() => expect(hospitalApi.list).toHaveBeenCalledWith(1, 20, { hospitalName: '妇幼' }));
      fireEvent.click(await screen.findByTitle('市妇幼保健院'));
      // 申请时间: typed as 2026/12/01, sent as the wire's date.
      const date = within(viewer).getByLabelText('申请时间 不小于');
      fireEvent.mouseDown(date);
      fireEvent.change(date, { target: { value: '2026/12/01' } });
      press(date, ENTER);
      // 退款金额: typed in yuan, sent in cents.
      fireEvent.change(within(viewer).getByLabelText('退款金额 不小于'), { target: { value: '12.5' } });
      fireEvent.click(within(viewer).getByRole('button', { name: buttonName('查询') }));
      await waitFor(() =>
        expect(reportApi.run).toHaveBeenLastCalledWith({
          id: '31',
          values: ['9', '2026-12-01', 1250],
          current: 1,
          size: 10,
        }),
      );
      // Dashes too.
      const before = vi.mocked(reportApi.run).mock.calls.length;
      fireEvent.mouseDown(date);
      fireEvent.change(date, { target: { value: '2026-11-02' } });
      press(date, ENTER);
      fireEvent.click(within(viewer).getByRole('button', { name: buttonName('查询') }));
      await waitFor(() =>
        expect(
          vi
            .mocked(reportApi.run)
            .mock.calls.slice(before)
            .map(([run]) => run.values),
        ).toContainEqual(['9', '2026-11-02', 1250]),
      );
    } finally {
      detail.mockImplementation(original!);
    }
  });
});
