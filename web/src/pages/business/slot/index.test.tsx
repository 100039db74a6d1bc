import type { GrantTreeMachine, SlotHolder } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as slotApi from '../../../api/business/slot';
import { onePage } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest, toolbar } from '../../../test/page-test-kit';
import SlotPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

const li: SlotHolder = { userId: 'u2', account: 'li', realName: '李四', via: 'machine' };
const wang: SlotHolder = { userId: 'u3', account: 'wang', realName: null, via: 'slot' };

const tree = (): GrantTreeMachine[] => [
  {
    id: 'm1',
    parentId: '0',
    title: 'M001 一号机',
    key: 'm1',
    value: 'm1',
    hasChildren: true,
    machineNo: 'M001',
    holders: [li],
    children: [1, 2, 3].map((slotNo) => ({
      id: `s${slotNo}`,
      parentId: 'm1',
      title: `${slotNo}号格口`,
      key: `s${slotNo}`,
      value: `s${slotNo}`,
      hasChildren: false,
      slotNo,
      status: slotNo === 3 ? 3 : 0,
      holders: slotNo === 2 ? [li, wang] : [li],
    })),
  },
];

vi.mock('../../../api/business/slot', () => ({
  grantTree: vi.fn(() => Promise.resolve(tree())),
  grantMachines: vi.fn(() => Promise.resolve({ changed: 3 })),
  grantSlots: vi.fn(() => Promise.resolve({ changed: 1 })),
  cancelGrant: vi.fn(() => Promise.resolve({ changed: 0 })),
  setStatus: vi.fn(() => Promise.resolve(true)),
  list: vi.fn(),
}));
vi.mock('../../../api/business/machine', () => ({
  list: vi.fn(() => Promise.resolve(onePage({ id: 'm1', machineNo: 'M001', machineName: '一号机' }))),
}));
vi.mock('../../../api/system/user', () => ({
  list: vi.fn(() => Promise.resolve(onePage({ id: 'u1', account: 'zhang', realName: '张三' }))),
}));
vi.mock('../../../api/system/dict', () => ({
  dictionary: vi.fn(() =>
    Promise.resolve([
      { dictKey: '0', dictValue: '空闲' },
      { dictKey: '3', dictValue: '故障' },
    ]),
  ),
}));

beforeEach(() => grantOnly('slot_grant', 'slot_cancel', 'slot_edit'));

afterEach(resetPageTest);

/** Opens the select labelled `label` (in `scope`) and picks `option`. */
async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  fireEvent.click(await screen.findByTitle(option));
}

/** 授权 for the user zhang, on what the dialog offers by default. */
async function grantToZhang(page: HTMLElement) {
  fireEvent.click(within(toolbar(page)).getByRole('button', { name: '授权' }));
  const dialog = await findDialog('格口授权');
  await choose(dialog, '用户', 'zhang · 张三');
  fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
  return dialog;
}

describe('slots page', () => {
  it('grants the whole machine with nothing selected, and the selected slots otherwise', async () => {
    const page = await renderPageAt('/business/slot/index', <SlotPage />, {
      title: '格口管理',
      showing: '请选择一台机器，查看和管理它的格口与授权',
    });
    await choose(page, '机器', 'M001 一号机');
    // The machine's tree: its whole-machine holder, each slot with its state and holders.
    expect(await within(page).findByText('2号格口')).toBeTruthy();
    expect(slotApi.grantTree).toHaveBeenCalledTimes(1);
    expect(slotApi.grantTree).toHaveBeenCalledWith('M001');
    const whole = within(page).getByRole('group', { name: '整机授权' });
    expect(within(whole).getByText('li · 李四')).toBeTruthy();
    expect(await within(page).findByText('故障')).toBeTruthy();
    expect(within(page).getByText('wang')).toBeTruthy();

    // Nothing selected: the whole machine.
    await grantToZhang(page);
    await waitFor(() =>
      expect(slotApi.grantMachines).toHaveBeenCalledWith({ userIds: ['u1'], machineNos: ['M001'] }),
    );
    expect(await screen.findByText('授权成功，新增 3 项授权')).toBeTruthy();
    await waitFor(() => expect(slotApi.grantTree).toHaveBeenCalledTimes(2));

    // Slots selected: those slots.
    fireEvent.click(within(page).getByRole('checkbox', { name: '选择 2号格口' }));
    fireEvent.click(within(page).getByRole('checkbox', { name: '选择 3号格口' }));
    const dialog = await grantToZhang(page);
    expect(within(dialog).getByText('选中的格口：2号格口、3号格口')).toBeTruthy();
    await waitFor(() =>
      expect(slotApi.grantSlots).toHaveBeenCalledWith({ userIds: ['u1'], slotIds: ['s2', 's3'] }),
    );
    expect(await screen.findByText('授权成功，新增 1 项授权')).toBeTruthy();
    expect(slotApi.grantMachines).toHaveBeenCalledTimes(1);
  });
});
