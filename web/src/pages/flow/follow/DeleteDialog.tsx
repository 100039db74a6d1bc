import type { FlowInstance } from '@console/contract';
import { Alert, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as followApi from '../../../api/flow/follow';
import { FormDialog } from '../../../crud';
import './locales';

/** The longest reason the server keeps (follow/delete-process-instance). */
export const DELETE_REASON_MAX = 255;

export interface DeleteDialogProps {
  /** The running instance to delete; the dialog is open while there is one. */
  instance: FlowInstance | undefined;
  onClose: () => void;
  onDeleted: () => void;
  /** The server refused (the instance ended or moved meanwhile): the row is out of date. */
  onOutdated: () => void;
}

interface DeleteForm {
  deleteReason: string;
}

/** Ends a running instance for good, with the reason (required) that it keeps. */
export function DeleteDialog({ instance, onClose, onDeleted, onOutdated }: DeleteDialogProps) {
  const { t } = useTranslation();

  const remove = async ({ deleteReason }: DeleteForm) => {
    if (!instance) return;
    await followApi.deleteInstance(instance.processInstanceId, deleteReason.trim());
    onDeleted();
  };

  return (
    <FormDialog<DeleteForm>
      open={instance !== undefined}
      name="flow-instance-delete"
      draft={instance?.processInstanceId}
      title={t('flow.follow.remove.title')}
      width={560}
      okText={t('flow.follow.remove.ok')}
      danger
      holdCancel
      onSubmit={remove}
      onRefused={onOutdated}
      onClose={onClose}
    >
      {instance && (
        <Typography.Paragraph>
          {t('flow.follow.remove.subject', {
            name: instance.processDefinitionName,
            version: instance.processDefinitionVersion,
            startUser: instance.startUserName ?? instance.startUser,
            startTime: instance.startTime,
          })}
        </Typography.Paragraph>
      )}
      <Alert type="warning" showIcon title={t('flow.follow.remove.warning')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="deleteReason"
        label={t('flow.follow.remove.reason')}
        rules={[
          { required: true, whitespace: true, message: t('flow.follow.remove.reasonRequired') },
          {
            max: DELETE_REASON_MAX,
            message: t('flow.follow.remove.reasonTooLong', { max: DELETE_REASON_MAX }),
          },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          showCount
          maxLength={DELETE_REASON_MAX}
          autoFocus
        />
      </Form.Item>
    </FormDialog>
  );
}
