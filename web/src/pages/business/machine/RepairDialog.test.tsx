import type { Machine, MachineRepairForm } from '@console/contract';
import { SLOT_STATUS } from '@console/contract/business';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as machineApi from '../../../api/business/machine';
import { changeLanguage } from '../../../i18n';
import { buttonName } from '../../../test/dom';
import { auditColumns } from '../../../test/fixtures';
import { findDialog, grantOnly, messages, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import MachinePage from '.';

// 报修 on the machines page (issue 51): the dialog opened from a row with the machine shown, the slot
// at fault and the hospital's maintainer chosen to begin with; the fault and the maintainer are
// required; sent after asking, and the list read again (the machine is 维修中).
vi.setConfig({ testTimeout: 120_000 });

const machine: Machine = {
  id: '1',
  tenantId: '000000',
  machineNo: 'M001',
  machineName: '一号机',
  hospitalId: 'h1',
  hospitalName: '协和医院',
  location: null,
  model: null,
  slotCount: 3,
  onlineStatus: 1,
  onlineSince: '2026-12-07 08:00:00',
  offlineSince: null,
  runStatus: 2,
  lastHeartbeatTime: null,
  apkPackageName: null,
  apkVersionCode: null,
  wxOpenId: null,
  wxNickname: null,
  wxBindTime: null,
  remark: null,
  underRepair: 0,
  ...auditColumns,
};

const repairForm = (maintainerId: string | null): MachineRepairForm => ({
  machineId: '1',
  machineNo: 'M001',
  machineName: '一号机',
  maintainerId,
  slots: [
    { slotNo: 1, status: SLOT_STATUS.EMPTY },
    { slotNo: 2, status: SLOT_STATUS.FAULT },
    { slotNo: 3, status: SLOT_STATUS.STOCKED },
  ],
});

vi.mock('../../../api/business/machine', async () => {
  const { onePage } = await import('../../../test/fixtures');
  return {
    list: vi.fn(() => Promise.resolve(onePage(machine))),
    detail: vi.fn(),
    submit: vi.fn(),
    remove: vi.fn(),
    bindWxAccount: vi.fn(),
    unbindWxAccount: vi.fn(),
    rotateSecret: vi.fn(),
    repairForm: vi.fn(),
    repair: vi.fn(),
    imports: { template: vi.fn(), check: vi.fn(), commit: vi.fn(), reportSheet: vi.fn() },
  };
});
vi.mock('../../../api/system/user-list', () => ({
  userList: vi.fn(() =>
    Promise.resolve([
      { id: '7', account: 'wang', name: '王工', realName: '王维修', deptId: null },
      { id: '8', account: 'li', name: '李工', realName: '李维修', deptId: null },
    ]),
  ),
}));
vi.mock('../../../api/resource/oss', () => ({ putFile: vi.fn() }));
vi.mock('../../../api/business/command', () => ({ issue: vi.fn(), list: vi.fn(), detail: vi.fn() }));
vi.mock('../../../api/business/hospital', () => ({
  list: vi.fn(() => Promise.resolve({ records: [], total: 0, size: 200, current: 1, pages: 0 })),
}));
vi.mock('../../../api/business/slot', () => ({ list: vi.fn() }));
vi.mock('../../../api/system/dict', () => ({ dictionary: vi.fn(() => Promise.resolve([])) }));

beforeEach(() => grantOnly('machine_view', 'machine_repair'));

afterEach(resetPageTest);

/** The machines page, its M001 row's 报修 dialog open once its details have come. */
async function openRepair(
  { page: pageTitle, title, action } = { page: '机器管理', title: '报修：M001', action: '报修' },
): Promise<HTMLElement> {
  const page = await renderPageAt('/business/machine/index', <MachinePage />, {
    title: pageTitle,
    showing: 'M001',
  });
  const row = within(page).getByText('M001').closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: action }));
  const dialog = await findDialog(title);
  await within(dialog).findByDisplayValue('M001 一号机');
  return dialog;
}

describe('报修 on the machines page', () => {
  it('starts from the slot at fault and the hospital’s maintainer, asks, sends, and reads the list again', async () => {
    vi.mocked(machineApi.repairForm).mockResolvedValue(repairForm('7'));
    vi.mocked(machineApi.repair).mockResolvedValue({ processInstanceId: '99' });
    const dialog = await openRepair();
    expect(machineApi.repairForm).toHaveBeenCalledWith('1');
    // The machine is shown, not edited; the slot at fault and the maintainer are chosen already.
    expect((within(dialog).getByDisplayValue('M001 一号机') as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText('2号格口（故障）')).toBeTruthy();
    expect(await within(dialog).findByText('王维修')).toBeTruthy();

    // No fault described: refused by the form, nothing asked or sent.
    const submit = () =>
      fireEvent.click(within(dialog).getByRole('button', { name: buttonName('提交报修') }));
    submit();
    expect(await within(dialog).findByText('请输入故障描述')).toBeTruthy();
    expect(screen.queryByText(/确定为机器/)).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('故障描述'), { target: { value: '2 号格口门锁打不开' } });
    const listReads = vi.mocked(machineApi.list).mock.calls.length;
    submit();
    const asked = await findDialog('提交报修');
    expect(within(asked).getByText('确定为机器 M001 提交报修? 维修单将派给所选的维修人员')).toBeTruthy();
    fireEvent.click(within(asked).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(machineApi.repair).toHaveBeenCalledTimes(1));
    expect(machineApi.repair).toHaveBeenCalledWith({
      machineId: '1',
      slotNo: 2,
      fault: '2 号格口门锁打不开',
      photos: [],
      maintainerId: '7',
    });
    await waitFor(() => expect(messages()).toContain('已报修，维修单已派给维修人员'));
    await waitFor(() => expect(vi.mocked(machineApi.list).mock.calls.length).toBeGreaterThan(listReads));
  });

  it('asks for a maintainer when the hospital has none, and sends nothing without one', async () => {
    vi.mocked(machineApi.repairForm).mockResolvedValue(repairForm(null));
    const dialog = await openRepair();
    fireEvent.change(within(dialog).getByLabelText('故障描述'), { target: { value: '屏幕不亮' } });
    fireEvent.click(within(dialog).getByRole('button', { name: buttonName('提交报修') }));
    expect(await within(dialog).findByText('请选择维修人员')).toBeTruthy();
    expect(screen.queryByText(/确定为机器/)).toBeNull();
    expect(machineApi.repair).not.toHaveBeenCalled();
  });

  it('is offered only with the button, and shows 维修中 while a repair order runs', async () => {
    vi.mocked(machineApi.list).mockResolvedValueOnce({
      records: [{ ...machine, underRepair: 1 }],
      total: 1,
      size: 10,
      current: 1,
      pages: 1,
    });
    grantOnly('machine_view');
    const page = await renderPageAt('/business/machine/index', <MachinePage />, {
      title: '机器管理',
      showing: 'M001',
    });
    const row = within(page).getByText('M001').closest('tr') as HTMLElement;
    expect(within(row).getByText('维修中')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '报修' })).toBeNull();
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    vi.mocked(machineApi.repairForm).mockResolvedValue(repairForm('7'));
    const dialog = await openRepair({
      page: 'Machines',
      title: 'Report fault: M001',
      action: 'Report fault',
    });
    expect(within(dialog).getByText('Slot 2 (fault)')).toBeTruthy();
    expect(within(dialog).getByText('Fault description')).toBeTruthy();
  });
});
