import { FileSearchOutlined } from '@ant-design/icons';
import type { FlowInstance } from '@console/contract';
import { FLOW_INSTANCE_STATUS } from '@console/contract/flow';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useMemo } from 'react';
import './locales';
import * as workApi from '../../../api/flow/work';
import { ProcessDiagramDialog } from '../../../components/bpmn';
import { CrudPage, defineCrud } from '../../../crud';
import { useLanguage } from '../../../i18n';
import { categoryColumn } from '../shared/columns';
import { useProcessDetail } from '../shared/use-process-detail';
import { WORK_LIST, WORK_PAGE } from '../shared/work-lists';
import { sendFilters } from './send-filters';

const STATUS_COLORS: Record<number, string> = {
  [FLOW_INSTANCE_STATUS.running]: 'processing',
  [FLOW_INSTANCE_STATUS.finished]: 'success',
  [FLOW_INSTANCE_STATUS.deleted]: 'default',
};

/**
 * 已发事务: the processes the user started, newest first, paged by the server. 详情
 * (work_send_detail) opens the category's detail page (the leave request's) when the flow route
 * dictionary names one, else the process's diagram and history.
 */
export default function WorkSendPage() {
  const queryClient = useQueryClient();
  const language = useLanguage();
  const { openDetail, diagram, setDiagram } = useProcessDetail(WORK_PAGE.send);

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
      columns: [
        { prop: 'processDefinitionName', label: 'work.shared.processDefinitionName' },
        {
          prop: 'processDefinitionKey',
          label: 'work.shared.processDefinitionKey',
          search: true,
          table: { content: 'code' },
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
          ],
          search: { op: 'equal' },
          table: {
            render: (status, _, { labels }) => <Tag color={STATUS_COLORS[status]}>{labels[0] ?? status}</Tag>,
          },
        },
        { prop: 'endTime', label: 'work.send.endTime', table: { content: 'datetime', sort: true } },
      ],
      rowActions: [
        {
          key: 'detail',
          label: 'work.shared.detail',
          icon: <FileSearchOutlined aria-hidden />,
          permission: 'work_send_detail',
          onClick: (row) => void openDetail(row),
        },
      ],
    });
  }, [queryClient, language, openDetail]);

  return (
    <CrudPage config={config}>
      <ProcessDiagramDialog source={diagram} onClose={() => setDiagram(undefined)} />
    </CrudPage>
  );
}
