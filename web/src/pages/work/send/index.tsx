import { BellOutlined, CloseCircleOutlined, FileSearchOutlined, RollbackOutlined } from '@ant-design/icons';
import type { FlowInstance } from '@console/contract';
import { FLOW_INSTANCE_STATUS } from '@console/contract/flow';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useMemo, useState } from 'react';
import './locales';
import * as workApi from '../../../api/flow/work';
import { ProcessDiagramDialog } from '../../../components/bpmn';
import { CrudPage, defineCrud, type CrudActionContext } from '../../../crud';
import { useLanguage } from '../../../i18n';
import { categoryColumn, formSearchColumns } from '../shared/columns';
import { useProcessDetail } from '../shared/use-process-detail';
import { WORK_LIST, WORK_PAGE } from '../shared/work-lists';
import { useReportFailure } from '../shared/report-failure';
import { sendFilters } from './send-filters';
import { WithdrawDialog } from './WithdrawDialog';

const STATUS_COLORS: Record<number, string> = {
  [FLOW_INSTANCE_STATUS.running]: 'processing',
  [FLOW_INSTANCE_STATUS.finished]: 'success',
  [FLOW_INSTANCE_STATUS.deleted]: 'default',
  [FLOW_INSTANCE_STATUS.withdrawn]: 'warning',
};

const isRunning = (row: FlowInstance) => row.status === FLOW_INSTANCE_STATUS.running;

interface Withdrawing {
  instance: FlowInstance;
  context: CrudActionContext<FlowInstance>;
}

/**
 * 已发事务: the processes the user started, newest first, paged by the server. 详情
 * (work_send_detail) opens the category's detail page (the leave request's) when the flow route
 * dictionary names one, else the process's diagram and history. A running one may be recalled
 * (撤回, while nobody has acted on it: it comes back to the user's to-do list), withdrawn (撤销,
 * with a reason: the process ends) or nudged (催办: its current assignees are reminded, once an hour).
 */
export default function WorkSendPage() {
  const queryClient = useQueryClient();
  const language = useLanguage();
  const report = useReportFailure();
  const { openDetail, diagram, setDiagram } = useProcessDetail(WORK_PAGE.send);
  const [withdrawing, setWithdrawing] = useState<Withdrawing>();

  const config = useMemo(() => {
    return defineCrud<FlowInstance, never>({
      name: WORK_LIST.send,
      title: 'work.send.title',
      rowKey: 'processInstanceId',
      rowTitle: 'processDefinitionName',
      api: {
        list: (current, size, filters) => workApi.sendList(current, size, sendFilters(filters)),
      },
      permissions: {},
      export: { url: '/api/blade-flow/work/send-export', permission: 'work_send_export' },
      columns: [
        { prop: 'processDefinitionName', label: 'work.shared.processDefinitionName' },
        {
          prop: 'processDefinitionKey',
          label: 'work.shared.processDefinitionKey',
          search: true,
          table: { content: 'code', secondary: true },
        },
        categoryColumn<FlowInstance>(queryClient, language),
        {
          prop: 'startTime',
          label: 'work.send.startTime',
          search: { range: true },
          table: { content: 'datetime', sort: true },
        },
        { prop: 'currentNodes', label: 'work.send.currentNodes' },
        {
          prop: 'status',
          label: 'work.send.status',
          type: 'select',
          options: [
            { value: FLOW_INSTANCE_STATUS.running, label: 'work.send.statuses.running' },
            { value: FLOW_INSTANCE_STATUS.finished, label: 'work.send.statuses.finished' },
            { value: FLOW_INSTANCE_STATUS.deleted, label: 'work.send.statuses.deleted' },
            { value: FLOW_INSTANCE_STATUS.withdrawn, label: 'work.send.statuses.withdrawn' },
          ],
          search: { op: 'equal' },
          table: {
            render: (status, _, { labels }) => <Tag color={STATUS_COLORS[status]}>{labels[0] ?? status}</Tag>,
          },
        },
        {
          prop: 'endTime',
          label: 'work.send.endTime',
          table: { content: 'datetime', sort: true, secondary: true },
        },
        ...formSearchColumns<FlowInstance>(),
      ],
      rowActions: [
        {
          key: 'detail',
          label: 'work.shared.detail',
          icon: <FileSearchOutlined aria-hidden />,
          permission: 'work_send_detail',
          onClick: (row) => void openDetail(row),
        },
        {
          key: 'nudge',
          label: 'work.send.nudge.action',
          icon: <BellOutlined aria-hidden />,
          visible: isRunning,
          onClick: async (row, context) => {
            try {
              await workApi.nudge(row.processInstanceId);
              context.success('work.send.nudge.done');
            } catch (error) {
              report(error);
            }
          },
        },
        {
          key: 'recall',
          label: 'work.send.recall.action',
          icon: <RollbackOutlined aria-hidden />,
          visible: isRunning,
          onClick: async (row, context) => {
            if (!(await context.confirm('work.send.recall.confirm'))) return;
            try {
              await workApi.recall(row.processInstanceId);
              context.success('work.send.recall.done');
              void context.refresh();
              void queryClient.invalidateQueries({ queryKey: [WORK_LIST.todo] });
            } catch (error) {
              report(error);
            }
          },
        },
        {
          key: 'withdraw',
          label: 'work.send.withdraw.action',
          icon: <CloseCircleOutlined aria-hidden />,
          danger: true,
          visible: isRunning,
          onClick: (instance, context) => setWithdrawing({ instance, context }),
        },
      ],
    });
  }, [queryClient, language, openDetail, report]);

  const close = () => setWithdrawing(undefined);
  return (
    <CrudPage config={config}>
      <ProcessDiagramDialog source={diagram} onClose={() => setDiagram(undefined)} />
      <WithdrawDialog
        instance={withdrawing?.instance}
        onClose={close}
        onDone={() => {
          withdrawing?.context.success('work.send.withdraw.done');
          void withdrawing?.context.refresh();
          void queryClient.invalidateQueries({ queryKey: [WORK_LIST.todo] });
          close();
        }}
        onOutdated={() => void withdrawing?.context.refresh()}
      />
    </CrudPage>
  );
}
