import { PlayCircleOutlined } from '@ant-design/icons';
import type { FlowBoundForm, FlowDefinition } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import './locales';
import * as workApi from '../../../api/flow/work';
import { CrudPage, defineCrud, type CrudActionContext } from '../../../crud';
import { useLanguage } from '../../../i18n';
import { FormRenderer } from '../../flow/form/FormRenderer';
import { categoryColumn } from '../shared/columns';
import { formPath, useFlowRoutes } from '../shared/flow-routes';
import { useReportFailure } from '../shared/report-failure';
import { UserSelect } from '../shared/UserSelect';
import { WORK_LIST, WORK_PAGE, openedFrom } from '../shared/work-lists';

/** A process being started from its designed form (issue 51). */
interface Starting {
  definition: FlowDefinition;
  form: FlowBoundForm;
}

/**
 * 发起事务: the newest active version of each process of the tenant. 发起 (work_start_flow) opens the
 * category's start form (the leave request's) when the flow route dictionary names one; a process
 * whose model binds a designed form to its start event opens that form in a dialog (issue 51); any
 * other starts at once, after a confirmation.
 */
export default function WorkStartPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = useLanguage();
  const { routeFor } = useFlowRoutes();
  const report = useReportFailure();
  const [starting, setStarting] = useState<Starting>();
  const [sending, setSending] = useState(false);
  // 抄送 on starting (issue 51): the users told of the request, who may then read it.
  const [copies, setCopies] = useState<string[]>([]);

  const config = useMemo(() => {
    const start = async (definition: FlowDefinition, context: CrudActionContext<FlowDefinition>) => {
      try {
        const route = await routeFor(definition.category);
        if (route) {
          void navigate(openedFrom(formPath(route, definition.id), WORK_PAGE.start));
          return;
        }
        const form = await workApi.startForm(definition.id);
        if (form) {
          setCopies([]);
          setStarting({ definition, form });
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

  // The form's data is checked again by the server, which refuses it by field (the request layer
  // shows why); the dialog stays for another try.
  const submit = async (data: Record<string, unknown>) => {
    if (!starting || sending) return;
    setSending(true);
    try {
      await workApi.startProcess(starting.definition.id, data, copies);
      void message.success(t('work.start.started'));
      setStarting(undefined);
      void queryClient.invalidateQueries({ queryKey: [WORK_LIST.send] });
    } catch (error) {
      report(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <CrudPage config={config} />
      <Modal
        open={starting !== undefined}
        title={starting ? t('work.start.formTitle', { name: starting.definition.name }) : undefined}
        width={720}
        onCancel={() => setStarting(undefined)}
        footer={null}
        mask={{ closable: false }}
        destroyOnHidden
      >
        {starting && (
          <FormRenderer
            name="work-start-form"
            definition={starting.form.definition}
            access={starting.form.access}
            onFinish={(data) => void submit(data)}
          >
            <Form.Item label={t('work.start.copy')} htmlFor="work-start-copies">
              <UserSelect
                id="work-start-copies"
                multiple
                value={copies}
                onChange={(value) => setCopies(Array.isArray(value) ? value : [value])}
                placeholder={t('work.start.copyPlaceholder')}
                disabled={sending}
              />
            </Form.Item>
            <Flex justify="end" gap={8}>
              <Button aria-label={t('work.start.cancel')} onClick={() => setStarting(undefined)}>
                {t('work.start.cancel')}
              </Button>
              <Button type="primary" htmlType="submit" loading={sending} aria-label={t('work.start.submit')}>
                {t('work.start.submit')}
              </Button>
            </Flex>
          </FormRenderer>
        )}
      </Modal>
    </>
  );
}
