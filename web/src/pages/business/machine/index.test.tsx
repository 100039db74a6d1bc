import type { Machine } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as machineApi from '../../../api/business/machine';
import { changeLanguage } from '../../../i18n';
import { buttonName, renderApp } from '../../../test/dom';
import { auditColumns, onePage } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest, toolbar } from '../../../test/page-test-kit';
import MachinePage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

const machine = (id: string, machineNo: string, wx: Partial<Machine> = {}): Machine => ({
  id,
  tenantId: '000000',
  machineNo,
  machineName: `${machineNo} 号机`,
  hospitalId: 'h1',
  hospitalName: '协和医院',
  location: null,
  model: null,
  slotCount: 24,
  onlineStatus: 1,
  onlineSince: '2026-12-07 08:00:00',
  offlineSince: null,
  runStatus: 1,
  lastHeartbeatTime: null,
  apkPackageName: null,
  apkVersionCode: null,
  wxOpenId: null,
  wxNickname: null,
  wxBindTime: null,
  remark: null,
  ...auditColumns,
  ...wx,
});

vi.mock('../../../api/business/machine', () => ({
  list: vi.fn(() =>
    Promise.resolve(
      onePage(machine('1', 'M001', { wxOpenId: 'wx-old', wxNickname: '老王' }), machine('2', 'M002')),
    ),
  ),
  detail: vi.fn(),
  submit: vi.fn((input: Partial<Machine>) =>
    Promise.resolve({ ...machine('3', 'M003'), ...input, id: '3', deviceSecret: 'dS-7Hq2mZp9xWv4tRb' }),
  ),
  remove: vi.fn(() => Promise.resolve(true)),
  bindWxAccount: vi.fn(() => Promise.resolve(true)),
  unbindWxAccount: vi.fn(() => Promise.resolve(true)),
  rotateSecret: vi.fn(),
  imports: { template: vi.fn(), check: vi.fn(), commit: vi.fn(), reportSheet: vi.fn() },
}));
vi.mock('../../../api/business/hospital', () => ({
  list: vi.fn(() => Promise.resolve(onePage({ id: 'h1', hospitalName: '协和医院' }))),
}));
vi.mock('../../../api/business/slot', () => ({ list: vi.fn(() => Promise.resolve(onePage())) }));
vi.mock('../../../api/system/dict', () => ({ dictionary: vi.fn(() => Promise.resolve([])) }));

beforeEach(() => grantOnly('machine_add', 'machine_edit', 'machine_delete', 'machine_view', 'machine_bind'));

afterEach(resetPageTest);

const openPage = () =>
  renderPageAt('/business/machine/index', <MachinePage />, { title: '机器管理', showing: 'M001' });

const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

const pickFile = (page: HTMLElement, file: File) =>
  fireEvent.change(page.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [file] },
  });

