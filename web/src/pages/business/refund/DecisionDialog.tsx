import { type RefundReview } from '@console/contract';
import { REFUND_LIMITS } from '@console/contract/business';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as refundApi from '../../../api/business/refund';
import { RequestError } from '../../../api/request';
import { formatYuan } from './money';

export type DecisionKind = 'agree' | 'reject';

export interface DecisionDialogProps {
  /** The pending refund to decide, and how; the dialog is open while there is one. */
  refund: RefundReview | undefined;
  kind: DecisionKind;
  onClose: () => void;
  /** The refund was decided by this call. */
  onDecided: (kind: DecisionKind) => void;
  /** Another reviewer decided first (the server said so, and by whom): the row is out of date. */
  onOutdated: () => void;
}

interface RejectForm {
  remark: string;
}

/**
 * 同意 (a confirmation naming the order and the amount) or 拒绝 (a reason is required) of one
 * pending refund. The server decides each refund once: when another reviewer was first, its
 * message (shown by the request layer) says who, and the page shows the row as it is now.
 */
export function DecisionDialog({ refund, kind, onClose, onDecided, onOutdated }: DecisionDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const agreeing = kind === 'agree';
  const subject = refund && { orderNo: refund.orderNo, amount: formatYuan(refund.refundAmount) };

  const decide = async (remark?: string) => {
    if (!refund || inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      if (agreeing) await refundApi.agree(refund.id);
      else await refundApi.reject(refund.id, (remark ?? '').trim());
      onDecided(kind);
    } catch (error) {
      // The server refused (decided by someone else, gone): its message is out; show the row anew.
      if (error instanceof RequestError) onOutdated();
      else void message.error(t('request.unreachable'));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const okText = t(agreeing ? 'business.refund.agree.ok' : 'business.refund.reject.ok');
  const cancelText = t('business.refund.cancel');
  return (
    <Modal
      open={refund !== undefined}
      title={t(agreeing ? 'business.refund.agree.title' : 'business.refund.reject.title')}
      width={520}
      onCancel={onClose}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ htmlType: 'submit', danger: !agreeing, 'aria-label': okText }}
      cancelButtonProps={{ 'aria-label': cancelText }}
      confirmLoading={sending}
      mask={{ closable: false }}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<RejectForm>
          name="refund-decision"
          layout="vertical"
          onFinish={(values) => void decide(values.remark)}
        >
          {dialog}
        </Form>
      )}
    >
      {subject &&
        (agreeing ? (
          <Typography.Paragraph>{t('business.refund.agree.confirm', subject)}</Typography.Paragraph>
        ) : (
          <>
            <Typography.Paragraph>{t('business.refund.subject', subject)}</Typography.Paragraph>
            <Form.Item
              name="remark"
              label={t('business.refund.reject.remark')}
              rules={[
                { required: true, whitespace: true, message: t('business.refund.reject.remarkRequired') },
                {
                  max: REFUND_LIMITS.reviewRemark,
                  message: t('business.refund.reject.remarkTooLong', { max: REFUND_LIMITS.reviewRemark }),
                },
              ]}
            >
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} autoFocus />
            </Form.Item>
          </>
        ))}
    </Modal>
  );
}
