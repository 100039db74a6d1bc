import type { Param } from '@console/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { list, submit } from '../../../api/system/param';
import { changeLanguage } from '../../../i18n';
import { auditColumns } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest, toolbar } from '../../../test/page-test-kit';
import ParamPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 40_000 });

const stored: Param = {
  id: '1',
  paramName: '是否开启注册',
  paramKey: 'account.registerUser',
  paramValue: 'true'.repeat(40),
  remark: null,
  visibility: 1,
  ...auditColumns,
  createTime: '2024-01-01 00:00:00',
};

vi.mock('../../../api/system/param', async () =>
  (await import('../../../test/fixtures')).crudApiMock(() => stored),
);

const openPage = (title = '参数管理') =>
  renderPageAt('/system/param/index', <ParamPage />, { title, showing: '是否开启注册' });

beforeEach(() => grantOnly('param_add', 'param_edit', 'param_delete', 'param_view'));

afterEach(resetPageTest);

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
    const dialog = await findDialog('新增');
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
      visibility: 0,
      remark: undefined,
    });
  });

  it('lets the editor choose who reads a parameter: private by default, or public', async () => {
    const page = await openPage();
    expect(within(page).getByRole('columnheader', { name: '可见范围' })).toBeTruthy();
    expect(within(page).getByText('公开')).toBeTruthy();
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '新增' }));
    const dialog = await findDialog('新增');
    expect(within(dialog).getByRole('radio', { name: '私有' })).toHaveProperty('checked', true);
    fireEvent.change(within(dialog).getByLabelText('参数名称'), { target: { value: '站点名称' } });
    fireEvent.change(within(dialog).getByLabelText('参数键名'), { target: { value: 'site.name' } });
    fireEvent.change(within(dialog).getByLabelText('参数键值'), { target: { value: '控制台' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: '公开' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ paramKey: 'site.name', visibility: 1 }));
  });

  it('shows each button only with its param_* permission', async () => {
    grantOnly('param_view');
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
    const dialog = await findDialog('Add');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter the parameter name')).toBeTruthy();
    expect(within(dialog).getByText('Please enter the parameter key')).toBeTruthy();
    expect(within(dialog).getByText('Please enter the parameter value')).toBeTruthy();
  });
});
