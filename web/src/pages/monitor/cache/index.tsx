import type { CacheHitRate, CacheMonitor, KeyPrefixCount } from '@console/contract';
import { Card, Col, Descriptions, Empty, Row, Table, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as monitorApi from '../../../api/monitor/monitor';
import { formatBytes } from '../../resource/shared/format';
import { Figures, MonitorFrame, useMonitorQuery } from '../shared/MonitorFrame';
import { formatPercent } from '../shared/format';
import './locales';

// 缓存监控 (issue 49): the shared cache (Redis, or the process's memory), its keys counted by prefix
// (never a key's own part or a value), and how often the console's per-process caches answer from
// what they hold. Platform administrator only.

function CacheFigures({ cache }: { cache: CacheMonitor }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} xl={14}>
        <Card size="small" title={t('monitor.cache.cache')} style={{ height: '100%' }}>
          <Descriptions
            size="small"
            column={2}
            items={[
              {
                key: 'engine',
                label: t('monitor.cache.engine'),
                children: t(`monitor.cache.engines.${cache.engine}`),
              },
              { key: 'version', label: t('monitor.cache.version'), children: cache.version ?? '-' },
              {
                key: 'memory',
                label: t('monitor.cache.memory'),
                children: (
                  <Tooltip title={t(`monitor.cache.memoryHint.${cache.engine}`)}>
                    <span>{formatBytes(cache.memoryBytes)}</span>
                  </Tooltip>
                ),
              },
              {
                key: 'keys',
                label: t('monitor.cache.keys'),
                children: cache.capped
                  ? `${cache.keys} (${t('monitor.cache.capped', { count: cache.keys })})`
                  : cache.keys,
              },
            ]}
          />
          <Typography.Text strong style={{ display: 'block', margin: '8px 0' }}>
            {t('monitor.cache.prefixes')}
          </Typography.Text>
          <Table<KeyPrefixCount>
            size="small"
            rowKey="prefix"
            dataSource={cache.prefixes}
            pagination={cache.prefixes.length > 10 ? { pageSize: 10, size: 'small' } : false}
            locale={{ emptyText: <Empty description={t('monitor.cache.noKeys')} /> }}
            columns={[
              {
                key: 'prefix',
                dataIndex: 'prefix',
                title: t('monitor.cache.prefix'),
                render: (prefix: string) =>
                  prefix ? <Typography.Text code>{prefix}</Typography.Text> : t('monitor.cache.otherPrefix'),
              },
              { key: 'keys', dataIndex: 'keys', title: t('monitor.cache.count'), align: 'right', width: 120 },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title={t('monitor.cache.hitRates')} style={{ height: '100%' }}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {t('monitor.cache.hitRatesSince', { count: cache.processes })}
          </Typography.Text>
          <Table<CacheHitRate>
            size="small"
            rowKey="cache"
            pagination={false}
            dataSource={cache.hitRates}
            columns={[
              {
                key: 'cache',
                dataIndex: 'cache',
                title: t('monitor.cache.cacheName'),
                render: (name: CacheHitRate['cache']) => t(`monitor.cache.caches.${name}`),
              },
              { key: 'hits', dataIndex: 'hits', title: t('monitor.cache.hits'), align: 'right' },
              { key: 'misses', dataIndex: 'misses', title: t('monitor.cache.misses'), align: 'right' },
              {
                key: 'rate',
                dataIndex: 'rate',
                title: t('monitor.cache.rate'),
                align: 'right',
                render: (rate: number | null) =>
                  rate === null ? t('monitor.cache.noLookups') : formatPercent(rate),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

export default function CacheMonitorPage() {
  const { t } = useTranslation();
  const cache = useMonitorQuery('cache', monitorApi.cache);
  return (
    <MonitorFrame title={t('monitor.cache.title')} queries={[cache]}>
      <Figures query={cache} what={t('monitor.cache.cache')}>
        {(data) => <CacheFigures cache={data} />}
      </Figures>
    </MonitorFrame>
  );
}
