import type { FlowDefinition, FlowModel } from '@console/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as modelApi from '../../../api/flow/model';
import { FormDialog } from '../../../crud';
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

  // A refusal (the diagram, a tenant) is shown by the request layer; the dialog stays.
  const deploy = async (values: DeployTargetValues) => {
    if (!model) return;
    const tenantIds =
      values.tenantIds && values.tenantIds.length > 0 ? values.tenantIds.join(',') : undefined;
    onDeployed(await modelApi.deploy(model.id, values.category || undefined, tenantIds));
  };

  return (
    <FormDialog<DeployTargetValues>
      open={model !== undefined}
      name="flow-model-deploy"
      draft={model?.id}
      title={t('flow.model.deploy.title')}
      width={560}
      okText={t('flow.model.deploy.ok')}
      holdCancel
      initialValues={{ category: model?.category ?? undefined, tenantIds: [] }}
      onSubmit={deploy}
      onClose={onClose}
    >
      {model && (
        <Typography.Paragraph>
          {t('flow.model.deploy.confirm', { name: model.name, modelKey: model.modelKey })}
        </Typography.Paragraph>
      )}
      <DeployTargetFields categoryRequired={false} categoryHelp={t('flow.model.deploy.categoryHelp')} />
    </FormDialog>
  );
}
