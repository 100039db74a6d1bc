import type { Machine, MachineCommand, MachineCommandInput } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as commandApi from '../../../api/business/command';
import { RequestError } from '../../../api/request';
import { buttonName } from '../../../test/dom';
import { auditColumns, onePage } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import MachinePage from '.';

// 远程指令 on the machines page (issue 50): the dialog opened from a row, its form (a slot to open is
// required), the confirmation, the command id kept for a retry, and the machine's recent commands.
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
};

const command = (id: string, fields: Partial<MachineCommand>): MachineCommand => ({
  id,
  tenantId: '000000',
  machineId: '1',
  machineNo: 'M001',
  kind: 'reboot',
  params: {},
  state: 'created',
  reason: null,
  requestId: `r${id}`,
  createUser: '1123598821738675201',
  createUserName: '管理员',
  createTime: `2026-12-07 09:0${id}:00`,
  sentTime: null,
  ackTime: null,
  endTime: null,
  timeoutTime: '2026-12-07 09:10:00',
  ...fields,
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
    imports: { template: vi.fn(), check: vi.fn(), commit: vi.fn(), reportSheet: vi.fn() },
  };
});
vi.mock('../../../api/business/command', () => ({ issue: vi.fn(), list: vi.fn(), detail: vi.fn() }));
vi.mock('../../../api/business/hospital', () => ({
  list: vi.fn(() => Promise.resolve({ records: [], total: 0, size: 200, current: 1, pages: 0 })),
}));
vi.mock('../../../api/business/slot', () => ({ list: vi.fn() }));
vi.mock('../../../api/system/dict', () => ({ dictionary: vi.fn(() => Promise.resolve([])) }));

beforeEach(() => grantOnly('machine_view', 'machine_command'));

afterEach(resetPageTest);

/** The machines page, its M001 row's 远程指令 dialog open. */
async function openCommands(): Promise<HTMLElement> {
  const page = await renderPageAt('/business/machine/index', <MachinePage />, {
    title: '机器管理',
    showing: 'M001',
  });
  const row = within(page).getByText('M001').closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: '远程指令' }));
  return findDialog('远程指令：M001');
}

const send = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: buttonName('下发') }));

/** Answers 确定 in the confirmation, once it says `text`. */
async function confirm(text: RegExp): Promise<void> {
  const asked = await findDialog('下发指令');
  expect(within(asked).getByText(text)).toBeTruthy();
  fireEvent.click(within(asked).getByRole('button', { name: '确定' }));
  await waitFor(() => expect(screen.queryByText(text)).toBeNull());
}

const issued = () => vi.mocked(commandApi.issue).mock.calls.map(([input]) => input);

