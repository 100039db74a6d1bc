import { ApartmentOutlined, FormOutlined } from '@ant-design/icons';
import type { FlowTask } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import './locales';
import * as workApi from '../../../api/flow/work';
import type { DiagramSource } from '../../../api/flow/process';
import { ProcessDiagramDialog } from '../../../components/bpmn';
import { CrudPage, defineCrud, type CrudActionContext } from '../../../crud';
import { useLanguage } from '../../../i18n';
import { taskColumns } from '../shared/columns';
import { useReportFailure } from '../shared/report-failure';
import { WORK_LIST } from '../shared/work-lists';

/**
 * 待签事务: tasks the user is a candidate for (a role's, a department's) that nobody has claimed.
 * 签收 (work_claim_sign) makes the task the user's after a confirmation: it leaves this list for
 * 待办事务. Of two candidates claiming at once one wins; the other is told by the server's message
 * and sees the list as it is now.
 */
export default function WorkClaimPage() {
  const queryClient = useQueryClient();
  const language = useLanguage();
  const report = useReportFailure();
  const [diagram, setDiagram] = useState<DiagramSource>();

  const config = useMemo(() => {
    const claim = async (task: FlowTask, context: CrudActionContext<FlowTask>) => {
      if (!(await context.confirm('work.claim.confirm'))) return;
      try {
        await workApi.claimTask(task.taskId);
        context.success('work.claim.claimed');
        void queryClient.invalidateQueries({ queryKey: [WORK_LIST.todo] });
      } catch (error) {
        report(error);
      } finally {
        // Claimed by this user or by someone else first: either way the row is gone.
        void context.refresh();
      }
    };
    return defineCrud<FlowTask, never>({
      name: WORK_LIST.claim,
      title: 'work.claim.title',
      rowKey: 'taskId',
      rowTitle: 'taskName',
      api: { list: workApi.claimList },
      permissions: {},
      columns: [
        ...taskColumns(queryClient, language),
        { prop: 'createTime', label: 'work.claim.createTime', table: { content: 'datetime' } },
      ],
      rowActions: [
        {
          key: 'claim',
          label: 'work.claim.claim',
          icon: <FormOutlined aria-hidden />,
          permission: 'work_claim_sign',
          onClick: claim,
        },
        {
          key: 'diagram',
          label: 'work.shared.diagram',
          icon: <ApartmentOutlined aria-hidden />,
          onClick: (task) => setDiagram({ processInstanceId: task.processInstanceId }),
        },
      ],
    });
  }, [queryClient, language, report]);

  return (
    <CrudPage config={config}>
      <ProcessDiagramDialog source={diagram} onClose={() => setDiagram(undefined)} />
    </CrudPage>
  );
}
