import type { FlowInstance } from '@console/contract';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as followApi from '../../../api/flow/follow';
import { onePage } from '../../../test/fixtures';
import { findDialog, grantOnly, messages, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import FollowPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

const instance = (processInstanceId: string, status: number, startUserName: string): FlowInstance => ({
  processInstanceId,
  processDefinitionId: '1',
  processDefinitionKey: 'Leave',
  processDefinitionName: '请假流程',
  processDefinitionVersion: 3,
  category: 'flow_1',
  businessTable: 'blade_process_leave',
  businessId: '5',
  startUser: '7',
  startUserName,
  startTime: '2026-05-02 09:30:00',
  endTime: status === 1 ? null : '2026-05-03 09:30:00',
  status,
  currentNodes: status === 1 ? '部门审批' : null,
  endActivity: null,
  deleteReason: null,
});

vi.mock('../../../components/bpmn', () => ({ ProcessDiagramDialog: () => null }));
vi.mock('../../../api/flow/follow', () => ({
  list: vi.fn(() => Promise.resolve(onePage(instance('pi-1', 1, '张三'), instance('pi-2', 2, '李四')))),
  deleteInstance: vi.fn(() => Promise.resolve(true)),
}));

beforeEach(() => grantOnly('flow_follow_delete'));

afterEach(resetPageTest);

const errors = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);

describe('process tracking page', () => {
  it('deletes a running instance only with a reason', async () => {
    const page = await renderPageAt('/flow/follow/index', <FollowPage />, {
      title: '流程跟踪',
      showing: '张三',
    });
    const runningRow = within(page).getByText('张三').closest('tr')!;
    const finishedRow = within(page).getByText('李四').closest('tr')!;
    expect(within(runningRow).getByText('运行中')).toBeTruthy();
    expect(within(finishedRow).getByText('已完成')).toBeTruthy();
    // A finished instance cannot be deleted; both show their diagram.
    expect(within(finishedRow).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(finishedRow).getByRole('button', { name: '流程图' })).toBeTruthy();

    fireEvent.click(within(runningRow).getByRole('button', { name: '删除' }));
    const dialog = await findDialog('删除流程实例');
    expect(within(dialog).getByText('流程 请假流程 v3，张三 于 2026-05-02 09:30:00 发起')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(errors(dialog)).toEqual(['请输入删除原因']));
    fireEvent.change(within(dialog).getByLabelText('删除原因'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(errors(dialog)).toEqual(['请输入删除原因']));
    expect(followApi.deleteInstance).not.toHaveBeenCalled();

    const listed = vi.mocked(followApi.list).mock.calls.length;
    fireEvent.change(within(dialog).getByLabelText('删除原因'), { target: { value: ' 重复发起 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(followApi.deleteInstance).toHaveBeenCalledWith('pi-1', '重复发起'));
    await waitFor(() => expect(messages()).toContain('删除成功'));
    await waitFor(() => expect(vi.mocked(followApi.list).mock.calls.length).toBeGreaterThan(listed));
  });
});
