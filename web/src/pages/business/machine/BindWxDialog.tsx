import { type Machine } from '@console/contract';
import { MACHINE_LIMITS } from '@console/contract/business';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as machineApi from '../../../api/business/machine';
import { FormDialog, maxLengthRule, type TextKey } from '../../../crud';

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

  const bind = async ({ wxOpenId, wxNickname }: BindValues) => {
    if (!machine) return;
    await machineApi.bindWxAccount(machine.id, wxOpenId.trim(), (wxNickname ?? '').trim());
    onDone('business.machine.bind.bound');
  };

  return (
    <FormDialog<BindValues>
      open={machine !== undefined}
      name="machine-bind"
      draft={machine?.id}
      title={t('business.machine.bind.title')}
      width={520}
      okText={t('business.machine.bind.bind')}
      initialValues={{ wxOpenId: machine?.wxOpenId ?? '', wxNickname: machine?.wxNickname ?? '' }}
      onSubmit={bind}
      onClose={onClose}
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
          maxLengthRule(t('business.machine.bind.wxOpenId'), MACHINE_LIMITS.wxOpenId, t),
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="wxNickname"
        label={t('business.machine.bind.wxNickname')}
        rules={[maxLengthRule(t('business.machine.bind.wxNickname'), MACHINE_LIMITS.wxNickname, t)]}
      >
        <Input autoComplete="off" />
      </Form.Item>
    </FormDialog>
  );
}
