import type { Job, JobRun } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as jobApi from '../../../api/monitor/job';
import { useHasPermission } from '../../../app/menu/permission-store';

const PAGE_SIZE = 10;

const OUTCOME_COLORS: Record<string, string> = {
  running: 'processing',
  success: 'success',
  failure: 'error',
  timeout: 'warning',
  lost: 'warning',
  skipped: 'default',
  stopped: 'default',
};

/**
 * 运行日志 of one job: its runs, newest first, paged on the server; 停止 on a running run of a
 * handler that can stop, for whoever may run the job.
 */
export function RunLogDialog({ job, onClose }: { job: Job | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [current, setCurrent] = useState(1);
  const runs = useQuery({
    queryKey: ['job', 'runs', job?.id, current],
    queryFn: () => jobApi.runs(current, PAGE_SIZE, { jobId: job!.id }),
    enabled: job !== undefined,
    refetchInterval: 5_000,
  });
  const mayStop = useHasPermission('job_run');
  const handlers = useQuery({
    queryKey: ['job', 'handler-info'],
    queryFn: jobApi.handlers,
    enabled: job !== undefined && mayStop,
  });
  const stoppable = handlers.data?.find((handler) => handler.name === job?.handler)?.stoppable === true;
  const stop = async (run: JobRun) => {
    try {
      await jobApi.stopRuns([run.id]);
    } catch {
      return; // the request layer has said why
    }
    void message.success(t('monitor.job.log.stopped'));
    await runs.refetch();
  };
  const text = (group: 'triggers' | 'outcomes', key: string) =>
    t(`monitor.job.${group}.${key}` as 'monitor.job.outcomes.success', { defaultValue: key });

  return (
    <Modal
      open={job !== undefined}
      title={t('monitor.job.log.title', { name: job?.jobName ?? '' })}
      width={980}
      footer={null}
      destroyOnHidden
      onCancel={() => {
        setCurrent(1);
        onClose();
      }}
    >
      {runs.isError ? (
        <Alert type="error" showIcon title={t('monitor.job.log.failed')} />
      ) : (
        <Table<JobRun>
          rowKey="id"
          size="small"
          loading={runs.isPending}
          dataSource={runs.data?.records ?? []}
          locale={{ emptyText: t('monitor.job.log.empty') }}
          pagination={{
            current,
            pageSize: PAGE_SIZE,
            total: runs.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setCurrent,
          }}
          columns={[
            {
              key: 'scheduledTime',
              dataIndex: 'scheduledTime',
              title: t('monitor.job.log.scheduledTime'),
              width: 170,
            },
            {
              key: 'triggerKind',
              dataIndex: 'triggerKind',
              title: t('monitor.job.log.triggerKind'),
              width: 80,
              render: (kind: string) => text('triggers', kind),
            },
            {
              key: 'outcome',
              dataIndex: 'outcome',
              title: t('monitor.job.log.outcome'),
              width: 90,
              render: (outcome: string) => (
                <Tag color={OUTCOME_COLORS[outcome]}>{text('outcomes', outcome)}</Tag>
              ),
            },
            {
              key: 'durationMs',
              dataIndex: 'durationMs',
              title: t('monitor.job.log.durationMs'),
              width: 90,
              align: 'right',
              render: (ms: number | null) => (ms === null ? '' : `${ms} ms`),
            },
            {
              key: 'process',
              dataIndex: 'process',
              title: t('monitor.job.log.process'),
              width: 160,
              ellipsis: true,
            },
            {
              key: 'output',
              dataIndex: 'output',
              title: t('monitor.job.log.output'),
              ellipsis: true,
              render: (output: string | null) => <Typography.Text>{output ?? ''}</Typography.Text>,
            },
            ...(mayStop && stoppable
              ? [
                  {
                    key: 'actions',
                    title: t('monitor.job.log.actions'),
                    width: 80,
                    render: (_: unknown, run: JobRun) =>
                      run.outcome === 'running' && (
                        <Popconfirm
                          title={t('monitor.job.log.stopConfirm')}
                          okText={t('monitor.job.log.stop')}
                          cancelText={t('monitor.job.log.cancel')}
                          okButtonProps={{ danger: true }}
                          onConfirm={() => stop(run)}
                        >
                          <Button type="link" size="small" danger>
                            {t('monitor.job.log.stop')}
                          </Button>
                        </Popconfirm>
                      ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Modal>
  );
}
