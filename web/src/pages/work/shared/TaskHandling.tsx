import type { FlowTask } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as workApi from '../../../api/flow/work';
import { useBoundForm } from '../../flow/form/BoundFormView';
import { FormRenderer, editableData } from '../../flow/form/FormRenderer';
import { completeInput, decisionKindOf, type Decision } from './decision';
import { DecisionForm } from './DecisionForm';
import './locales';
import { SignerForm, type SignerAction } from './SignerForm';
import { TaskActionForm, type TaskAction } from './TaskActionForm';

/** What became of a task: a decision on it, or an action. */
export type TaskOutcome = Decision | TaskAction | SignerAction;

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

type Mode = 'handle' | TaskAction | SignerAction;

/**
 * How the user handles a task of theirs (issue 51): who sent it to them and why, if someone did; the
 * decision with 审批意见 and 抄送; or, on a step of the model, 退回 / 转办 / 委派 (on a countersign's,
 * 退回 / 加签 / 减签). A task returned to
 * the user is resubmitted (straight back to whoever returned it), one delegated to them resolved
 * (back to its owner): neither offers the other actions.
 */
export function TaskHandling({ task, name, onDone, onCancel }: TaskHandlingProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('handle');
  const plain = (task.kind ?? 'task') === 'task';
  // The process's form (issue 51): the task's editable fields are sent with the decision, and a
  // returned request's (its step's fields, editable again) with the resubmission.
  const [taskForm] = Form.useForm<Record<string, unknown>>();
  const bound = useBoundForm(task.processInstanceId, task.kind === 'delegated' ? undefined : task.taskId);
  // A countersign's task (会签): 加签 and 减签 instead of 转办 and 委派 (its votes are its signers').
  const countersign = useQuery({
    queryKey: ['work', 'signers', task.taskId],
    queryFn: () => workApi.signers(task.taskId),
    enabled: plain,
  }).data;
  const modes: readonly Mode[] = countersign
    ? ['handle', 'return', 'addSigner', 'removeSigner']
    : ['handle', 'return', 'transfer', 'delegate'];
  const form = bound.data ?? undefined;
  const editable = form?.taskId === task.taskId;
  const validate = async (decision: Decision) => {
    if (!editable || decision === 'reject') return true;
    try {
      await taskForm.validateFields();
      return true;
    } catch {
      return false; // the fields show why
    }
  };
  const decide = async (decision: Decision, comment: string, copyUserIds: string[]) => {
    const input = completeInput(task, decision, comment, copyUserIds);
    if (editable && form) {
      const data = editableData(taskForm.getFieldsValue(true) as Record<string, unknown>, form.access);
      if (Object.keys(data).length > 0) input.variables = { ...input.variables, ...data };
    }
    await workApi.completeTask(input);
    await onDone(decision);
  };
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
          options={modes.map((value) => ({
            value,
            label: t(`work.shared.actions.${value}`),
          }))}
          style={{ marginBottom: 16 }}
        />
      )}
      {form && (mode === 'handle' || !plain) && (
        <FormRenderer
          name={`${name}-form`}
          form={taskForm}
          definition={form.definition}
          initialValues={form.data}
          access={form.access}
          disabled={!editable}
        />
      )}
      {mode === 'handle' || !plain ? (
        <DecisionForm
          name={name}
          kind={decisionKindOf(task.taskDefinitionKey, task.kind)}
          copy
          onDecide={decide}
          validate={validate}
          onCancel={onCancel}
        />
      ) : (mode === 'addSigner' || mode === 'removeSigner') && countersign ? (
        <SignerForm
          key={mode}
          task={task}
          action={mode}
          countersign={countersign}
          onDone={(action) => {
            setMode('handle');
            void onDone(action);
          }}
          onCancel={onCancel ?? (() => setMode('handle'))}
        />
      ) : mode === 'addSigner' || mode === 'removeSigner' ? null : (
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
