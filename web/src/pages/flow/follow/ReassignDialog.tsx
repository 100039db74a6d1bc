import type { FlowInstance } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as followApi from '../../../api/flow/follow';
import { FormDialog } from '../../../crud';
import { UserSelect } from '../../work/shared/UserSelect';
import './locales';

/** The longest comment the server keeps with an action. */
const COMMENT_MAX = 500;

export interface ReassignDialogProps {
  /** The running instance whose open task is reassigned; the dialog is open while there is one. */
  instance: FlowInstance | undefined;
  onClose: () => void;
  onDone: () => void;
  /** The server refused (the task was handled meanwhile): the row is out of date. */
  onOutdated: () => void;
}

interface ReassignForm {
  taskId: string;
  userId: string;
  comment?: string;
}

/** 转办 (flow_follow_reassign): a process administrator gives an open task to another user. */
export function ReassignDialog({ instance, onClose, onDone, onOutdated }: ReassignDialogProps) {
  const { t } = useTranslation();
  const tasks = useQuery({
    queryKey: ['flow-instance', 'open-tasks', instance?.processInstanceId],
    queryFn: () => followApi.openTasks(instance!.processInstanceId),
    enabled: instance !== undefined,
  });
  const reassign = async ({ taskId, userId, comment }: ReassignForm) => {
    await followApi.reassignTask({ taskId, userId, comment: comment?.trim() || undefined });
    onDone();
  };
  const options = (tasks.data ?? []).map((task) => ({
    value: task.taskId,
    label: t('flow.follow.reassign.taskOption', {
      task: task.taskName,
      name: task.assigneeName ?? task.assignee ?? t('flow.follow.reassign.unclaimed'),
    }),
  }));
  return (
    <FormDialog<ReassignForm>
      open={instance !== undefined}
      name="flow-instance-reassign"
      title={t('flow.follow.reassign.title')}
      width={520}
      okText={t('flow.follow.reassign.ok')}
      loading={tasks.isPending}
      initialValues={{ taskId: tasks.data?.[0]?.taskId }}
      onSubmit={reassign}
      onRefused={onOutdated}
      onClose={onClose}
    >
      {instance && (
        <Typography.Paragraph>
          {t('flow.follow.reassign.subject', {
            name: instance.processDefinitionName,
            startUser: instance.startUserName ?? instance.startUser,
          })}
        </Typography.Paragraph>
      )}
      <Form.Item
        name="taskId"
        label={t('flow.follow.reassign.task')}
        rules={[{ required: true, message: t('flow.follow.reassign.taskRequired') }]}
      >
        <Select options={options} />
      </Form.Item>
      <Form.Item
        name="userId"
        label={t('flow.follow.reassign.user')}
        rules={[{ required: true, message: t('flow.follow.reassign.userRequired') }]}
      >
        <UserSelect />
      </Form.Item>
      <Form.Item
        name="comment"
        label={t('flow.follow.reassign.comment')}
        rules={[
          { max: COMMENT_MAX, message: t('flow.follow.reassign.commentTooLong', { max: COMMENT_MAX }) },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </FormDialog>
  );
}
