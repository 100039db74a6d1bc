import { ApartmentOutlined, EditOutlined } from '@ant-design/icons';
import type { FlowTask } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import './locales';
import * as workApi from '../../../api/flow/work';
import type { DiagramSource } from '../../../api/flow/process';
import { ProcessDiagramDialog } from '../../../components/bpmn';
import { CrudPage, defineCrud, type CrudActionContext } from '../../../crud';
import { useLanguage } from '../../../i18n';
import { formSearchColumns, taskColumns } from '../shared/columns';
import { handlePath, useFlowRoutes } from '../shared/flow-routes';
import { useReportFailure } from '../shared/report-failure';
import { WORK_LIST, WORK_PAGE, openedFrom } from '../shared/work-lists';
import { CompleteDialog } from './CompleteDialog';

interface Handling {
  task: FlowTask;
  context: CrudActionContext<FlowTask>;
}

/**
 * 待办事务: the tasks assigned to the user (claimed or given to them). 处理 (work_todo_handle) opens
 * the category's handling page (the leave request's) when the flow route dictionary names one, else
 * a dialog deciding 同意 / 驳回 with a comment. 流程图 shows the process's diagram and history.
 */
export default function WorkTodoPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = useLanguage();
  const { routeFor } = useFlowRoutes();
  const report = useReportFailure();
  const [diagram, setDiagram] = useState<DiagramSource>();
  const [handling, setHandling] = useState<Handling>();

  const config = useMemo(() => {
    const handle = async (task: FlowTask, context: CrudActionContext<FlowTask>) => {
      try {
        const route = await routeFor(task.category);
        const path = route && handlePath(route, task);
        if (path) void navigate(openedFrom(path, WORK_PAGE.todo));
        else setHandling({ task, context });
      } catch (error) {
        report(error);
      }
    };
    return defineCrud<FlowTask, never>({
      name: WORK_LIST.todo,
      title: 'work.todo.title',
      rowKey: 'taskId',
      rowTitle: 'taskName',
      api: { list: workApi.todoList },
      permissions: {},
      export: { url: '/api/blade-flow/work/todo-export', permission: 'work_todo_export' },
      columns: [
        ...taskColumns(queryClient, language),
        { prop: 'createTime', label: 'work.todo.createTime', table: { content: 'datetime' } },
        ...formSearchColumns<FlowTask>(),
      ],
      rowActions: [
        {
          key: 'handle',
          label: 'work.todo.handle',
          icon: <EditOutlined aria-hidden />,
          permission: 'work_todo_handle',
          onClick: handle,
        },
        {
          key: 'diagram',
          label: 'work.shared.diagram',
          icon: <ApartmentOutlined aria-hidden />,
          onClick: (task) => setDiagram({ processInstanceId: task.processInstanceId }),
        },
      ],
    });
  }, [navigate, queryClient, language, routeFor, report]);

  const close = () => setHandling(undefined);
  return (
    <CrudPage config={config}>
      <CompleteDialog
        task={handling?.task}
        onClose={close}
        onDone={(decision) => {
          handling?.context.success(`work.shared.decision.done.${decision}`);
          void handling?.context.refresh();
          void queryClient.invalidateQueries({ queryKey: [WORK_LIST.done] });
          void queryClient.invalidateQueries({ queryKey: [WORK_LIST.send] });
          close();
        }}
      />
      <ProcessDiagramDialog source={diagram} onClose={() => setDiagram(undefined)} />
    </CrudPage>
  );
}
