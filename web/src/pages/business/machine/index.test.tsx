import type { Machine } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as machineApi from '../../../api/business/machine';
import { buttonName } from '../../../test/dom';
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
  rotateSecret: vi.fn(),
  exportSheet: vi.fn(),
  template: vi.fn(),
  importSheet: vi.fn(),
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

describe('machines page', () => {
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

  it('binds a WeChat account to a machine, and unbinds one after asking', async () => {
    const page = await openPage();
    // M002 has no account: no 解绑, and an openId is needed.
    fireEvent.click(within(page).getAllByRole('button', { name: '绑定微信' })[1]!);
    let dialog = await findDialog('绑定微信');
    expect(within(dialog).queryByRole('button', { name: '解绑' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '绑定' }));
    expect(await within(dialog).findByText('请输入微信 openId')).toBeTruthy();
    type(dialog, '微信 openId', ' wx-new ');
    type(dialog, '微信昵称', '小李');
    fireEvent.click(within(dialog).getByRole('button', { name: '绑定' }));
    await waitFor(() => expect(machineApi.bindWxAccount).toHaveBeenCalledWith('2', 'wx-new', '小李'));
    expect(await screen.findByText('绑定成功')).toBeTruthy();

    // M001 is bound: its account fills the form, and 解绑 sends both empty once confirmed.
    fireEvent.click(within(page).getAllByRole('button', { name: '绑定微信' })[0]!);
    dialog = await findDialog('绑定微信');
    expect((within(dialog).getByLabelText('微信 openId') as HTMLInputElement).value).toBe('wx-old');
    fireEvent.click(within(dialog).getByRole('button', { name: '解绑' }));
    expect(await screen.findByText(/确定解除这台机器绑定的微信/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(machineApi.bindWxAccount).toHaveBeenLastCalledWith('1', '', ''));
    expect(await screen.findByText('解绑成功')).toBeTruthy();
    expect(machineApi.bindWxAccount).toHaveBeenCalledTimes(2);
  });
});
