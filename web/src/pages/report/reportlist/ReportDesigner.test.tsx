import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../api/request';
import * as reportApi from '../../../api/report/report';
import { buttonName } from '../../../test/dom';
import { grantOnly, renderPageAt, resetPageTest, toolbar } from '../../../test/page-test-kit';
import ReportListPage from '.';

vi.setConfig({ testTimeout: 120_000 });

vi.mock('../../../api/report/report', async () => (await import('./test-fixtures')).reportApiMock());
vi.mock('../../../utils/save-file', () => ({ saveFile: vi.fn() }));
vi.mock('../../../api/system/dict', async () => (await import('./test-fixtures')).dictApiMock());

beforeEach(() => grantOnly('report_list_add', 'report_list_edit', 'report_list_view'));

afterEach(resetPageTest);

async function renderList() {
  return renderPageAt('/report/reportlist/index', <ReportListPage />, {
    title: '报表列表',
    showing: '退款汇总',
  });
}

/** Picks `option` in the antd Select labelled `label`. */
async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  const found = await screen.findAllByTitle(option);
  fireEvent.click(found[found.length - 1]!);
}

describe('report designer', () => {
  it('builds a definition, previews it and saves the expected body', async () => {
    const page = await renderList();
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '新增' }));
    const designer = await screen.findByRole('region', { name: '新增报表' });
    expect(await within(designer).findByText('请先选择数据集')).toBeTruthy();

    fireEvent.change(within(designer).getByLabelText('报表名称'), { target: { value: '月度退款' } });
    await choose(designer, '数据集', '退款审核');

    // Columns: ticked in one order, then reordered with the keyboard-usable buttons.
    fireEvent.click(await within(designer).findByRole('checkbox', { name: '退款金额' }));
    fireEvent.click(within(designer).getByRole('checkbox', { name: '订单号' }));
    fireEvent.click(within(designer).getByRole('button', { name: '上移 订单号' }));

    await choose(designer, '第一分组', '申请时间（按月）');
    await choose(designer, '第二分组', '机器编号');

    fireEvent.click(within(designer).getByRole('button', { name: /添加汇总/ }));
    await choose(designer, '汇总 1 的方式', '合计');
    fireEvent.click(within(designer).getByRole('button', { name: /添加汇总/ }));

    fireEvent.click(within(designer).getByRole('button', { name: /添加排序/ }));
    await choose(designer, '排序 1 的方向', '降序');

    fireEvent.click(within(designer).getByRole('button', { name: /添加筛选/ }));
    await choose(designer, '筛选 1 的字段', '机器编号');
    await choose(designer, '筛选 1 的条件', '包含');
    fireEvent.change(within(designer).getByLabelText('筛选 1 的默认值'), { target: { value: 'M00' } });

    fireEvent.click(within(designer).getByRole('radio', { name: '饼图' }));
    await choose(designer, '图表数值', '计数 编号');

    const definition = {
      filters: [{ field: 'machineNo', op: 'like', defaultValue: 'M00' }],
      columns: ['orderNo', 'refundAmount'],
      groupBy: ['applyTime:month', 'machineNo'],
      aggregates: [
        { field: 'refundAmount', fn: 'sum' },
        { field: 'id', fn: 'count' },
      ],
      sort: [{ field: 'orderNo', dir: 'desc' }],
      chart: { type: 'pie', groupField: 'applyTime:month', valueAggregate: 1 },
    };

    // The live preview runs the definition as it stands, on its first 10 rows, quietly.
    await waitFor(() =>
      expect(reportApi.run).toHaveBeenLastCalledWith(
        { dataSet: 'refund', definition, values: ['M00'], current: 1, size: 10 },
        { quiet: true },
      ),
    );
    const preview = within(designer).getByRole('region', { name: '预览' });
    expect(await within(preview).findByText('R-1001')).toBeTruthy();
    expect(within(preview).getByText('共 2 条，预览前 2 条')).toBeTruthy();
    expect(within(preview).getByRole('region', { name: '分组汇总' })).toBeTruthy();

    fireEvent.click(within(designer).getByRole('button', { name: buttonName('保存') }));
    await waitFor(() =>
      expect(reportApi.submit).toHaveBeenCalledWith({ name: '月度退款', dataSet: 'refund', definition }),
    );
    expect(await screen.findByText('新增成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: '新增报表' })).toBeNull());
    expect(screen.getByRole('region', { name: '报表列表' })).toBeTruthy();
  });

  it('asks for a name, a data set and a column before saving', async () => {
    const page = await renderList();
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '新增' }));
    const designer = await screen.findByRole('region', { name: '新增报表' });
    fireEvent.click(await within(designer).findByRole('button', { name: buttonName('保存') }));
    await waitFor(() =>
      expect(
        [...designer.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent),
      ).toEqual(['请输入报表名称', '请选择数据集']),
    );
    expect(reportApi.submit).not.toHaveBeenCalled();
  });

  it('designs a stored report: loads it, shows the server’s error in the preview, saves it by id', async () => {
    vi.mocked(reportApi.run).mockRejectedValue(
      new RequestError(
        '数据集 refund 的字段不存在或不能这样使用: nope',
        400,
        '数据集 refund 的字段不存在或不能这样使用: nope',
      ),
    );
    const page = await renderList();
    const row = within(page).getByText('退款汇总').closest<HTMLElement>('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '设计' }));
    const designer = await screen.findByRole('region', { name: '设计报表：退款汇总' });
    const name = await within(designer).findByLabelText<HTMLInputElement>('报表名称');
    expect(name.value).toBe('退款汇总');
    expect(within(designer).getByRole('checkbox', { name: '订单号' })).toHaveProperty('checked', true);

    const preview = within(designer).getByRole('region', { name: '预览' });
    expect(await within(preview).findByText('预览失败')).toBeTruthy();
    expect(within(preview).getByText('数据集 refund 的字段不存在或不能这样使用: nope')).toBeTruthy();

    fireEvent.change(name, { target: { value: '退款汇总（新）' } });
    fireEvent.click(within(designer).getByRole('button', { name: buttonName('保存') }));
    await waitFor(() =>
      expect(reportApi.submit).toHaveBeenCalledWith(
        expect.objectContaining({ id: '31', name: '退款汇总（新）', dataSet: 'refund' }),
      ),
    );
    expect(await screen.findByText('更新成功')).toBeTruthy();
  });

  it('offers a dictionary-backed filter’s default among the dictionary’s labels and keeps the key', async () => {
    const page = await renderList();
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '新增' }));
    const designer = await screen.findByRole('region', { name: '新增报表' });
    fireEvent.change(await within(designer).findByLabelText('报表名称'), {
      target: { value: '运行中的机器' },
    });
    await choose(designer, '数据集', '机器');
    fireEvent.click(await within(designer).findByRole('checkbox', { name: '机器编号' }));

    fireEvent.click(within(designer).getByRole('button', { name: /添加筛选/ }));
    // A text field: its default is typed.
    expect(within(designer).getByLabelText('筛选 1 的默认值').getAttribute('role')).not.toBe('combobox');
    await choose(designer, '筛选 1 的字段', '运行状态');
    const defaultValue = within(designer).getByLabelText('筛选 1 的默认值');
    expect(defaultValue.getAttribute('role')).toBe('combobox');
    await choose(designer, '筛选 1 的默认值', '正常');

    const definition = {
      filters: [{ field: 'runStatus', op: 'eq', defaultValue: 1 }],
      columns: ['machineNo'],
      groupBy: [],
      aggregates: [],
      sort: [],
      chart: null,
    };
    await waitFor(() =>
      expect(reportApi.run).toHaveBeenLastCalledWith(
        { dataSet: 'machine', definition, values: [1], current: 1, size: 10 },
        { quiet: true },
      ),
    );

    // A range over the keys means nothing to a person: 不小于 takes a typed value again.
    await choose(designer, '筛选 1 的条件', '不小于');
    expect(within(designer).getByLabelText('筛选 1 的默认值').getAttribute('role')).not.toBe('combobox');
    await choose(designer, '筛选 1 的条件', '等于');

    fireEvent.click(within(designer).getByRole('button', { name: buttonName('保存') }));
    await waitFor(() =>
      expect(reportApi.submit).toHaveBeenCalledWith({ name: '运行中的机器', dataSet: 'machine', definition }),
    );
  });
});
