import type { MachineRepairInput } from '@console/contract';
import { MACHINE_LIMITS, SLOT_STATUS } from '@console/contract/business';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, Modal, Select, Spin } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as machineApi from '../../../api/business/machine';
import { RequestError } from '../../../api/request';
import { ask } from '../../../crud';
import { AttachmentField } from '../../flow/form/FormRenderer';
import { UserSelect } from '../../work/shared/UserSelect';
import type { MachineRow } from './machine-columns';

interface RepairValues {
  slotNo?: number | null;
  fault?: string;
  photos?: string[];
  maintainerId?: string;
}

export interface RepairDialogProps {
  /** The machine reported; the dialog is open while there is one. */
  machine: MachineRow | undefined;
  onClose: () => void;
  /** The repair order started: the page reads its list again (the machine is 维修中). */
  onDone: () => void;
}

/**
 * 报修 (machine_repair, issue 51): a repair order for one machine — the machine (shown), the slot at
 * fault (optional, among the machine's; those at fault say so), the fault, photos (uploaded as a
 * designed form's attachments are) and the maintainer (the hospital's to begin with). Sent after
 * asking; the server starts the tenant's 设备报修 process, whose end clears the slot's fault.
 */
export function RepairDialog({ machine, onClose, onDone }: RepairDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [modal, modalHolder] = Modal.useModal();
  const [form] = Form.useForm<RepairValues>();
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const machineNo = machine?.machineNo ?? '';

  const start = useQuery({
    queryKey: ['machine', 'repair-form', machine?.id],
    queryFn: () => machineApi.repairForm(machine!.id),
    enabled: machine !== undefined,
    // What the dialog starts from is read afresh at each opening (a new fault, a new maintainer).
    gcTime: 0,
  });

  const confirmed = () =>
    ask(modal, {
      title: t('business.machine.repair.confirmTitle'),
      content: t('business.machine.repair.confirm', { machineNo }),
    });

  const send = async (values: RepairValues) => {
    if (!machine || inFlight.current) return;
    inFlight.current = true;
    try {
      if (!(await confirmed())) return;
      const input: MachineRepairInput = {
        machineId: machine.id,
        slotNo: values.slotNo ?? null,
        fault: values.fault ?? '',
        photos: values.photos ?? [],
        maintainerId: values.maintainerId ?? '',
      };
      setSending(true);
      try {
        await machineApi.repair(input);
      } catch (error) {
        // The request layer has shown the server's reason; a failure to reach the server it leaves to us.
        if (!(error instanceof RequestError)) void message.error(t('request.unreachable'));
        return;
      }
      void message.success(t('business.machine.repair.done'));
      onDone();
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const slotOptions = (start.data?.slots ?? []).map((slot) => ({
    value: slot.slotNo,
    label: t(
      slot.status === SLOT_STATUS.FAULT
        ? 'business.machine.repair.slotFault'
        : 'business.machine.repair.slotOption',
      { slotNo: slot.slotNo },
    ),
  }));

  return (
    <Modal
      open={machine !== undefined}
      title={t('business.machine.repair.title', { machineNo })}
      width={640}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
    >
      {modalHolder}
      {start.isError ? (
        <Alert type="error" showIcon title={t('business.machine.repair.loadFailed')} />
      ) : !start.data ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : (
        <Form<RepairValues>
          form={form}
          name="machine-repair"
          layout="vertical"
          aria-label={t('business.machine.repair.form')}
          initialValues={{
            slotNo: start.data.slots.find((slot) => slot.status === SLOT_STATUS.FAULT)?.slotNo ?? null,
            photos: [],
            ...(start.data.maintainerId ? { maintainerId: start.data.maintainerId } : {}),
          }}
          onFinish={(values) => void send(values)}
        >
          <Form.Item label={t('business.machine.repair.machine')} htmlFor="machine-repair_machine">
            <Input
              id="machine-repair_machine"
              value={`${start.data.machineNo} ${start.data.machineName}`}
              disabled
            />
          </Form.Item>
          <Form.Item name="slotNo" label={t('business.machine.repair.slot')}>
            <Select
              allowClear
              placeholder={t('business.machine.repair.slotPlaceholder')}
              options={slotOptions}
              onClear={() => form.setFieldValue('slotNo', null)}
            />
          </Form.Item>
          <Form.Item
            name="fault"
            label={t('business.machine.repair.fault')}
            rules={[
              { required: true, whitespace: true, message: t('business.machine.repair.faultRequired') },
            ]}
          >
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 6 }}
              maxLength={MACHINE_LIMITS.repairFault}
              showCount
              aria-required
            />
          </Form.Item>
          <Form.Item name="photos" label={t('business.machine.repair.photos')}>
            <AttachmentField />
          </Form.Item>
          <Form.Item
            name="maintainerId"
            label={t('business.machine.repair.maintainer')}
            tooltip={t('business.machine.repair.maintainerHelp')}
            rules={[{ required: true, message: t('business.machine.repair.maintainerRequired') }]}
          >
            <UserSelect offerSelf aria-required />
          </Form.Item>
          <Flex justify="flex-end" gap={8}>
            <Button onClick={onClose}>{t('crud.confirm.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={sending}>
              {t('business.machine.repair.submit')}
            </Button>
          </Flex>
        </Form>
      )}
    </Modal>
  );
}
