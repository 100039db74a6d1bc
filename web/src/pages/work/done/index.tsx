import { ApartmentOutlined, FileSearchOutlined } from '@ant-design/icons';
import type { FlowTask } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useMemo } from 'react';
import './locales';
import * as workApi from '../../../api/flow/work';
import { ProcessDiagramDialog } from '../../../components/bpmn';
import { CrudPage, defineCrud } from '../../../crud';
import { useLanguage } from '../../../i18n';
import { taskColumns } from '../shared/columns';
import { useProcessDetail } from '../shared/use-process-detail';
import { WORK_LIST, WORK_PAGE } from '../shared/work-lists';

/**
 * 办结事务: the tasks the user completed, with their decision and comment, and whether the process
 * has ended since. 详情 (work_done_detail) opens the category's detail page (the leave request's) when
 * the flow route dictionary names one, else the diagram; 流程图 shows the diagram and history.
 */
export default function WorkDonePage() {
  const queryClient = useQueryClient();
  const language = useLanguage();
  const { openDetail, diagram, setDiagram } = useProcessDetail(WORK_PAGE.done);

  const config = useMemo(() => {
    return defineCrud<FlowTask, never>({
      name: WORK_LIST.done,
      title: 'work.done.title',
      rowKey: 'taskId',
      rowTitle: 'taskName',
      api: { list: workApi.doneList },
      permissions: {},
      export: { url: '/api/blade-flow/work/done-export', permission: 'work_done_export' },
      columns: [
        ...taskColumns(queryClient, language),
        { prop: 'endTime', label: 'work.done.endTime', table: { content: 'datetime' } },
        {
          prop: 'outcome',
          label: 'work.done.outcome',
          table: {
            content: 'tag',
            render: (outcome, _, { t }) =>
              outcome === 'reject' ? (
                <Tag color="error">{t('work.shared.outcome.reject')}</Tag>
              ) : outcome ? (
                <Tag color="success">{t('work.shared.outcome.pass')}</Tag>
              ) : null,
          },
        },
        { prop: 'comment', label: 'work.done.comment', table: { content: 'longText' } },
        {
          prop: 'processIsFinished',
          label: 'work.done.processIsFinished',
          table: {
            content: 'tag',
            render: (finished, _, { t }) =>
              finished ? (
                <Tag>{t('work.done.finished')}</Tag>
              ) : (
                <Tag color="processing">{t('work.done.running')}</Tag>
              ),
          },
        },
      ],
      rowActions: [
        {
          key: 'detail',
          label: 'work.shared.detail',
          icon: <FileSearchOutlined aria-hidden />,
          permission: 'work_done_detail',
          onClick: (row) => void openDetail(row),
        },
        {
          key: 'diagram',
          label: 'work.shared.diagram',
          icon: <ApartmentOutlined aria-hidden />,
          onClick: (task) => setDiagram({ processInstanceId: task.processInstanceId }),
        },
      ],
    });
  }, [queryClient, language, openDetail, setDiagram]);

  return (
    <CrudPage config={config}>
      <ProcessDiagramDialog source={diagram} onClose={() => setDiagram(undefined)} />
    </CrudPage>
  );
}
