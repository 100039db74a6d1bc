import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import * as workApi from '../../../api/flow/work';
import { ProcessDiagram } from '../../../components/bpmn';
import { decisionKindOf } from '../shared/decision';
import { TaskHandling, type TaskOutcome } from '../shared/TaskHandling';
import { WORK_LIST, WORK_PAGE } from '../shared/work-lists';
import { Loaded, LeaveRecord, leaveQueryKey, useLeaveDetail } from './LeaveRecord';
import { useLeaveExit } from './use-leave-exit';
import './locales';

export interface LeaveHandleProps {
  taskId: string;
  processInstanceId: string;
  businessId: string;
}

/** The user's open task of this address, from their to-do list; null when it is not there. */
const taskQueryKey = (taskId: string) => ['work', 'leave-task', taskId] as const;

/**
 * 处理请假: the request (read-only), the decision, and the process so far. The approver's and the
 * manager's steps decide 同意 / 驳回 (a rejection says why); the applicant's adjust step, after a
 * rejection, 重新提交 (back to the approver) or 撤回 (the process ends); a step may also be
 * returned, transferred or delegated, and a decision copied (issue 51: shared/TaskHandling.tsx).
 * Which step it is comes from the user's to-do list; a task not in it (handled meanwhile, someone
 * else's) offers no decision. Decided, the page closes and 待办事务 shows.
 */
export function LeaveHandle({ taskId, processInstanceId, businessId }: LeaveHandleProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const exit = useLeaveExit();
  const leave = useLeaveDetail(businessId);
  const task = useQuery({
    queryKey: taskQueryKey(taskId),
    queryFn: async () => (await workApi.todoList(1, 1, { taskId })).records[0] ?? null,
  });

  const done = async (outcome: TaskOutcome) => {
    void message.success(t(`work.shared.decision.done.${outcome}`));
    for (const key of [[WORK_LIST.todo], [WORK_LIST.done], [WORK_LIST.send], leaveQueryKey(businessId)])
      void queryClient.invalidateQueries({ queryKey: key });
    queryClient.removeQueries({ queryKey: taskQueryKey(taskId) });
    await exit(WORK_PAGE.todo);
  };

  return (
    <Flex vertical gap={16}>
      <Card title={t('work.leave.record')}>
        <Loaded query={leave}>{(record) => <LeaveRecord leave={record} />}</Loaded>
      </Card>
      <Card title={t('work.leave.decision')}>
        <Loaded query={task}>
          {(open) =>
            open ? (
              <Flex vertical gap={12}>
                {decisionKindOf(open.taskDefinitionKey, open.kind) === 'adjust' && (
                  <Alert type="warning" showIcon title={t('work.leave.adjustHint')} />
                )}
                <TaskHandling task={open} name="leave-decision" onDone={done} />
              </Flex>
            ) : (
              <Alert
                type="info"
                showIcon
                title={t('work.leave.notTodo')}
                action={
                  <Button size="small" onClick={() => void exit(WORK_PAGE.todo)}>
                    {t('work.leave.toTodo')}
                  </Button>
                }
              />
            )
          }
        </Loaded>
      </Card>
      <Card title={t('work.leave.process')}>
        <ProcessDiagram source={{ processInstanceId }} history />
      </Card>
    </Flex>
  );
}
