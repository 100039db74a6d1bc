import { CloudUploadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { FlowModel, FlowModelInput } from '@console/contract';
import { App } from 'antd';
import { Activity, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as modelApi from '../../../api/flow/model';
import { useHasPermission } from '../../../app/menu/permission-store';
import { CrudPage, defineCrud, type CrudActionContext } from '../../../crud';
import { useLanguage } from '../../../i18n';
import { flowCategoryRemote } from '../shared/category';
import { deployedSummary } from '../shared/deployed';
import { DeployDialog } from './DeployDialog';
import { ModelDesigner } from './ModelDesigner';
import './locales';
import '../shared/locales';

type Context = CrudActionContext<FlowModel>;

/** The model being designed (none: a new one), with the table's actions for when it is saved. */
interface Designing {
  modelId: string | undefined;
  context: Context;
  /** Each opening mounts the designer afresh. */
  key: number;
}

interface Deploying {
  model: FlowModel;
  context: Context;
  key: number;
}

let openings = 0;

/**
 * 模型管理 (/api/blade-flow/model): BPMN models. 新增 and 设计 open the designer in place of the
 * table (the table keeps its search and page meanwhile); 部署 makes the model a new version of its
 * process (in other tenants too, for the platform administrator); 查看 and 删除 are the kit's.
 */
export default function ModelPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useLanguage();
  const canUpdate = useHasPermission('flow_model_edit');
  const [designing, setDesigning] = useState<Designing>();
  const [deploying, setDeploying] = useState<Deploying>();

  const config = useMemo(() => {
    const design = (modelId: string | undefined, context: Context) =>
      setDesigning({ modelId, context, key: ++openings });
    return defineCrud<FlowModel, FlowModelInput>({
      name: 'flow-model',
      title: 'flow.model.title',
      rowTitle: 'name',
      api: { list: modelApi.list, detail: modelApi.detail, remove: modelApi.remove },
      // Adding and editing go through the designer (the page's own buttons), not the kit's dialog.
      permissions: { view: 'flow_model_view', delete: 'flow_model_delete' },
      export: { url: '/api/blade-flow/model/export', permission: 'flow_model_export' },
      defaultSort: [{ field: 'updateTime', order: 'descend' }],
      columns: [
        { prop: 'name', label: 'flow.model.name', search: true, table: { sort: true } },
        {
          prop: 'modelKey',
          label: 'flow.model.modelKey',
          search: true,
          table: { content: 'code', sort: true },
        },
        {
          prop: 'category',
          label: 'flow.model.category',
          type: 'select',
          remote: flowCategoryRemote(language),
          search: { op: 'equal' },
          table: { sort: true },
        },
        {
          prop: 'version',
          label: 'flow.model.version',
          type: 'number',
          table: { content: 'number', align: 'right', sort: true },
        },
        {
          prop: 'description',
          label: 'flow.model.description',
          type: 'textarea',
          table: { secondary: true, ellipsis: true },
        },
        {
          prop: 'updateTime',
          label: 'flow.model.updateTime',
          table: { secondary: true, content: 'datetime', sort: true },
        },
        { prop: 'deployTime', label: 'flow.model.deployTime', table: { content: 'datetime', sort: true } },
      ],
      toolbarActions: [
        {
          key: 'add',
          label: 'flow.model.add',
          icon: <PlusOutlined aria-hidden />,
          permission: 'flow_model_add',
          onClick: (context) => design(undefined, context),
        },
      ],
      rowActions: [
        {
          key: 'design',
          label: 'flow.model.design',
          icon: <EditOutlined aria-hidden />,
          permission: 'flow_model_edit',
          onClick: (row, context) => design(row.id, context),
        },
        {
          key: 'deploy',
          label: 'flow.model.deploy.action',
          icon: <CloudUploadOutlined aria-hidden />,
          permission: 'flow_model_deploy',
          onClick: (model, context) => setDeploying({ model, context, key: ++openings }),
        },
      ],
    });
  }, [language]);

  return (
    <>
      <Activity mode={designing ? 'hidden' : 'visible'}>
        <CrudPage config={config}>
          <DeployDialog
            key={`deploy-${deploying?.key ?? 0}`}
            model={deploying?.model}
            onClose={() => setDeploying(undefined)}
            onDeployed={(definitions) => {
              setDeploying(undefined);
              void message.success(t('flow.shared.deployed', { definitions: deployedSummary(definitions) }));
              void deploying?.context.refresh();
            }}
          />
        </CrudPage>
      </Activity>
      {designing && (
        <ModelDesigner
          key={designing.key}
          modelId={designing.modelId}
          canUpdate={canUpdate}
          onSaved={() => void designing.context.refresh()}
          onClose={() => setDesigning(undefined)}
        />
      )}
    </>
  );
}
