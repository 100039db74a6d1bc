import { CheckOutlined, EyeOutlined } from '@ant-design/icons';
import type { FlowCopy } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useMemo, useState } from 'react';
import './locales';
import * as workApi from '../../../api/flow/work';
import type { DiagramSource } from '../../../api/flow/process';
import { ProcessDiagramDialog } from '../../../components/bpmn';
import { CrudPage, defineCrud } from '../../../crud';
import { useLanguage } from '../../../i18n';
import { categoryColumn } from '../shared/columns';
import { useReportFailure } from '../shared/report-failure';

/** The list's name: the CRUD kit's query keys start with it. */
const COPY_LIST = 'work-copy';

/**
 * 抄送我的: the requests copied to the user (issue 51), unread first, newest first. 查看 shows the
 * request's diagram and history and marks it read; 标为已读 marks the selected ones read.
 */
export default function WorkCopyPage() {
  const queryClient = useQueryClient();
  const language = useLanguage();
  const report = useReportFailure();
  const [diagram, setDiagram] = useState<DiagramSource>();

  const config = useMemo(
    () =>
      defineCrud<FlowCopy, never>({
        name: COPY_LIST,
        title: 'work.copy.title',
        rowKey: 'id',
        rowTitle: 'processDefinitionName',
        api: { list: workApi.copyList },
        permissions: {},
        export: { url: '/api/blade-flow/work/copy-export', permission: 'work_copy_export' },
        columns: [
          { prop: 'processDefinitionName', label: 'work.shared.processDefinitionName' },
          categoryColumn<FlowCopy>(queryClient, language),
          { prop: 'taskName', label: 'work.copy.taskName' },
          { prop: 'startUserName', label: 'work.shared.startUserName' },
          { prop: 'fromUserName', label: 'work.copy.fromUserName' },
          { prop: 'createTime', label: 'work.copy.createTime', table: { content: 'datetime' } },
          {
            prop: 'readFlag',
            label: 'work.copy.readFlag',
            table: {
              content: 'tag',
              render: (flag, _, { t }) =>
                flag === 1 ? (
                  <Tag>{t('work.copy.read')}</Tag>
                ) : (
                  <Tag color="processing">{t('work.copy.unread')}</Tag>
                ),
            },
          },
          {
            prop: 'processIsFinished',
            label: 'work.copy.status',
            table: {
              content: 'tag',
              render: (finished, _, { t }) =>
                finished ? (
                  <Tag>{t('work.copy.ended')}</Tag>
                ) : (
                  <Tag color="processing">{t('work.copy.running')}</Tag>
                ),
            },
          },
        ],
        rowActions: [
          {
            key: 'view',
            label: 'work.copy.view',
            icon: <EyeOutlined aria-hidden />,
            onClick: async (row, context) => {
              setDiagram({ processInstanceId: row.processInstanceId });
              if (row.readFlag === 1) return;
              try {
                await workApi.readCopy([row.id]);
                void context.refresh();
              } catch (error) {
                report(error);
              }
            },
          },
        ],
        toolbarActions: [
          {
            key: 'read',
            label: 'work.copy.markRead',
            icon: <CheckOutlined aria-hidden />,
            needsSelection: true,
            onClick: async (context) => {
              try {
                await workApi.readCopy([...context.selectedIds]);
                context.success('work.copy.marked');
                await context.refresh();
              } catch (error) {
                report(error);
              }
            },
          },
        ],
      }),
    [queryClient, language, report],
  );

  return (
    <CrudPage config={config}>
      <ProcessDiagramDialog source={diagram} onClose={() => setDiagram(undefined)} />
    </CrudPage>
  );
}
