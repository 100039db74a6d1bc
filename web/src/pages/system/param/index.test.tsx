// @vitest-environment jsdom
import type { Param } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { list, submit } from '../../../api/system/param';
import { usePermissions } from '../../../app/menu/permission-store';
import { queryClient } from '../../../app/query-client';
import { changeLanguage } from '../../../i18n';
import { clearBrowserState, renderApp } from '../../../test/dom';
import ParamPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 40_000 });

const stored: Param = {
  id: '1',
  paramName: '是否开启注册',
  paramKey: 'account.registerUser',
  paramValue: 'true'.repeat(40),
  remark: null,
  createUser: null,
  createDept: null,
  createTime: '2024-01-01 00:00:00',
  updateUser: null,
  updateTime: null,
  status: 1,
  isDeleted: 0,
};

vi.mock('../../../api/system/param', () => ({
  list: vi.fn(() => Promise.resolve({ records: [stored], total: 1, size: 10, current: 1, pages: 1 })),
  detail: vi.fn(() => Promise.resolve(stored)),
  submit: vi.fn(() => Promise.resolve(true)),
  remove: vi.fn(() => Promise.resolve(true)),
}));

const grant = (...codes: string[]) =>
  usePermissions.setState({ flags: Object.fromEntries(codes.map((code) => [code, true] as const)) });

async function openPage(title = '参数管理') {
  renderApp('/system/param/index', [{ path: '/system/param/index', element: <ParamPage /> }]);
  const page = await screen.findByRole('region', { name: title });
  await within(page).findByText('是否开启注册');
  return page;
}

const toolbar = (page: HTMLElement) => page.querySelector<HTMLElement>('[role="toolbar"]')!;
const dialogTitled = (title: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
      (dialog) => dialog.querySelector('.ant-modal-title')?.textContent === title,
    );
    if (!found) throw new Error(`no dialog titled ${title}`);
    return found;
  });

beforeEach(() => grant('param_add', 'param_edit', 'param_delete', 'param_view'));

afterEach(async () => {
  cleanup();
  queryClient.clear();
  vi.clearAllMocks();
  usePermissions.setState({ flags: {} });
  await changeLanguage('zh');
  clearBrowserState();
});

describe('parameters page', () => {
  it('lists parameters with the long value cut short, searchable by name and key', async () => {
    const page = await openPage();
    expect(list).toHaveBeenCalledWith(1, 10, {});
    const value = within(page).getByText(stored.paramValue);
    expect(value.closest('td')?.className).toContain('ant-table-cell-ellipsis');
    const search = within(page.querySelector<HTMLElement>('form')!);
    expect(search.getByLabelText('参数名称')).toBeTruthy();
    expect(search.getByLabelText('参数键名')).toBeTruthy();
    expect(search.queryByLabelText('参数键值')).toBeNull();
  });

  it('asks for name, key and value (spec §5), in an 880 wide dialog with a text area', async () => {
    const page = await openPage();
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '新增' }));
    const dialog = await dialogTitled('新增');
    expect(dialog.style.width).toBe('880px');
    expect(within(dialog).getByLabelText('参数键值').tagName).toBe('TEXTAREA');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入参数名称')).toBeTruthy();
    expect(within(dialog).getByText('请输入参数键名')).toBeTruthy();
    expect(within(dialog).getByText('请输入参数键值')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('参数名称'), { target: { value: '站点名称' } });
    fireEvent.change(within(dialog).getByLabelText('参数键名'), { target: { value: 'site.name' } });
    fireEvent.change(within(dialog).getByLabelText('参数键值'), { target: { value: '控制台' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(submit).toHaveBeenCalledWith({
      paramName: '站点名称',
      paramKey: 'site.name',
      paramValue: '控制台',
      remark: undefined,
    });
  });

  it('shows each button only with its param_* permission', async () => {
    grant('param_view');
    const page = await openPage();
    expect(within(page).getByRole('button', { name: '查看' })).toBeTruthy();
    for (const name of ['新增', '编辑', '删除', '批量删除'])
      expect(within(page).queryByRole('button', { name })).toBeNull();
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    const page = await openPage('Parameters');
    expect(within(page).getByRole('columnheader', { name: 'Parameter value' })).toBeTruthy();
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: 'Add' }));
    const dialog = await dialogTitled('Add');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter the parameter name')).toBeTruthy();
    expect(within(dialog).getByText('Please enter the parameter key')).toBeTruthy();
    expect(within(dialog).getByText('Please enter the parameter value')).toBeTruthy();
  });
});
