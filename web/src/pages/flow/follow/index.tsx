import { ApartmentOutlined, DeleteOutlined, SwapOutlined } from '@ant-design/icons';
import type { FlowInstance } from '@console/contract';
import { FLOW_INSTANCE_STATUS } from '@console/contract/flow';
import { Tag } from 'antd';
import { useMemo, useState } from 'react';
import * as followApi from '../../../api/flow/follow';
import type { DiagramSource } from '../../../api/flow/process';
import { ProcessDiagramDialog } from '../../../components/bpmn';
import { CrudPage, defineCrud, type CrudActionContext } from '../../../crud';
import { renameFilters } from '../shared/filters';
import { DeleteDialog } from './DeleteDialog';
import { ReassignDialog } from './ReassignDialog';
import './locales';
import '../shared/locales';

const STATUS_COLORS: Record<number, string> = {
  [FLOW_INSTANCE_STATUS.running]: 'processing',
  [FLOW_INSTANCE_STATUS.finished]: 'success',
  [FLOW_INSTANCE_STATUS.deleted]: 'default',
  [FLOW_INSTANCE_STATUS.withdrawn]: 'warning',
};

const isRunning = (row: FlowInstance) => row.status === FLOW_INSTANCE_STATUS.running;

/** The wire's fields the server filters and sorts by another name. */
const SERVER_FIELDS = { processDefinitionKey: 'processKey', status: 'runState' };

interface Deleting {
  instance: FlowInstance;
  context: CrudActionContext<FlowInstance>;
  /** Each opening mounts the dialog afresh (an empty reason). */
  key: number;
}

let openings = 0;

/**
 * 流程跟踪 (/api/blade-flow/follow): every process instance of the tenant, the latest first. 流程图
 * shows an instance's diagram with its history; a running one may be deleted (flow_follow_delete)
 * with a reason, which it keeps, and its open tasks reassigned (flow_follow_reassign).
 */
export default function FollowPage() {
  const [diagram, setDiagram] = useState<DiagramSource>();
  const [deleting, setDeleting] = useState<Deleting>();
  const [reassigning, setReassigning] = useState<Deleting>();

  const config = useMemo(
    () =>
      defineCrud<FlowInstance, never>({
        name: 'flow-instance',
        title: 'flow.follow.title',
        rowKey: 'processInstanceId',
        rowTitle: 'processDefinitionName',
        api: {
          list: (current, size, filters) =>
            followApi.list(current, size, renameFilters(filters, SERVER_FIELDS)),
        },
        permissions: {},
        export: { url: '/api/blade-flow/follow/export', permission: 'flow_follow_export' },
        defaultSort: [{ field: 'startTime', order: 'descend' }],
        columns: [
          { prop: 'processDefinitionName', label: 'flow.follow.processDefinitionName' },
          {
            prop: 'processDefinitionKey',
            label: 'flow.follow.processDefinitionKey',
            search: true,
            table: { content: 'code', sort: 'processKey' },
          },
          {
            prop: 'processDefinitionVersion',
            label: 'flow.follow.processDefinitionVersion',
            table: { secondary: true, content: 'number', align: 'right', render: (version) => `v${version}` },
          },
          { prop: 'startUserName', label: 'flow.follow.startUserName' },
          {
            prop: 'startTime',
            label: 'flow.follow.startTime',
            search: { range: true },
            table: { content: 'datetime', sort: true },
          },
          { prop: 'currentNodes', label: 'flow.follow.currentNodes', table: { ellipsis: true } },
          {
            prop: 'status',
            label: 'flow.follow.status',
            type: 'select',
            options: [
              { value: FLOW_INSTANCE_STATUS.running, label: 'flow.follow.running' },
              { value: FLOW_INSTANCE_STATUS.finished, label: 'flow.follow.finished' },
              { value: FLOW_INSTANCE_STATUS.deleted, label: 'flow.follow.deleted' },
              { value: FLOW_INSTANCE_STATUS.withdrawn, label: 'flow.follow.withdrawn' },
            ],
            search: { op: 'equal' },
            table: {
              sort: 'runState',
              render: (status, _, { labels }) => (
                <Tag color={STATUS_COLORS[status]}>{labels[0] ?? status}</Tag>
              ),
            },
          },
          {
            prop: 'endTime',
            label: 'flow.follow.endTime',
            table: { secondary: true, content: 'datetime', sort: true },
          },
          {
            prop: 'deleteReason',
            label: 'flow.follow.deleteReason',
            table: { secondary: true, ellipsis: true },
          },
        ],
        rowActions: [
          {
            key: 'diagram',
            label: 'flow.shared.diagram',
            icon: <ApartmentOutlined aria-hidden />,
            onClick: (row) => setDiagram({ processInstanceId: row.processInstanceId }),
          },
          {
            key: 'reassign',
            label: 'flow.follow.reassign.action',
            icon: <SwapOutlined aria-hidden />,
            permission: 'flow_follow_reassign',
            visible: isRunning,
            onClick: (instance, context) => setReassigning({ instance, context, key: ++openings }),
          },
          {
            key: 'delete',
            label: 'flow.follow.remove.action',
            icon: <DeleteOutlined aria-hidden />,
            permission: 'flow_follow_delete',
            danger: true,
            visible: isRunning,
            onClick: (instance, context) => setDeleting({ instance, context, key: ++openings }),
          },
        ],
      }),
    [],
  );

  const close = () => setDeleting(undefined);
  return (
    <CrudPage config={config}>
      <ProcessDiagramDialog source={diagram} onClose={() => setDiagram(undefined)} />
      <ReassignDialog
        key={`reassign-${reassigning?.key ?? 0}`}
        instance={reassigning?.instance}
        onClose={() => setReassigning(undefined)}
        onDone={() => {
          setReassigning(undefined);
          reassigning?.context.success('flow.follow.reassign.done');
          void reassigning?.context.refresh();
        }}
        onOutdated={() => void reassigning?.context.refresh()}
      />
      <DeleteDialog
        key={`delete-${deleting?.key ?? 0}`}
        instance={deleting?.instance}
        onClose={close}
        onDeleted={() => {
          close();
          deleting?.context.success('flow.follow.remove.done');
          void deleting?.context.refresh();
        }}
        onOutdated={() => {
          close();
          void deleting?.context.refresh();
        }}
      />
    </CrudPage>
  );
}
