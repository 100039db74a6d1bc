import type { FlowInstance } from '@console/contract';
import { Alert, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as workApi from '../../../api/flow/work';
import { FormDialog } from '../../../crud';
import { COMMENT_MAX } from '../shared/decision';
import './locales';

export interface WithdrawDialogProps {
  /** The running request to withdraw; the dialog is open while there is one. */
  instance: FlowInstance | undefined;
  onClose: () => void;
  onDone: () => void;
  /** The server refused (the request ended or moved meanwhile): the row is out of date. */
  onOutdated: () => void;
}

interface WithdrawForm {
  comment: string;
}

/** 撤销: the initiator ends the whole request, with the reason (required) that it keeps. */
export function WithdrawDialog({ instance, onClose, onDone, onOutdated }: WithdrawDialogProps) {
  const { t } = useTranslation();
  const withdraw = async ({ comment }: WithdrawForm) => {
    if (!instance) return;
    await workApi.withdraw(instance.processInstanceId, comment.trim());
    onDone();
  };
  return (
    <FormDialog<WithdrawForm>
      open={instance !== undefined}
      name="work-withdraw"
      draft={instance?.processInstanceId}
      title={t('work.send.withdraw.title')}
      width={520}
      okText={t('work.send.withdraw.ok')}
      danger
      holdCancel
      onSubmit={withdraw}
      onRefused={onOutdated}
      onClose={onClose}
    >
      {instance && (
        <Typography.Paragraph>
          {t('work.send.withdraw.subject', {
            name: instance.processDefinitionName,
            startTime: instance.startTime,
          })}
        </Typography.Paragraph>
      )}
      <Alert type="warning" showIcon title={t('work.send.withdraw.warning')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="comment"
        label={t('work.send.withdraw.reason')}
        rules={[
          { required: true, whitespace: true, message: t('work.send.withdraw.reasonRequired') },
          { max: COMMENT_MAX, message: t('work.shared.decision.commentTooLong', { max: COMMENT_MAX }) },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} showCount maxLength={COMMENT_MAX} autoFocus />
      </Form.Item>
    </FormDialog>
  );
}
