import type { FlowDefinition, FlowModel } from '@console/contract';
import { App, Form, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as modelApi from '../../../api/flow/model';
import { RequestError } from '../../../api/request';
import { DeployTargetFields, type DeployTargetValues } from '../shared/DeployTargetFields';
import './locales';

export interface DeployDialogProps {
  /** The model to deploy; the dialog is open while there is one. */
  model: FlowModel | undefined;
  onClose: () => void;
  /** The model was deployed: the definitions made (one per tenant). */
  onDeployed: (definitions: FlowDefinition[]) => void;
}

/**
 * 部署: a confirmation naming the model, with the category the definitions get (the model's by
 * default) and, for the platform administrator, the tenants they go to (none: the current one).
 */
export function DeployDialog({ model, onClose, onDeployed }: DeployDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  const deploy = async (values: DeployTargetValues) => {
    if (!model || inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      const tenantIds =
        values.tenantIds && values.tenantIds.length > 0 ? values.tenantIds.join(',') : undefined;
      onDeployed(await modelApi.deploy(model.id, values.category || undefined, tenantIds));
    } catch (error) {
      // A refusal (the diagram, a tenant) was shown by the request layer; the dialog stays.
      if (!(error instanceof RequestError)) void message.error(t('request.unreachable'));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const okText = t('flow.model.deploy.ok');
  const cancelText = t('flow.shared.cancel');
  return (
    <Modal
      open={model !== undefined}
      title={t('flow.model.deploy.title')}
      width={560}
      onCancel={onClose}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ htmlType: 'submit', 'aria-label': okText }}
      cancelButtonProps={{ 'aria-label': cancelText, disabled: sending }}
      confirmLoading={sending}
      mask={{ closable: false }}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form<DeployTargetValues>
          name="flow-model-deploy"
          layout="vertical"
          initialValues={{ category: model?.category ?? undefined, tenantIds: [] }}
          onFinish={(values) => void deploy(values)}
        >
          {dialog}
        </Form>
      )}
    >
      {model && (
        <Typography.Paragraph>
          {t('flow.model.deploy.confirm', { name: model.name, modelKey: model.modelKey })}
        </Typography.Paragraph>
      )}
      <DeployTargetFields categoryRequired={false} categoryHelp={t('flow.model.deploy.categoryHelp')} />
    </Modal>
  );
}
