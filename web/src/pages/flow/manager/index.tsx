import {
  DeleteOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  ApartmentOutlined,
} from '@ant-design/icons';
import type { FlowDefinition } from '@console/contract';
import { FLOW_SUSPENSION_STATE } from '@console/contract/flow';
import { App, Modal, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as managerApi from '../../../api/flow/manager';
import type { DiagramSource } from '../../../api/flow/process';
import { RequestError } from '../../../api/request';
import { ProcessDiagramDialog } from '../../../components/bpmn';
import { CrudPage, defineCrud, type CrudActionContext, type TextKey } from '../../../crud';
import { useLanguage } from '../../../i18n';
import { flowCategoryRemote } from '../shared/category';
import { renameFilters } from '../shared/filters';
import { runningInstancesOf } from './refusal';
import './locales';
import '../shared/locales';

type Context = CrudActionContext<FlowDefinition>;

const isActive = (row: FlowDefinition) => row.suspensionState === FLOW_SUSPENSION_STATE.active;

/** The wire's fields the server filters and sorts by another name. */
const SERVER_FIELDS = { key: 'processKey', deploymentTime: 'deployTime' };

/**
 * 流程管理 (/api/blade-flow/manager): the process definitions, each version on its row. 流程图
 * shows one; 挂起/激活 stops or allows starting it (flow_manager_state); 删除 removes its deployment
 * (flow_manager_remove). The server refuses while instances of it run: the page then offers to end
 * them with it, after a second, explicit confirmation.
 */
export default function ManagerPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [modal, modalHolder] = Modal.useModal();
  const language = useLanguage();
  const [diagram, setDiagram] = useState<DiagramSource>();

  const config = useMemo(() => {
    const subject = (row: FlowDefinition) => ({ name: row.name, key: row.key, version: row.version });
    const ask = (options: {
      title?: string;
      content: string;
      okText?: string;
      onOk: () => Promise<void>;
    }) => {
      const okText = options.okText ?? t('crud.confirm.ok');
      const cancelText = t('crud.confirm.cancel');
      void modal.confirm({
        title: options.title ?? t('flow.shared.confirmTitle'),
        content: options.content,
        okText,
        cancelText,
        okButtonProps: { danger: options.okText !== undefined, 'aria-label': okText },
        cancelButtonProps: { 'aria-label': cancelText },
        onOk: options.onOk,
      });
    };
    // The confirmation spins until the call settles; a refusal was shown by the request layer.
    const run = async (call: () => Promise<unknown>, done: TextKey, context: Context) => {
      try {
        await call();
        context.success(done);
        void context.refresh();
      } catch (error) {
        if (!(error instanceof RequestError)) void message.error(t('request.unreachable'));
      }
    };
    const changeState = (row: FlowDefinition, context: Context) => {
      const state = isActive(row) ? 'suspend' : 'active';
      const texts = state === 'suspend' ? 'flow.manager.suspend' : 'flow.manager.activate';
      ask({
        content: t(`${texts}.confirm`, subject(row)),
        onOk: () => run(() => managerApi.changeState(row.id, state), `${texts}.done`, context),
      });
    };
    const removeWithInstances = (row: FlowDefinition, context: Context, count: number) =>
      ask({
        title: t('flow.manager.remove.cascadeTitle'),
        content: t('flow.manager.remove.cascade', { count }),
        okText: t('flow.manager.remove.cascadeOk'),
        onOk: () =>
          run(
            () => managerApi.removeDeployments([row.deploymentId], true),
            'flow.manager.remove.done',
            context,
          ),
      });
    const remove = (row: FlowDefinition, context: Context) =>
      ask({
        content: t('flow.manager.remove.confirm', subject(row)),
        okText: t('flow.manager.remove.ok'),
        onOk: async () => {
          try {
            await managerApi.removeDeployments([row.deploymentId]);
            context.success('flow.manager.remove.done');
            void context.refresh();
          } catch (error) {
            // Instances of it still run: the server said how many; deleting them too is asked apart.
            const running = runningInstancesOf(error);
            if (running !== undefined) removeWithInstances(row, context, running);
            else if (!(error instanceof RequestError)) void message.error(t('request.unreachable'));
          }
        },
      });

    return defineCrud<FlowDefinition, never>({
      name: 'flow-definition',
      title: 'flow.manager.title',
      rowTitle: 'name',
      api: {
        list: (current, size, filters) =>
          managerApi.list(current, size, renameFilters(filters, SERVER_FIELDS)),
      },
      permissions: {},
      export: { url: '/api/blade-flow/manager/export', permission: 'flow_manager_export' },
      defaultSort: [{ field: 'deployTime', order: 'descend' }],
      columns: [
        {
          prop: 'key',
          label: 'flow.manager.key',
          search: true,
          table: { content: 'code', sort: 'processKey' },
        },
        { prop: 'name', label: 'flow.manager.name', search: true, table: { sort: true } },
        {
          prop: 'version',
          label: 'flow.manager.version',
          table: { content: 'number', align: 'right', sort: true, render: (version) => `v${version}` },
        },
        {
          prop: 'category',
          label: 'flow.manager.category',
          type: 'select',
          remote: flowCategoryRemote(language),
          search: { op: 'equal' },
          table: { secondary: true, sort: true },
        },
        {
          prop: 'suspensionState',
          label: 'flow.manager.suspensionState',
          type: 'select',
          options: [
            { value: FLOW_SUSPENSION_STATE.active, label: 'flow.manager.active' },
            { value: FLOW_SUSPENSION_STATE.suspended, label: 'flow.manager.suspended' },
          ],
          search: { op: 'equal' },
          table: {
            sort: true,
            render: (state, _, { labels }) => (
              <Tag color={state === FLOW_SUSPENSION_STATE.active ? 'success' : 'warning'}>
                {labels[0] ?? state}
              </Tag>
            ),
          },
        },
        {
          prop: 'resourceName',
          label: 'flow.manager.resourceName',
          table: { secondary: true, ellipsis: true },
        },
        {
          prop: 'deploymentTime',
          label: 'flow.manager.deploymentTime',
          table: { content: 'datetime', sort: 'deployTime' },
        },
      ],
      rowActions: [
        {
          key: 'diagram',
          label: 'flow.shared.diagram',
          icon: <ApartmentOutlined aria-hidden />,
          onClick: (row) => setDiagram({ processDefinitionId: row.id }),
        },
        {
          key: 'suspend',
          label: 'flow.manager.suspend.action',
          icon: <PauseCircleOutlined aria-hidden />,
          permission: 'flow_manager_state',
          visible: isActive,
          onClick: changeState,
        },
        {
          key: 'activate',
          label: 'flow.manager.activate.action',
          icon: <PlayCircleOutlined aria-hidden />,
          permission: 'flow_manager_state',
          visible: (row) => !isActive(row),
          onClick: changeState,
        },
        {
          key: 'remove',
          label: 'flow.manager.remove.action',
          icon: <DeleteOutlined aria-hidden />,
          permission: 'flow_manager_remove',
          danger: true,
          onClick: remove,
        },
      ],
    });
  }, [language, message, modal, t]);

  return (
    <CrudPage config={config}>
      <ProcessDiagramDialog source={diagram} onClose={() => setDiagram(undefined)} />
      {modalHolder}
    </CrudPage>
  );
}
