import type { FlowTask } from '@console/contract';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as workApi from '../../../api/flow/work';
import { completeInput, decisionKindOf, type Decision } from '../shared/decision';
import { DecisionForm } from '../shared/DecisionForm';
import '../shared/locales';

export interface CompleteDialogProps {
  /** The task to decide; the dialog is open while there is one. */
  task: FlowTask | undefined;
  onClose: () => void;
  /** The task was completed with this decision. */
  onDone: (decision: Decision) => void;
}

/**
 * The decision on a task whose process has no handling page of its own: 同意 / 驳回 with 审批意见
 * (required to reject). A refusal (the task is no longer the user's, already done) was shown by the
 * request layer; the dialog stays open until closed.
 */
export function CompleteDialog({ task, onClose, onDone }: CompleteDialogProps) {
  const { t } = useTranslation();
  const decide = async (decision: Decision, comment: string) => {
    if (!task) return;
    await workApi.completeTask(completeInput(task, decision, comment));
    onDone(decision);
  };
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
          <DecisionForm
            name="work-complete"
            kind={decisionKindOf(task.taskDefinitionKey)}
            onDecide={decide}
            onCancel={onClose}
          />
        </>
      )}
    </Modal>
  );
}
