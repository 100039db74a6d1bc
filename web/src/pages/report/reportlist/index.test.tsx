import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as reportApi from '../../../api/report/report';
import { findDialog, grantOnly, renderPageAt, resetPageTest, toolbar } from '../../../test/page-test-kit';
import ReportListPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

vi.mock('../../../api/report/report', async () => (await import('./test-fixtures')).reportApiMock());
vi.mock('../../../utils/save-file', () => ({ saveFile: vi.fn() }));

beforeEach(() => grantOnly('report_list_add', 'report_list_edit', 'report_list_delete', 'report_list_view'));

afterEach(resetPageTest);

describe('report list', () => {
  it('lists the definitions with their data set by label, author and update time', async () => {
    const page = await renderPageAt('/report/reportlist/index', <ReportListPage />, {
      title: '报表列表',
      showing: '退款汇总',
    });
    const row = within(page).getByText('退款汇总').closest<HTMLElement>('tr')!;
    expect(await within(row).findByText('退款审核')).toBeTruthy();
    expect(within(row).getByText('admin')).toBeTruthy();
    expect(within(row).getByText('2026-05-01 10:00:00')).toBeTruthy();
    expect(within(row).getByRole('button', { name: '查看' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: '设计' })).toBeTruthy();
    expect(within(toolbar(page)).getByRole('button', { name: '新增' })).toBeTruthy();
    expect(reportApi.list).toHaveBeenCalledWith(1, 10, expect.anything());
  });

  it('offers only the buttons the user holds', async () => {
    grantOnly('report_list_view');
    const page = await renderPageAt('/report/reportlist/index', <ReportListPage />, {
      title: '报表列表',
      showing: '退款汇总',
    });
    const row = within(page).getByText('退款汇总').closest<HTMLElement>('tr')!;
    expect(within(row).getByRole('button', { name: '查看' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '设计' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(toolbar(page)).queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('deletes a definition after confirmation', async () => {
    const page = await renderPageAt('/report/reportlist/index', <ReportListPage />, {
      title: '报表列表',
      showing: '退款汇总',
    });
    const row = within(page).getByText('退款汇总').closest<HTMLElement>('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    const confirm = await findDialog('提示');
    expect(within(confirm).getByText('确定将选择数据删除?')).toBeTruthy();
    expect(reportApi.remove).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(reportApi.remove).toHaveBeenCalledWith(['31']));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });
});
