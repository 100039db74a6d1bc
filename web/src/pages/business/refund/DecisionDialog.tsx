import { type RefundReview } from '@console/contract';
import { REFUND_LIMITS } from '@console/contract/business';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as refundApi from '../../../api/business/refund';
import { FormDialog } from '../../../crud';
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
  /** Asked only when rejecting. */
  remark?: string;
}

/**
 * 同意 (a confirmation naming the order and the amount) or 拒绝 (a reason is required) of one
 * pending refund. The server decides each refund once: when another reviewer was first, its
 * message (shown by the request layer) says who, and the page shows the row as it is now.
 */
export function DecisionDialog({ refund, kind, onClose, onDecided, onOutdated }: DecisionDialogProps) {
  const { t } = useTranslation();
  const agreeing = kind === 'agree';
  const subject = refund && { orderNo: refund.orderNo, amount: formatYuan(refund.refundAmount) };

  const decide = async ({ remark }: RejectForm) => {
    if (!refund) return;
    if (agreeing) await refundApi.agree(refund.id);
    else await refundApi.reject(refund.id, (remark ?? '').trim());
    onDecided(kind);
  };

  return (
    <FormDialog<RejectForm>
      open={refund !== undefined}
      name="refund-decision"
      draft={refund && `${refund.id}|${kind}`}
      title={t(agreeing ? 'business.refund.agree.title' : 'business.refund.reject.title')}
      width={520}
      okText={t(agreeing ? 'business.refund.agree.ok' : 'business.refund.reject.ok')}
      danger={!agreeing}
      onSubmit={decide}
      onRefused={onOutdated}
      onClose={onClose}
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
    </FormDialog>
  );
}
