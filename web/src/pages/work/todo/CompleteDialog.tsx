import type { FlowTask } from '@console/contract';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../shared/locales';
import { TaskHandling, type TaskOutcome } from '../shared/TaskHandling';

export type { TaskOutcome } from '../shared/TaskHandling';

export interface CompleteDialogProps {
  /** The task to decide; the dialog is open while there is one. */
  task: FlowTask | undefined;
  onClose: () => void;
  /** The task was completed with this decision, or returned, transferred or delegated. */
  onDone: (outcome: TaskOutcome) => void;
}

/**
 * The handling of a task whose process has no handling page of its own: 同意 / 驳回 with 审批意见
 * (required to reject) and 抄送, or 退回 / 转办 / 委派 (shared/TaskHandling.tsx). A refusal (the
 * task is no longer the user's, already done) was shown by the request layer; the dialog stays open
 * until closed.
 */
export function CompleteDialog({ task, onClose, onDone }: CompleteDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={task !== undefined}
      title={t('work.shared.dialog.title')}
      width={560}
      onCancel={onClose}
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
          <TaskHandling task={task} name="work-complete" onDone={onDone} onCancel={onClose} />
        </>
      )}
    </Modal>
  );
}
