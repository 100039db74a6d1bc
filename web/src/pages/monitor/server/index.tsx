import type { DatabaseMonitor, ProcessFigures, StatementKind } from '@console/contract';
import { Card, Col, Descriptions, Empty, Row, Table, Tag, theme, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import * as monitorApi from '../../../api/monitor/monitor';
import { formatBytes } from '../../resource/shared/format';
import { Figures, MonitorFrame, useMonitorQuery } from '../shared/MonitorFrame';
import { RateChart } from '../shared/RateChart';
import { formatFigure, formatPercent, formatUptime } from '../shared/format';
import './locales';

// 服务监控 (issue 49): a card per server process, as each last published itself through the shared
// cache (two processes behind a balancer show two cards), with its rates over the last hour; then
// the database. Platform administrator only (the server answers anyone else 403).

function poolText(pool: ProcessFigures['pool'], t: TFunction): string {
  if (pool.kind === 'single') return t('monitor.server.pool.single');
  return t('monitor.server.pool.counts', pool);
}

function ProcessCard({ process }: { process: ProcessFigures }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const minute = (at: string) => at.slice(11, 16);
  const requests = process.minutes.map((m) => ({ label: minute(m.at), value: m.requests }));
  const errors = process.minutes.map((m) => ({
    label: minute(m.at),
    value: m.requests > 0 ? +((m.errors / m.requests) * 100).toFixed(1) : 0,
  }));
  const summary = (points: typeof requests) => ({
    last: points.at(-1)?.value ?? 0,
    max: Math.max(0, ...points.map((point) => point.value)),
  });
  const items = [
    ['version', process.version],
    ['node', process.node],
    ['uptime', formatUptime(process.uptimeSeconds, t)],
    ['startedAt', process.startedAt],
    ['memory', `${formatBytes(process.rssBytes)} / ${formatBytes(process.heapUsedBytes)}`],
    [
      'loopDelay',
      t('monitor.server.ms', {
        p50: formatFigure(process.loopDelayP50Ms),
        p99: formatFigure(process.loopDelayP99Ms),
      }),
    ],
    [
      'perSecond',
      `${formatFigure(process.lastMinute.perSecond)} / ${formatFigure(process.lastHour.perSecond)}`,
    ],
    [
      'errorRate',
      `${formatPercent(process.lastMinute.errorRate)} / ${formatPercent(process.lastHour.errorRate)}`,
    ],
    ['streams', String(process.streams)],
    ['pool', poolText(process.pool, t)],
  ] as const;
  return (
    <Card
      size="small"
      data-process={process.id}
      title={
        <span>
          {process.host} · PID {process.pid}{' '}
          {process.current && <Tag color="blue">{t('monitor.server.current')}</Tag>}
        </span>
      }
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('monitor.server.updated', { time: process.updatedAt.slice(11) })}
        </Typography.Text>
      }
      style={{ height: '100%' }}
    >
      {/* Labels above values, three a row: the figures stay on one line in a half-width card. */}
      <Descriptions
        size="small"
        layout="vertical"
        column={3}
        items={items.map(([key, value]) => ({
          key,
          label: t(`monitor.server.fields.${key}`),
          children: value,
          span: key === 'pool' ? 2 : 1,
        }))}
      />
      <Row gutter={12} style={{ marginTop: 8 }}>
        <Col span={12}>
          <RateChart
            title={t('monitor.server.chart.requests')}
            summary={t('monitor.server.chart.requestsSummary', summary(requests))}
            points={requests}
          />
        </Col>
        <Col span={12}>
          <RateChart
            title={t('monitor.server.chart.errors')}
            summary={t('monitor.server.chart.errorsSummary', summary(errors))}
            points={errors}
            color={token.colorError}
          />
        </Col>
      </Row>
    </Card>
  );
}

function DatabaseCard({ database }: { database: DatabaseMonitor }) {
  const { t } = useTranslation();
  const number = (value: number) => formatFigure(value);
  return (
    <Card size="small" title={t('monitor.server.database.title')}>
      <Descriptions
        size="small"
        column={4}
        items={[
          { key: 'engine', label: t('monitor.server.database.engine'), children: database.engine },
          { key: 'version', label: t('monitor.server.database.version'), children: database.version },
          {
            key: 'size',
            label: t('monitor.server.database.size'),
            children: formatBytes(database.sizeBytes),
          },
          {
            key: 'connections',
            label: t('monitor.server.database.connections'),
            children: (
              <Tooltip title={t('monitor.server.database.connectionsHint')}>
                <span>{database.connections}</span>
              </Tooltip>
            ),
          },
        ]}
      />
      <Typography.Text strong style={{ display: 'block', margin: '8px 0' }}>
        {t('monitor.server.database.statements', { count: database.processes })}
      </Typography.Text>
      <Table<StatementKind>
        size="small"
        rowKey="kind"
        pagination={false}
        dataSource={database.statements}
        locale={{ emptyText: <Empty description={t('monitor.server.database.noStatements')} /> }}
        columns={[
          {
            key: 'kind',
            dataIndex: 'kind',
            title: t('monitor.server.database.kind'),
            render: (kind: string) => <Typography.Text code>{kind}</Typography.Text>,
          },
          { key: 'count', dataIndex: 'count', title: t('monitor.server.database.count'), align: 'right' },
          {
            key: 'avgMs',
            dataIndex: 'avgMs',
            title: t('monitor.server.database.avgMs'),
            align: 'right',
            render: number,
          },
          {
            key: 'maxMs',
            dataIndex: 'maxMs',
            title: t('monitor.server.database.maxMs'),
            align: 'right',
            render: number,
          },
        ]}
      />
    </Card>
  );
}

export default function ServerMonitorPage() {
  const { t } = useTranslation();
  const server = useMonitorQuery('server', monitorApi.server);
  const database = useMonitorQuery('database', monitorApi.database);
  return (
    <MonitorFrame title={t('monitor.server.title')} queries={[server, database]}>
      <Figures query={server} what={t('monitor.server.processes')}>
        {({ processes }) => (
          <section aria-label={t('monitor.server.processes')}>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
              {t('monitor.server.processCount', { count: processes.length })}
            </Typography.Text>
            <Row gutter={[12, 12]}>
              {processes.map((process) => (
                <Col key={process.id} xs={24} xl={12}>
                  <ProcessCard process={process} />
                </Col>
              ))}
            </Row>
          </section>
        )}
      </Figures>
      <Figures query={database} what={t('monitor.server.database.title')}>
        {(data) => <DatabaseCard database={data} />}
      </Figures>
    </MonitorFrame>
  );
}
