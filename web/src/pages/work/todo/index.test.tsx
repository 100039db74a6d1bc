import type { FlowTask } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as workApi from '../../../api/flow/work';
import { buttonName, renderApp } from '../../../test/dom';
import { findDialog, grantOnly, resetPageTest } from '../../../test/page-test-kit';
import WorkTodoPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

vi.mock('../../../api/flow/work', () => ({ todoList: vi.fn(), completeTask: vi.fn() }));
vi.mock('../../../api/system/dict', () => ({
  dictionary: vi.fn(() =>
    Promise.resolve([
      { dictKey: '1', dictValue: '请假流程', remark: '/work/process/leave' },
      { dictKey: '2', dictValue: '报销流程', remark: null },
    ]),
  ),
}));
vi.mock('../../../components/bpmn', () => ({
  ProcessDiagram: () => null,
  ProcessDiagramDialog: () => null,
  FlowHistoryTable: () => null,
}));

const task = (taskId: string, processDefinitionName: string, category: string): FlowTask => ({
  taskId,
  taskName: '审批',
  taskDefinitionKey: 'audit',
  processInstanceId: `p${taskId}`,
  processDefinitionId: `def${taskId}`,
  processDefinitionKey: 'key',
  processDefinitionName,
  processDefinitionVersion: 1,
  category,
  businessTable: null,
  businessId: `b${taskId}`,
  startUser: '5',
  startUserName: '张三',
  assignee: '1',
  assigneeName: null,
  createTime: '2026-05-03 10:00:00',
  claimTime: null,
  endTime: null,
  outcome: null,
  comment: null,
  processIsFinished: false,
});

beforeEach(() => {
  grantOnly('work_todo_handle');
  vi.mocked(workApi.todoList).mockResolvedValue({
    records: [task('1', '请假申请', 'flow_1'), task('2', '报销审批', 'flow_2')],
    total: 2,
    size: 10,
    current: 1,
    pages: 1,
  });
  vi.mocked(workApi.completeTask).mockResolvedValue(true);
});

afterEach(resetPageTest);

async function openPage() {
  const view = renderApp('/work/todo/index', [
    { path: '/work/todo/index', element: <WorkTodoPage /> },
    { path: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId', element: <p>请假处理页</p> },
  ]);
  const page = await screen.findByRole('region', { name: '待办事务' });
  await within(page).findByText('请假申请');
  return { ...view, page };
}

const rowOf = (page: HTMLElement, name: string) => within(page).getByText(name).closest<HTMLElement>('tr')!;

describe('to-do page', () => {
  it('opens the category’s handling page, or decides in a dialog when the category has none', async () => {
    const { page, router } = await openPage();
    // The category's label comes from the flow dictionary.
    await within(rowOf(page, '请假申请')).findByText('请假流程');

    fireEvent.click(within(rowOf(page, '报销审批')).getByRole('button', { name: '处理' }));
    const dialog = await findDialog('处理事务');
    const listed = vi.mocked(workApi.todoList).mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: buttonName('同意') }));
    await waitFor(() =>
      expect(workApi.completeTask).toHaveBeenCalledWith({
        taskId: '2',
        processInstanceId: 'p2',
        flag: 'pass',
      }),
    );
    expect(await screen.findByText('已同意')).toBeTruthy();
    await waitFor(() => expect(vi.mocked(workApi.todoList).mock.calls.length).toBeGreaterThan(listed));

    fireEvent.click(within(rowOf(page, '请假申请')).getByRole('button', { name: '处理' }));
    expect(await screen.findByText('请假处理页')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/work/process/leave/handle/1/p1/b1');
    // The tab belongs to 待办事务's menu item.
    expect(router.state.location.search).toBe('?menu=%2Fwork%2Ftodo%2Findex');
  });

  it('reads the server’s page: its total in the pager, another page asked of the server', async () => {
    vi.mocked(workApi.todoList).mockImplementation((current) =>
      Promise.resolve({
        records:
          current === 1
            ? [task('1', '请假申请', 'flow_1'), task('2', '报销审批', 'flow_2')]
            : [task('3', '第二页的事务', 'flow_2')],
        total: 12,
        size: 10,
        current,
        pages: 2,
      }),
    );
    const { page } = await openPage();
    expect(workApi.todoList).toHaveBeenLastCalledWith(1, 10, expect.any(Object));
    expect(within(page).getByText('共 12 条')).toBeTruthy();
    fireEvent.click(within(page).getByTitle('2'));
    expect(await within(page).findByText('第二页的事务')).toBeTruthy();
    expect(workApi.todoList).toHaveBeenLastCalledWith(2, 10, expect.any(Object));
  });
});
