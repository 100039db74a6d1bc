import { type GrantTreeSlot } from '@console/contract';
import { SLOT_LIMITS } from '@console/contract/business';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as slotApi from '../../../api/business/slot';
import { FormDialog, maxLengthRule } from '../../../crud';
import { useSlotStatuses } from '../shared/slot-status';

interface StatusValues {
  status: number;
  remark?: string;
}

export interface StatusDialogProps {
  /** The slots whose state is set; the dialog is open while there are some. */
  slots: readonly GrantTreeSlot[];
  onClose: () => void;
  /** Done: how many slots were set. */
  onDone: (count: number) => void;
}

/** 修改状态 (slot_edit): one state (slot_status) and an optional remark for the selected slots. */
export function StatusDialog({ slots, onClose, onDone }: StatusDialogProps) {
  const { t } = useTranslation();
  const statuses = useSlotStatuses();

  const save = async ({ status, remark }: StatusValues) => {
    const slotIds = slots.map((slot) => slot.id);
    // A blank remark leaves the slots' remarks as they are.
    await slotApi.setStatus({ slotIds, status, remark: remark?.trim() || undefined });
    onDone(slotIds.length);
  };

  const remarkLabel = t('business.slot.setStatus.remark');
  // Several slots start from none; one starts from its own state.
  const initialStatus = slots.length === 1 ? slots[0]!.status : undefined;

  return (
    <FormDialog<StatusValues>
      open={slots.length > 0}
      name="slot-status"
      draft={slots.map((slot) => slot.id).join(',')}
      title={t('business.slot.setStatus.title')}
      width={520}
      initialValues={{ status: initialStatus }}
      onSubmit={save}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">
        {t('business.slot.setStatus.forSlots', {
          count: slots.length,
          names: slots.map((slot) => slot.title).join(t('business.slot.listSeparator')),
        })}
      </Typography.Paragraph>
      <Form.Item
        name="status"
        label={t('business.slot.setStatus.status')}
        rules={[{ required: true, message: t('business.slot.setStatus.statusRequired') }]}
      >
        <Select
          options={statuses.options}
          placeholder={t('crud.placeholder.choose', { label: t('business.slot.setStatus.status') })}
        />
      </Form.Item>
      <Form.Item
        name="remark"
        label={remarkLabel}
        rules={[maxLengthRule(remarkLabel, SLOT_LIMITS.remark, t)]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </FormDialog>
  );
}
