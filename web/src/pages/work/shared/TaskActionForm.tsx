import type { FlowTask } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as workApi from '../../../api/flow/work';
import { COMMENT_MAX } from './decision';
import './locales';
import { useReportFailure } from './report-failure';
import { UserSelect } from './UserSelect';

/** What a task's assignee may do with it besides deciding it. */
export type TaskAction = 'return' | 'transfer' | 'delegate';

interface ActionValues {
  target?: string;
  userId?: string;
  comment?: string;
}

export interface TaskActionFormProps {
  task: FlowTask;
  action: TaskAction;
  /** The action was taken. */
  onDone: (action: TaskAction) => void;
  onCancel: () => void;
}

/**
 * 退回 (to a step already passed, with who did it, or to the initiator; the reason required), 转办
 * and 委派 (to a user of the tenant, with a comment). A refusal keeps the form for another try.
 */
export function TaskActionForm({ task, action, onDone, onCancel }: TaskActionFormProps) {
  const { t } = useTranslation();
  const report = useReportFailure();
  const [form] = Form.useForm<ActionValues>();
  const [sending, setSending] = useState(false);
  const targets = useQuery({
    queryKey: ['work', 'return-targets', task.taskId],
    queryFn: () => workApi.returnTargets(task.taskId),
    enabled: action === 'return',
  });

  const send = async (values: ActionValues) => {
    if (sending) return;
    setSending(true);
    const comment = values.comment?.trim() || undefined;
    try {
      if (action === 'return')
        await workApi.returnTask({ taskId: task.taskId, target: values.target ?? 'previous', comment });
      else {
        const input = { taskId: task.taskId, userId: values.userId ?? '', comment };
        await (action === 'transfer' ? workApi.transferTask(input) : workApi.delegateTask(input));
      }
      onDone(action);
    } catch (error) {
      report(error);
    } finally {
      setSending(false);
    }
  };

  const targetOptions = (targets.data ?? []).map((target) => ({
    value: target.target,
    label: t('work.shared.actions.targetOption', {
      task: target.target === 'initiator' ? t('work.shared.actions.initiator') : target.taskName,
      name: target.assigneeName ?? target.assignee ?? '',
    }),
  }));
  return (
    <Form<ActionValues> form={form} name={`work-${action}`} layout="vertical" onFinish={(v) => void send(v)}>
      <Alert
        type="info"
        showIcon
        title={t(`work.shared.actions.${action}Help`)}
        style={{ marginBottom: 16 }}
      />
      {action === 'return' ? (
        <Form.Item
          name="target"
          label={t('work.shared.actions.target')}
          rules={[{ required: true, message: t('work.shared.actions.targetRequired') }]}
        >
          <Select options={targetOptions} loading={targets.isPending} disabled={sending} />
        </Form.Item>
      ) : (
        <Form.Item
          name="userId"
          label={t('work.shared.actions.user')}
          rules={[{ required: true, message: t('work.shared.actions.userRequired') }]}
        >
          <UserSelect
            placeholder={t('work.shared.actions.userPlaceholder')}
            exclude={[task.assignee]}
            disabled={sending}
          />
        </Form.Item>
      )}
      <Form.Item
        name="comment"
        label={t(action === 'return' ? 'work.shared.actions.reason' : 'work.shared.actions.comment')}
        rules={[
          ...(action === 'return'
            ? [{ required: true, whitespace: true, message: t('work.shared.actions.reasonRequired') }]
            : []),
          { max: COMMENT_MAX, message: t('work.shared.decision.commentTooLong', { max: COMMENT_MAX }) },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} disabled={sending} />
      </Form.Item>
      <Flex gap={8} wrap>
        <Button type="primary" danger={action === 'return'} htmlType="submit" loading={sending}>
          {t(`work.shared.actions.${action}`)}
        </Button>
        <Button onClick={onCancel} disabled={sending}>
          {t('work.shared.decision.cancel')}
        </Button>
      </Flex>
    </Form>
  );
}
