import type { FlowTask } from '@console/contract';
import { Alert, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as workApi from '../../../api/flow/work';
import { completeInput, decisionKindOf, type Decision } from './decision';
import { DecisionForm } from './DecisionForm';
import './locales';
import { TaskActionForm, type TaskAction } from './TaskActionForm';

/** What became of a task: a decision on it, or an action. */
export type TaskOutcome = Decision | TaskAction;

export interface TaskHandlingProps {
  /** The user's open task, as their to-do list has it. */
  task: FlowTask;
  /** The form's name: DOM ids `<name>_comment`. */
  name: string;
  /** The task was completed with this decision, or returned, transferred or delegated. */
  onDone: (outcome: TaskOutcome) => unknown;
  /** Cancel button (a dialog's); none on a page. */
  onCancel?: () => void;
}

type Mode = 'handle' | TaskAction;

/**
 * How the user handles a task of theirs (issue 51): who sent it to them and why, if someone did; the
 * decision with 审批意见 and 抄送; or, on a step of the model, 退回 / 转办 / 委派. A task returned to
 * the user is resubmitted (straight back to whoever returned it), one delegated to them resolved
 * (back to its owner): neither offers the other actions.
 */
export function TaskHandling({ task, name, onDone, onCancel }: TaskHandlingProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('handle');
  const decide = async (decision: Decision, comment: string, copyUserIds: string[]) => {
    await workApi.completeTask(completeInput(task, decision, comment, copyUserIds));
    await onDone(decision);
  };
  const plain = (task.kind ?? 'task') === 'task';
  const from = task.fromUser ? (task.fromUserName ?? task.fromUser) : undefined;
  const fromKey =
    task.kind === 'returned'
      ? 'work.shared.actions.returnedBy'
      : task.kind === 'delegated'
        ? 'work.shared.actions.delegatedBy'
        : 'work.shared.actions.handedBy';
  return (
    <>
      {from && (
        <Alert
          type={task.kind === 'returned' ? 'warning' : 'info'}
          showIcon
          title={t(fromKey, { name: from, comment: task.fromComment || t('work.shared.actions.noComment') })}
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
          name={name}
          kind={decisionKindOf(task.taskDefinitionKey, task.kind)}
          copy
          onDecide={decide}
          onCancel={onCancel}
        />
      ) : (
        <TaskActionForm
          key={mode}
          task={task}
          action={mode}
          onDone={(action) => {
            setMode('handle');
            void onDone(action);
          }}
          onCancel={onCancel ?? (() => setMode('handle'))}
        />
      )}
    </>
  );
}