describe('machines page', () => {
  it('imports machines as new ones or, by their number, as updates of those that exist', async () => {
    const page = await openPage();
    vi.mocked(machineApi.imports.check).mockResolvedValueOnce({
      dryRun: true,
      mode: 'all',
      key: 'machineNo',
      total: 2,
      valid: 2,
      imported: 0,
      created: 0,
      updated: 0,
      errors: [],
      secrets: [],
    });
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '导入' }));
    const dialog = await findDialog('导入 Excel');
    pickFile(dialog, new File(['xlsx'], '机器.xlsx', { type: 'application/octet-stream' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('按“机器编号”匹配并更新'));
    const footer = dialog.querySelector<HTMLElement>('.ant-modal-footer')!;
    fireEvent.click(within(footer).getByRole('button', { name: buttonName('检查') }));
    await waitFor(() =>
      expect(machineApi.imports.check).toHaveBeenCalledWith(expect.any(File), '机器.xlsx', {
        mode: 'all',
        key: 'machineNo',
      }),
    );
  });

  it('starts with the search its address names (设备总览 opens a hospital’s machines)', async () => {
    renderApp('/business/machine/index?hospitalId=h1', [
      { path: '/business/machine/index', element: <MachinePage /> },
    ]);
    const page = await screen.findByRole('region', { name: '机器管理' });
    await within(page).findByText('M001');
    // The first list call already searches for the hospital, and the search form shows it.
    await waitFor(() => expect(machineApi.list).toHaveBeenCalled());
    expect(vi.mocked(machineApi.list).mock.calls[0]![2]).toMatchObject({ hospitalId: 'h1' });
    expect(await within(page).findByTitle('协和医院')).toBeTruthy();
  });

  it('shows a new machine’s device secret once, after it is created', async () => {
    const page = await openPage();
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '新增' }));
    const dialog = await findDialog('新增');
    type(dialog, '机器编号', 'M003');
    type(dialog, '机器名称', '三号机');
    type(dialog, '格口数量', '24');
    fireEvent.mouseDown(within(dialog).getByLabelText('所属医院'));
    fireEvent.click(await screen.findByTitle('协和医院'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() =>
      expect(machineApi.submit).toHaveBeenCalledWith(
        expect.objectContaining({
          machineNo: 'M003',
          machineName: '三号机',
          hospitalId: 'h1',
          slotCount: 24,
        }),
      ),
    );
    const shown = await findDialog('设备密钥');
    expect(within(shown).getByText('dS-7Hq2mZp9xWv4tRb')).toBeTruthy();
    expect(within(shown).getByText(/只显示这一次/)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: /复制|copy/i })).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: buttonName('我已记下') }));
    await waitFor(() => expect(screen.queryByText('dS-7Hq2mZp9xWv4tRb')).toBeNull());
  });

  it('binds a WeChat account to an unbound machine; a bound one offers 解绑微信, which unbinds after asking', async () => {
    const page = await openPage();
    const rowOf = (machineNo: string) => within(page).getByText(machineNo).closest('tr') as HTMLElement;
    // Five buttons a row: 查看, 编辑 and 删除 shown, the rest in the row's 更多 menu.
    const moreOf = async (machineNo: string) => {
      fireEvent.click(within(rowOf(machineNo)).getByRole('button', { name: '更多' }));
      return (await screen.findAllByRole('menu')).at(-1)!;
    };
    const items = (menu: HTMLElement) =>
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
    // M002 has no account: 绑定微信 only.
    let menu = await moreOf('M002');
    expect(items(menu)).toEqual(['绑定微信', '重置设备密钥']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: '绑定微信' }));
    const dialog = await findDialog('绑定微信');
    fireEvent.click(within(dialog).getByRole('button', { name: '绑定' }));
    expect(await within(dialog).findByText('请输入微信 openId')).toBeTruthy();
    type(dialog, '微信 openId', ' wx-new ');
    type(dialog, '微信昵称', '小李');
    fireEvent.click(within(dialog).getByRole('button', { name: '绑定' }));
    await waitFor(() => expect(machineApi.bindWxAccount).toHaveBeenCalledWith('2', 'wx-new', '小李'));
    expect(await screen.findByText('绑定成功')).toBeTruthy();

    // M001 is bound: 解绑微信, not 绑定微信. Declining the confirmation changes nothing; confirming
    // calls unbind and lists again.
    menu = await moreOf('M001');
    expect(items(menu)).toEqual(['解绑微信', '重置设备密钥']);
    const listed = vi.mocked(machineApi.list).mock.calls.length;
    fireEvent.click(within(menu).getByRole('menuitem', { name: '解绑微信' }));
    expect(await screen.findByText(/确定解除这台机器绑定的微信/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText(/确定解除这台机器绑定的微信/)).toBeNull());
    expect(machineApi.unbindWxAccount).not.toHaveBeenCalled();

    fireEvent.click(within(rowOf('M001')).getByRole('button', { name: '更多' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '解绑微信' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(machineApi.unbindWxAccount).toHaveBeenCalledWith('1'));
    expect(await screen.findByText('解绑成功')).toBeTruthy();
    await waitFor(() => expect(vi.mocked(machineApi.list).mock.calls.length).toBeGreaterThan(listed));
    expect(machineApi.bindWxAccount).toHaveBeenCalledTimes(1);
  });

  it('says 解绑微信 in English as Unbind WeChat', async () => {
    await changeLanguage('en');
    const page = await renderPageAt('/business/machine/index', <MachinePage />, {
      title: 'Machines',
      showing: 'M001',
    });
    const bound = within(page).getByText('M001').closest('tr') as HTMLElement;
    fireEvent.click(within(bound).getByRole('button', { name: 'More' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Unbind WeChat' }));
    expect(await screen.findByText(/Unbind the WeChat account of this machine/)).toBeTruthy();
  });
});
