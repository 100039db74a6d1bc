import type { FlowDefinition } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as managerApi from '../../../api/flow/manager';
import { RequestError } from '../../../api/request';
import { onePage } from '../../../test/fixtures';
import { findDialog, grantOnly, messages, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import { runningInstancesOf } from './refusal';
import ManagerPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

const definition = (id: string, key: string, suspensionState: number): FlowDefinition => ({
  id,
  tenantId: '000000',
  deploymentId: `d-${id}`,
  key,
  name: `${key} 流程`,
  version: 3,
  category: 'flow_1',
  suspensionState,
  resourceName: `${key}.bpmn20.xml`,
  deploymentTime: '2026-05-02 09:30:00',
});

vi.mock('../../../components/bpmn', () => ({ ProcessDiagramDialog: () => null }));
vi.mock('../../../api/flow/manager', () => ({
  list: vi.fn(() => Promise.resolve(onePage(definition('1', 'Leave', 1), definition('2', 'Trip', 2)))),
  changeState: vi.fn(() => Promise.resolve(true)),
  removeDeployments: vi.fn(() => Promise.resolve(true)),
  deployUpload: vi.fn(),
}));
vi.mock('../../../api/system/dict', () => ({
  dictionary: vi.fn(() => Promise.resolve([{ dictKey: '1', dictValue: '请假流程' }])),
}));

beforeEach(() => grantOnly('flow_manager_state', 'flow_manager_remove'));

afterEach(resetPageTest);

const running = '该部署还有 2 个运行中的流程实例，请先结束它们或选择一并删除';

describe('runningInstancesOf', () => {
  it('reads the running instances of the server’s refusal, in either language', () => {
    expect(runningInstancesOf(new RequestError(running, 400, running))).toBe(2);
    const english =
      'This deployment still has 12 running process instances: end them first or delete them with it';
    expect(runningInstancesOf(new RequestError(english, 400, english))).toBe(12);
    expect(
      runningInstancesOf(new RequestError('流程部署不存在: 9', 400, '流程部署不存在: 9')),
    ).toBeUndefined();
    expect(runningInstancesOf(new Error(running))).toBeUndefined();
  });
});

describe('process definitions page', () => {
  it('deletes a deployment with its running instances only after a second, explicit confirmation', async () => {
    const page = await renderPageAt('/flow/manager/index', <ManagerPage />, {
      title: '流程管理',
      showing: 'Leave',
    });
    const row = within(page).getByText('Leave').closest('tr')!;
    expect(await within(row).findByText('请假流程')).toBeTruthy();
    expect(within(row).getByText('激活')).toBeTruthy();
    // An active definition offers 挂起, a suspended one 激活.
    expect(within(row).getByRole('button', { name: '挂起' })).toBeTruthy();
    const suspendedRow = within(page).getByText('Trip').closest('tr')!;
    expect(within(suspendedRow).getByRole('button', { name: '激活' })).toBeTruthy();

    // The server refuses while instances run (the request layer shows its message).
    vi.mocked(managerApi.removeDeployments).mockRejectedValueOnce(new RequestError(running, 400, running));
    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    const first = await findDialog('提示');
    expect(within(first).getByText(/Leave v3/)).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(managerApi.removeDeployments).toHaveBeenCalledWith(['d-1']));

    const second = await findDialog('一并结束运行中的流程?');
    expect(
      within(second).getByText(/该部署还有 2 个运行中的流程实例。继续删除将立即结束这些流程实例/),
    ).toBeTruthy();
    const listed = vi.mocked(managerApi.list).mock.calls.length;
    fireEvent.click(within(second).getByRole('button', { name: '结束流程并删除' }));
    await waitFor(() => expect(managerApi.removeDeployments).toHaveBeenLastCalledWith(['d-1'], true));
    await waitFor(() => expect(messages()).toContain('删除成功'));
    await waitFor(() => expect(vi.mocked(managerApi.list).mock.calls.length).toBeGreaterThan(listed));
    expect(screen.queryByText(/该部署还有 2 个运行中的流程实例。/)).toBeNull();
  });
});