describe('machine commands', () => {
  it('asks for a slot to open, confirms, and sends a retry after a failure under the same command id', async () => {
    vi.mocked(commandApi.list).mockResolvedValue(onePage());
    vi.mocked(commandApi.issue)
      .mockRejectedValueOnce(
        new RequestError('机器 M001 不在线，不能下发指令', 400, '机器 M001 不在线，不能下发指令'),
      )
      .mockImplementation((input: MachineCommandInput) =>
        Promise.resolve(command('9', { kind: input.kind, requestId: input.requestId })),
      );
    const dialog = await openCommands();
    expect(await within(dialog).findByText('暂无指令')).toBeTruthy();
    expect(commandApi.list).toHaveBeenCalledWith(1, 5, { machineId: '1' });

    // Shown for 远程开格 only.
    const slotNo = within(dialog).getByLabelText('格口号');
    expect(slotNo.closest('.ant-form-item-hidden')).not.toBeNull();
    // No command chosen, then 远程开格 without a slot: refused by the form, nothing sent.
    send(dialog);
    expect(await within(dialog).findByText('请选择指令')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: '远程开格' }));
    send(dialog);
    expect(await within(dialog).findByText('请输入要打开的格口号')).toBeTruthy();
    expect(screen.queryByText(/确定打开机器/)).toBeNull();

    // Past the machine's 24 slots: refused as it is, not made another slot.
    fireEvent.change(slotNo, { target: { value: '30' } });
    send(dialog);
    expect(await within(dialog).findByText('格口号为 1 到 24 的整数')).toBeTruthy();
    expect(screen.queryByText(/确定打开机器/)).toBeNull();

    // Slot 3: asked first, naming the machine and the slot; cancelling sends nothing.
    fireEvent.change(slotNo, { target: { value: '3' } });
    send(dialog);
    const asked = await findDialog('下发指令');
    expect(within(asked).getByText('确定打开机器 M001 的 3 号格口? 格口门会立即弹开')).toBeTruthy();
    fireEvent.click(within(asked).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText(/确定打开机器/)).toBeNull());
    expect(commandApi.issue).not.toHaveBeenCalled();

    // Confirmed: sent; the server refuses (the request layer says why); tried again, the same id.
    send(dialog);
    await confirm(/确定打开机器 M001 的 3 号格口/);
    await waitFor(() => expect(commandApi.issue).toHaveBeenCalledTimes(1));
    const [first] = issued();
    expect(first).toEqual({
      machineId: '1',
      kind: 'open-slot',
      params: { slotNo: 3 },
      requestId: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/) as unknown,
    });
    send(dialog);
    await confirm(/确定打开机器 M001 的 3 号格口/);
    await waitFor(() => expect(commandApi.issue).toHaveBeenCalledTimes(2));
    expect(issued()[1]).toEqual(first);
    expect(await screen.findByText('指令已下发')).toBeTruthy();

    // The next send is another command: a new id, and no parameters for 重启.
    fireEvent.click(within(dialog).getByRole('radio', { name: '重启' }));
    await waitFor(() => expect(slotNo.closest('.ant-form-item-hidden')).not.toBeNull());
    send(dialog);
    await confirm(/确定重启机器 M001/);
    await waitFor(() => expect(commandApi.issue).toHaveBeenCalledTimes(3));
    const third = issued()[2]!;
    expect(third).toEqual({ machineId: '1', kind: 'reboot', requestId: expect.any(String) as unknown });
    expect(third.requestId).not.toBe(first!.requestId);
  });

  it('lists the machine’s commands with their states in words, read again while one may still change', async () => {
    vi.mocked(commandApi.list)
      .mockResolvedValueOnce(
        onePage(
          command('4', { state: 'sent' }),
          command('3', { kind: 'open-slot', params: { slotNo: 3 }, state: 'succeeded' }),
          command('2', { kind: 'check-update', state: 'failed', reason: '网络不通' }),
          command('1', { kind: 'reload-config', state: 'timed-out' }),
        ),
      )
      .mockResolvedValue(onePage(command('4', { state: 'succeeded' })));
    const dialog = await openCommands();
    const table = within(dialog).getByRole('table');
    const rowOf = async (time: string) => (await within(table).findByText(time)).closest('tr') as HTMLElement;
    expect((await rowOf('2026-12-07 09:04:00')).textContent).toBe('2026-12-07 09:04:00重启已下发管理员');
    expect((await rowOf('2026-12-07 09:03:00')).textContent).toContain('远程开格（3 号格口）成功');
    expect((await rowOf('2026-12-07 09:02:00')).textContent).toContain('检查更新失败管理员网络不通');
    expect((await rowOf('2026-12-07 09:01:00')).textContent).toContain('重新加载配置超时');

    // A sent command may still change: read again within 3 s, and then no more once all have ended.
    await waitFor(() => expect(within(table).queryByText('已下发')).toBeNull(), { timeout: 5_000 });
    expect(within(table).getByText('成功')).toBeTruthy();
    const reads = vi.mocked(commandApi.list).mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(vi.mocked(commandApi.list).mock.calls.length).toBe(reads);
  });
});
