import type { FlowTask } from '@console/contract';
import { Alert, Modal, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as workApi from '../../../api/flow/work';
import { completeInput, decisionKindOf, type Decision } from '../shared/decision';
import { DecisionForm } from '../shared/DecisionForm';
import '../shared/locales';
import { TaskActionForm, type TaskAction } from './TaskActionForm';

/** What became of a task in the dialog: a decision on it, or an action. */
export type TaskOutcome = Decision | TaskAction;

export interface CompleteDialogProps {
  /** The task to decide; the dialog is open while there is one. */
  task: FlowTask | undefined;
  onClose: () => void;
  /** The task was completed with this decision, or returned, transferred or delegated. */
  onDone: (outcome: TaskOutcome) => void;
}

type Mode = 'handle' | TaskAction;

/**
 * The decision on a task whose process has no handling page of its own: 同意 / 驳回 with 审批意见
 * (required to reject) and 抄送; or 退回 / 转办 / 委派 (issue 51). A task returned to the user is
 * resubmitted, one delegated to them resolved; who sent it and why is shown first. A refusal (the
 * task is no longer the user's, already done) was shown by the request layer; the dialog stays open
 * until closed.
 */
export function CompleteDialog({ task, onClose, onDone }: CompleteDialogProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('handle');
  const decide = async (decision: Decision, comment: string, copyUserIds: string[]) => {
    if (!task) return;
    await workApi.completeTask(completeInput(task, decision, comment, copyUserIds));
    onDone(decision);
  };
  const close = () => {
    setMode('handle');
    onClose();
  };
  const plain = task !== undefined && (task.kind ?? 'task') === 'task';
  const from = task?.fromUser ? (task.fromUserName ?? task.fromUser) : undefined;
  const fromKey =
    task?.kind === 'returned'
      ? 'work.shared.actions.returnedBy'
      : task?.kind === 'delegated'
        ? 'work.shared.actions.delegatedBy'
        : 'work.shared.actions.handedBy';
  return (
    <Modal
      open={task !== undefined}
      title={t('work.shared.dialog.title')}
      width={560}
      onCancel={close}
      footer={null}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {task && (
        <>
          <Typography.Paragraph>
            {t('work.shared.dialog.subject', { process: task.processDefinitionName, task: task.taskName })}
            <br />
            {t('work.shared.dialog.applicant', { name: task.startUserName ?? task.startUser })}
          </Typography.Paragraph>
          {from && (
            <Alert
              type={task.kind === 'returned' ? 'warning' : 'info'}
              showIcon
              title={t(fromKey, {
                name: from,
                comment: task.fromComment || t('work.shared.actions.noComment'),
              })}
              style={{ marginBottom: 16 }}
            />
          )}
          {plain && (
            <Segmented<Mode>
              aria-label={t('work.shared.actions.mode')}
              value={mode}
              onChange={setMode}
              options={(['handle', 'return', 'transfer', 'delegate'] as const).map((value) => ({
                value,
                label: t(`work.shared.actions.${value}`),
              }))}
              style={{ marginBottom: 16 }}
            />
          )}
          {mode === 'handle' || !plain ? (
            <DecisionForm
              name="work-complete"
              kind={decisionKindOf(task.taskDefinitionKey, task.kind)}
              copy
              onDecide={decide}
              onCancel={close}
            />
          ) : (
            <TaskActionForm
              key={mode}
              task={task}
              action={mode}
              onDone={(action) => {
                setMode('handle');
                onDone(action);
              }}
              onCancel={close}
            />
          )}
        </>
      )}
    </Modal>
  );
}
