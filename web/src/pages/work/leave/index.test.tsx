import type { FlowTask, LeaveDetail, Page } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as leaveApi from '../../../api/flow/leave';
import * as workApi from '../../../api/flow/work';
import { auditColumns } from '../../../test/fixtures';
import { buttonName, renderApp } from '../../../test/dom';
import { resetPageTest } from '../../../test/page-test-kit';
import LeavePage from '.';

// The handle page in jsdom (antd's form and cards): a few seconds a test on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../../api/flow/work', () => ({ todoList: vi.fn(), completeTask: vi.fn() }));
vi.mock('../../../api/flow/leave', () => ({ detail: vi.fn(), startProcess: vi.fn() }));
// bpmn-js needs a real browser: the diagram is not this page's to test.
vi.mock('../../../components/bpmn', () => ({
  ProcessDiagram: () => null,
  ProcessDiagramDialog: () => null,
  FlowHistoryTable: () => null,
}));

const leave: LeaveDetail = {
  id: '33',
  ...auditColumns,
  tenantId: '000000',
  processDefinitionId: 'Leave:1:1',
  processInstanceId: '22',
  leaveType: 2,
  startTime: '2026-05-04 09:00:00',
  endTime: '2026-05-05 18:00:00',
  days: 2,
  reason: '发烧',
  taskUser: '7',
  taskUserName: '王审批',
  applyTime: '2026-05-03 10:00:00',
  leaveState: 1,
  flow: [],
};

/** The to-do list's answer: a page of these tasks. */
const onePage = (records: FlowTask[]): Page<FlowTask> => ({
  records,
  total: records.length,
  size: 1,
  current: 1,
  pages: records.length,
});

const task = (taskDefinitionKey: string): FlowTask => ({
  taskId: '11',
  taskName: taskDefinitionKey === 'applicantAdjust' ? '调整申请' : '审批人审批',
  taskDefinitionKey,
  processInstanceId: '22',
  processDefinitionId: 'Leave:1:1',
  processDefinitionKey: 'Leave',
  processDefinitionName: '请假流程',
  processDefinitionVersion: 1,
  category: 'flow_1',
  businessTable: 'blade_process_leave',
  businessId: '33',
  startUser: '5',
  startUserName: '张三',
  assignee: '7',
  assigneeName: '王审批',
  createTime: '2026-05-03 10:00:00',
  claimTime: null,
  endTime: null,
  outcome: null,
  comment: null,
  processIsFinished: false,
});

const HANDLE = '/work/process/leave/handle/11/22/33';

async function openHandle() {
  const view = renderApp(HANDLE, [
    {
      path: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
      element: <LeavePage view="handle" />,
    },
    { path: '/work/todo/index', element: <p>待办列表</p> },
  ]);
  const page = await screen.findByRole('region', { name: '处理请假' });
  await within(page).findByText('发烧');
  return { ...view, page };
}

const errors = (page: HTMLElement) =>
  [...page.querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);

beforeEach(() => {
  vi.mocked(leaveApi.detail).mockResolvedValue(leave);
  vi.mocked(workApi.completeTask).mockResolvedValue(true);
});

afterEach(resetPageTest);

describe('leave handle page', () => {
  it('shows the request, rejects only with a comment, then goes to the to-do list', async () => {
    vi.mocked(workApi.todoList).mockResolvedValue(onePage([task('approverAudit')]));
    const { page, router } = await openHandle();
    expect(leaveApi.detail).toHaveBeenCalledWith('33');
    // The task is asked for by id: the server's page holds it or nothing.
    expect(workApi.todoList).toHaveBeenCalledWith(1, 1, { taskId: '11' });
    expect(within(page).getByText('病假')).toBeTruthy();
    expect(within(page).getByText('审批中')).toBeTruthy();
    expect(within(page).getByText('王审批')).toBeTruthy();

    const reject = await within(page).findByRole('button', { name: buttonName('驳回') });
    expect(within(page).queryByRole('button', { name: buttonName('重新提交') })).toBeNull();
    fireEvent.click(reject);
    await waitFor(() => expect(errors(page)).toEqual(['驳回时请填写审批意见']));
    expect(workApi.completeTask).not.toHaveBeenCalled();

    fireEvent.change(within(page).getByLabelText('审批意见'), { target: { value: ' 天数不对 ' } });
    fireEvent.click(reject);
    await waitFor(() =>
      expect(workApi.completeTask).toHaveBeenCalledWith({
        taskId: '11',
        processInstanceId: '22',
        flag: 'reject',
        comment: '天数不对',
      }),
    );
    expect(await screen.findByText('待办列表')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/work/todo/index');
    expect(screen.getByText('已驳回')).toBeTruthy();
  });

  it('offers the applicant resubmit or withdraw on the adjust step', async () => {
    vi.mocked(workApi.todoList).mockResolvedValue(onePage([task('applicantAdjust')]));
    const { page } = await openHandle();
    const resubmit = await within(page).findByRole('button', { name: buttonName('重新提交') });
    expect(within(page).getByRole('button', { name: buttonName('撤回') })).toBeTruthy();
    expect(within(page).queryByRole('button', { name: buttonName('同意') })).toBeNull();
    fireEvent.click(resubmit);
    await waitFor(() =>
      expect(workApi.completeTask).toHaveBeenCalledWith({
        taskId: '11',
        processInstanceId: '22',
        flag: 'pass',
        variables: { resubmit: true },
      }),
    );
    expect(await screen.findByText('待办列表')).toBeTruthy();
  });

  it('offers no decision on a task no longer in the user’s to-do list', async () => {
    vi.mocked(workApi.todoList).mockResolvedValue(onePage([]));
    const { page } = await openHandle();
    expect(
      await within(page).findByText('这个任务已不在你的待办中：它已被处理，或不由你处理。'),
    ).toBeTruthy();
    expect(within(page).queryByRole('button', { name: buttonName('同意') })).toBeNull();
  });
});
