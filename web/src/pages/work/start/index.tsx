import { PlayCircleOutlined } from '@ant-design/icons';
import type { FlowDefinition } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import './locales';
import * as workApi from '../../../api/flow/work';
import { CrudPage, defineCrud, type CrudActionContext } from '../../../crud';
import { useLanguage } from '../../../i18n';
import { categoryColumn } from '../shared/columns';
import { formPath, useFlowRoutes } from '../shared/flow-routes';
import { useReportFailure } from '../shared/report-failure';
import { WORK_LIST, WORK_PAGE, openedFrom } from '../shared/work-lists';

/**
 * 发起事务: the newest active version of each process of the tenant. 发起 (work_start_flow) opens the
 * category's start form (the leave request's) when the flow route dictionary names one; a process
 * without a form of its own starts at once, after a confirmation.
 */
export default function WorkStartPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = useLanguage();
  const { routeFor } = useFlowRoutes();
  const report = useReportFailure();

  const config = useMemo(() => {
    const start = async (definition: FlowDefinition, context: CrudActionContext<FlowDefinition>) => {
      try {
        const route = await routeFor(definition.category);
        if (route) {
          void navigate(openedFrom(formPath(route, definition.id), WORK_PAGE.start));
          return;
        }
        if (!(await context.confirm('work.start.confirm'))) return;
        await workApi.startProcess(definition.id);
        context.success('work.start.started');
        void queryClient.invalidateQueries({ queryKey: [WORK_LIST.send] });
      } catch (error) {
        report(error);
      }
    };
    return defineCrud<FlowDefinition, never>({
      name: WORK_LIST.start,
      title: 'work.start.title',
      rowTitle: 'name',
      api: { list: workApi.startList },
      permissions: {},
      columns: [
        { prop: 'name', label: 'work.start.name', search: true },
        { prop: 'key', label: 'work.start.key', table: { content: 'code' } },
        categoryColumn<FlowDefinition>(queryClient, language, true),
        {
          prop: 'version',
          label: 'work.start.version',
          table: {
            content: 'number',
            align: 'center',
            render: (version, _, { t }) => t('work.shared.version', { version }),
          },
        },
        { prop: 'deploymentTime', label: 'work.start.deploymentTime', table: { content: 'datetime' } },
      ],
      rowActions: [
        {
          key: 'start',
          label: 'work.start.start',
          icon: <PlayCircleOutlined aria-hidden />,
          permission: 'work_start_flow',
          onClick: start,
        },
      ],
    });
  }, [navigate, queryClient, language, routeFor, report]);

  return <CrudPage config={config} />;
}
