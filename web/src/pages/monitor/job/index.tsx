import type { Job, JobInput } from '@console/contract';
import { JOB_LIMITS } from '@console/contract';
import { PauseCircleOutlined, PlayCircleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useMemo, useState } from 'react';
import * as jobApi from '../../../api/monitor/job';
import { userList } from '../../../api/system/user-list';
import {
  CrudPage,
  defineCrud,
  type CrudActionContext,
  type CrudFormValues,
  type TextKey,
} from '../../../crud';
import { CronField } from './CronField';
import { RunLogDialog } from './RunLogDialog';
import './locales';

const STATUS_ON = 1;

/** The submit body: the kit's values, numbers as numbers, the users comma-joined. */
function toInput(values: CrudFormValues, row: Job | undefined): JobInput {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const users = Array.isArray(values.notifyUserIds)
    ? values.notifyUserIds.join(',')
    : text(values.notifyUserIds);
  return {
    ...(row ? { id: row.id } : {}),
    jobName: String(values.jobName ?? ''),
    handler: String(values.handler ?? ''),
    params: text(values.params),
    cron: String(values.cron ?? '').trim(),
    misfire: values.misfire === 'once' ? 'once' : 'skip',
    timeoutSeconds: Number(values.timeoutSeconds),
    retries: Number(values.retries ?? 0),
    retryBackoffSeconds: Number(values.retryBackoffSeconds ?? 60),
    notifyUserIds: users || null,
    remark: text(values.remark),
  };
}

/** An action on the chosen jobs, after a confirmation where it asks one; then the list again. */
async function act(
  context: CrudActionContext<Job>,
  ids: readonly string[],
  call: (ids: readonly string[]) => Promise<unknown>,
  done: TextKey,
  question?: TextKey,
) {
  if (question && !(await context.confirm(question))) return;
  try {
    await call(ids);
  } catch {
    return; // the request layer has said why
  }
  context.success(done);
  await context.refresh();
}

function jobConfig(openLog: (job: Job) => void) {
  return defineCrud<Job, JobInput>({
    name: 'job',
    title: 'monitor.job.title',
    rowTitle: 'jobName',
    api: jobApi,
    permissions: { add: 'job_add', edit: 'job_edit', delete: 'job_delete', view: 'job_view' },
    export: { url: '/api/blade-system/job/export', permission: 'job_export' },
    toInput,
    columns: [
      {
        prop: 'jobName',
        label: 'monitor.job.fields.jobName',
        search: true,
        form: { required: 'monitor.job.jobNameRequired', maxLength: JOB_LIMITS.jobName },
      },
      {
        prop: 'handler',
        label: 'monitor.job.fields.handler',
        type: 'select',
        search: { op: 'equal' },
        remote: {
          queryKey: ['job', 'handlers'],
          load: async () =>
            (await jobApi.handlers()).map((handler) => ({
              value: handler.name,
              label: `${handler.title} (${handler.name})`,
            })),
        },
        table: { content: 'code' },
        form: { required: 'monitor.job.handlerRequired' },
      },
      {
        prop: 'cron',
        label: 'monitor.job.fields.cron',
        table: { content: 'code' },
        form: {
          required: 'monitor.job.cronRequired',
          maxLength: JOB_LIMITS.cron,
          help: 'monitor.job.cronHelp',
          span: 24,
          render: ({ disabled }) => <CronField disabled={disabled} />,
        },
      },
      {
        prop: 'params',
        label: 'monitor.job.fields.params',
        type: 'textarea',
        table: false,
        form: { maxLength: JOB_LIMITS.params, help: 'monitor.job.paramsHelp', span: 24 },
      },
      {
        prop: 'misfire',
        label: 'monitor.job.fields.misfire',
        type: 'radio',
        options: [
          { value: 'skip', label: 'monitor.job.misfireSkip' },
          { value: 'once', label: 'monitor.job.misfireOnce' },
        ],
        table: { secondary: true },
        form: { initialValue: 'skip' },
      },
      {
        prop: 'timeoutSeconds',
        label: 'monitor.job.fields.timeoutSeconds',
        type: 'number',
        table: { secondary: true },
        form: { required: 'monitor.job.timeoutRequired', initialValue: 300 },
      },
      {
        prop: 'retries',
        label: 'monitor.job.fields.retries',
        type: 'number',
        table: false,
        form: { initialValue: 0 },
      },
      {
        prop: 'retryBackoffSeconds',
        label: 'monitor.job.fields.retryBackoffSeconds',
        type: 'number',
        table: false,
        form: { initialValue: 60 },
      },
      {
        prop: 'notifyUserIds',
        label: 'monitor.job.fields.notifyUserIds',
        type: 'select',
        multiple: true,
        remote: {
          queryKey: ['job', 'users'],
          load: async () =>
            (await userList()).map((user) => ({
              value: user.id,
              label: user.realName || user.name || user.account,
            })),
        },
        table: false,
        form: { help: 'monitor.job.notifyHelp' },
      },
      {
        prop: 'status',
        label: 'monitor.job.fields.status',
        options: [
          { value: STATUS_ON, label: 'monitor.job.statusOn' },
          { value: 0, label: 'monitor.job.statusOff' },
        ],
        table: {
          content: 'tag',
          render: (value, _row, { labels }) => (
            <Tag color={value === STATUS_ON ? 'success' : 'default'}>{labels[0]}</Tag>
          ),
        },
        form: false,
      },
      { prop: 'remark', label: 'monitor.job.fields.remark', table: false, form: { maxLength: 255 } },
    ],
    toolbarActions: [
      {
        key: 'run',
        label: 'monitor.job.run.action',
        icon: <ThunderboltOutlined aria-hidden />,
        permission: 'job_run',
        needsSelection: true,
        onClick: (context) =>
          act(context, context.selectedIds, jobApi.run, 'monitor.job.run.done', 'monitor.job.run.confirm'),
      },
    ],
    rowActions: [
      {
        key: 'run',
        label: 'monitor.job.run.action',
        permission: 'job_run',
        onClick: (row, context) =>
          act(context, [row.id], jobApi.run, 'monitor.job.run.done', 'monitor.job.run.confirm'),
      },
      {
        key: 'pause',
        label: 'monitor.job.pause.action',
        icon: <PauseCircleOutlined aria-hidden />,
        permission: 'job_pause',
        visible: (row) => row.status === STATUS_ON,
        onClick: (row, context) => act(context, [row.id], jobApi.pause, 'monitor.job.pause.done'),
      },
      {
        key: 'resume',
        label: 'monitor.job.resume.action',
        icon: <PlayCircleOutlined aria-hidden />,
        permission: 'job_resume',
        visible: (row) => row.status !== STATUS_ON,
        onClick: (row, context) => act(context, [row.id], jobApi.resume, 'monitor.job.resume.done'),
      },
      {
        key: 'log',
        label: 'monitor.job.log.action',
        permission: 'job_log',
        onClick: (row) => openLog(row),
      },
    ],
  });
}

/** 定时任务 (issue 49): the tenant's scheduled jobs, run now, pause and resume, and each one's run log. */
export default function JobPage() {
  const [logOf, setLogOf] = useState<Job>();
  const config = useMemo(() => jobConfig(setLogOf), []);
  return (
    <CrudPage config={config}>
      <RunLogDialog job={logOf} onClose={() => setLogOf(undefined)} />
    </CrudPage>
  );
}
