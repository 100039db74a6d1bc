import type { FlowInstance } from '@console/contract';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as followApi from '../../../api/flow/follow';
import { RequestError } from '../../../api/request';
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
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  const remove = async (reason: string) => {
    if (!instance || inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      await followApi.deleteInstance(instance.processInstanceId, reason.trim());
      onDeleted();
    } catch (error) {
      // The server's reason was shown by the request layer: show the row as it is now.
      if (error instanceof RequestError) onOutdated();
      else void message.error(t('request.unreachable'));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const okText = t('flow.follow.remove.ok');
  const cancelText = t('flow.shared.cancel');
  return (
    <Modal
      open={instance !== undefined}
      title={t('flow.follow.remove.title')}
      width={560}
      onCancel={onClose}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ htmlType: 'submit', danger: true, 'aria-label': okText }}
      cancelButtonProps={{ 'aria-label': cancelText, disabled: sending }}
      confirmLoading={sending}
      mask={{ closable: false }}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<DeleteForm>
          name="flow-instance-delete"
          layout="vertical"
          onFinish={(values) => void remove(values.deleteReason)}
        >
          {dialog}
        </Form>
      )}
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
    </Modal>
  );
}
