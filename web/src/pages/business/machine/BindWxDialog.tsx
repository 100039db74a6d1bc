import { type Machine } from '@console/contract';
import { MACHINE_LIMITS } from '@console/contract/business';
import { Form, Input, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as machineApi from '../../../api/business/machine';
import type { TextKey } from '../../../crud';

interface BindValues {
  wxOpenId: string;
  wxNickname?: string;
}

export interface BindWxDialogProps {
  /** The machine whose WeChat account is set; the dialog is open while there is one. */
  machine: Machine | undefined;
  onClose: () => void;
  /** Bound: says so (a text key), closes and lists the machines again. */
  onDone: (text: TextKey) => void;
}

/**
 * 绑定微信 (machine_bind): the WeChat account (openId, nickname) answering for a machine that has
 * none; a bound machine offers 解绑微信 in its row instead.
 */
export function BindWxDialog({ machine, onClose, onDone }: BindWxDialogProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  // Enter submits even while the button spins; the ref stops a second call.
  const inFlight = useRef(false);

  const bind = async (wxOpenId: string, wxNickname: string) => {
    if (!machine || inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    try {
      await machineApi.bindWxAccount(machine.id, wxOpenId, wxNickname);
      onDone('business.machine.bind.bound');
    } catch {
      // The request layer has said why; the input stays for another try.
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  const okText = t('business.machine.bind.bind');
  const cancelText = t('crud.dialog.cancel');
  const maxLength = (label: TextKey, max: number) => ({
    max,
    message: t('crud.rule.maxLength', { label: t(label), max }),
  });

  return (
    <Modal
      open={machine !== undefined}
      title={t('business.machine.bind.title')}
      width={520}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ htmlType: 'submit', 'aria-label': okText }}
      cancelButtonProps={{ 'aria-label': cancelText }}
      confirmLoading={saving}
      // The form wraps the footer too, so the OK button and Enter in a field both submit it.
      modalRender={(dialog) => (
        <Form<BindValues>
          name="machine-bind"
          layout="vertical"
          initialValues={{ wxOpenId: machine?.wxOpenId ?? '', wxNickname: machine?.wxNickname ?? '' }}
          onFinish={(values) => void bind(values.wxOpenId.trim(), (values.wxNickname ?? '').trim())}
        >
          {dialog}
        </Form>
      )}
    >
      <Typography.Paragraph type="secondary">
        {t('business.machine.bind.forMachine', {
          machineNo: machine?.machineNo ?? '',
          machineName: machine?.machineName ?? '',
        })}
      </Typography.Paragraph>
      <Form.Item
        name="wxOpenId"
        label={t('business.machine.bind.wxOpenId')}
        rules={[
          { required: true, whitespace: true, message: t('business.machine.bind.wxOpenIdRequired') },
          maxLength('business.machine.bind.wxOpenId', MACHINE_LIMITS.wxOpenId),
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="wxNickname"
        label={t('business.machine.bind.wxNickname')}
        rules={[maxLength('business.machine.bind.wxNickname', MACHINE_LIMITS.wxNickname)]}
      >
        <Input autoComplete="off" />
      </Form.Item>
    </Modal>
  );
}
