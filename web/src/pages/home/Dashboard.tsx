import { ReloadOutlined } from '@ant-design/icons';
import type { Dashboard as DashboardData } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Statistic, theme, Typography } from 'antd';
import { Component, lazy, Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboard } from '../../api/business/dashboard';
import { RequestError } from '../../api/request';
import { withChunkTimeout } from '../../app/chunk-load';
import { formatYuan } from '../business/refund/money';
import './locales';

/** The dashboard is asked again this often while the home page is on screen. */
export const DASHBOARD_REFRESH_MS = 60_000;
const DASHBOARD_KEY = ['dashboard'] as const;

// Its own chunk, downloaded once the numbers are on screen: never with the sign-in page or the
// first signed-in download (vite.config.ts groups only static imports).
const RefundChart = lazy(withChunkTimeout(() => import('./RefundChart')));

/** A chart whose code did not download leaves the numbers on screen and says so. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** Machines, slots and refunds of the signed-in user's fleet, and the versions its machines run. */
function Figures({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { machines, slots, refunds } = data;
  const figureColor = (key: keyof DashboardData['machines']) =>
    key === 'online'
      ? token.colorSuccess
      : key === 'fault' && machines.fault > 0
        ? token.colorError
        : undefined;
  const occupancy = percentOf(slots.inUse, slots.total);
  const slotStates = [
    ['empty', slots.empty],
    ['stocked', slots.stocked],
    ['using', slots.inUse],
    ['fault', slots.fault],
    ['locked', slots.locked],
  ] as const;
  const mostMachines = Math.max(1, ...data.apkVersions.map((version) => version.machines));

  return (
    <>
      <Row gutter={[12, 12]}>
        {(['total', 'online', 'offline', 'fault'] as const).map((key) => (
          <Col key={key} xs={12} lg={6}>
            <Card>
              <Statistic
                title={t(`business.dashboard.machines.${key}`)}
                value={machines[key]}
                styles={{ content: { color: figureColor(key) } }}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card title={t('business.dashboard.slots.title')} style={{ height: '100%' }}>
            <Statistic
              title={t('business.dashboard.slots.inUse')}
              value={slots.inUse}
              suffix={`/ ${slots.total}`}
            />
            <div className="home-meter" aria-hidden>
              <span style={{ width: `${occupancy}%` }} />
            </div>
            <Typography.Text type="secondary">
              {t('business.dashboard.slots.occupancy', { percent: occupancy })}
            </Typography.Text>
            <dl className="home-states" aria-label={t('business.dashboard.slots.byState')}>
              {slotStates.map(([key, count]) => (
                <div key={key}>
                  <dt>{t(`business.dashboard.slots.${key}`)}</dt>
                  <dd>{count}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('business.dashboard.refunds.title')} style={{ height: '100%' }}>
            <Row gutter={12}>
              <Col span={12}>
                <Statistic title={t('business.dashboard.refunds.pending')} value={refunds.pending} />
              </Col>
              <Col span={12}>
                <Statistic
                  title={t('business.dashboard.refunds.amount')}
                  value={formatYuan(refunds.pendingAmount)}
                />
              </Col>
            </Row>
          </Card>
        </Col>
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={14}>
          <Card title={t('business.dashboard.chart.title')} style={{ height: '100%' }}>
            <ChartBoundary
              fallback={
                <Typography.Text type="secondary" role="alert">
                  {t('business.dashboard.chart.failed')}
                </Typography.Text>
              }
            >
              <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
                <RefundChart days={data.refundsByDay} />
              </Suspense>
            </ChartBoundary>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('business.dashboard.apk.title')} style={{ height: '100%' }}>
            {data.apkVersions.length === 0 ? (
              <Typography.Text type="secondary">{t('business.dashboard.apk.none')}</Typography.Text>
            ) : (
              <table className="home-table">
                <thead>
                  <tr>
                    <th scope="col">{t('business.dashboard.apk.version')}</th>
                    <th scope="col">{t('business.dashboard.apk.machines')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.apkVersions.map((version) => (
                    <tr key={`${version.packageName ?? ''}:${version.versionCode ?? ''}`}>
                      <td>
                        {version.packageName === null || version.versionCode === null ? (
                          t('business.dashboard.apk.unknown')
                        ) : (
                          <>
                            <div>{version.versionName ?? version.versionCode}</div>
                            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                              {version.packageName} · {version.versionCode}
                            </Typography.Text>
                          </>
                        )}
                      </td>
                      <td className="home-table-count">
                        <span>{version.machines}</span>
                        <span className="home-bar" aria-hidden>
                          <span style={{ width: `${percentOf(version.machines, mostMachines)}%` }} />
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}

/**
 * The home page's live figures (api/business/dashboard, one call): asked when the page shows and
 * every minute while it is on screen (a hidden tab's effects are cleaned up, and TanStack Query
 * does not poll a hidden document). While the first answer is on its way: skeletons; a failed
 * first answer: the reason and 重试; a tenant without machines: an empty state.
 */
export function Dashboard() {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: DASHBOARD_KEY,
    // Once the figures are shown, reading them again is the page's doing (every minute, or a change
    // pushed by the server), not the person's: a background request.
    queryFn: () => dashboard(queryClient.getQueryData(DASHBOARD_KEY) !== undefined),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  const { data } = query;

  let body: ReactNode;
  if (data === undefined && query.isError) {
    body = (
      <Card>
        <Flex vertical align="flex-start" gap={8} role="alert">
          <Typography.Text strong>{t('business.dashboard.loadFailed')}</Typography.Text>
          <Typography.Text type="secondary">
            {query.error instanceof RequestError ? query.error.message : t('business.dashboard.unreachable')}
          </Typography.Text>
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('business.dashboard.retry')}
          </Button>
        </Flex>
      </Card>
    );
  } else if (data === undefined) {
    body = (
      <div role="status" aria-busy="true" aria-label={t('business.dashboard.loading')}>
        <Row gutter={[12, 12]}>
          {[0, 1, 2, 3].map((key) => (
            <Col key={key} xs={12} lg={6}>
              <Card loading />
            </Col>
          ))}
          {[0, 1].map((key) => (
            <Col key={key} xs={24} lg={12}>
              <Card loading />
            </Col>
          ))}
        </Row>
      </div>
    );
  } else if (data.machines.total === 0) {
    body = (
      <Card>
        <Empty
          description={
            <>
              <Typography.Text strong>{t('business.dashboard.empty.title')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('business.dashboard.empty.description')}</Typography.Text>
            </>
          }
        />
      </Card>
    );
  } else {
    body = <Figures data={data} />;
  }

  return (
    <section aria-labelledby={titleId}>
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Title id={titleId} level={4} style={{ margin: 0 }}>
            {t('business.dashboard.title')}
          </Typography.Title>
          <Flex align="center" gap={8}>
            {data && (
              <Typography.Text type="secondary">
                {t('business.dashboard.updatedAt', { time: data.generatedAt.slice(11, 19) })}
              </Typography.Text>
            )}
            <Button
              icon={<ReloadOutlined aria-hidden />}
              aria-label={t('business.dashboard.refresh')}
              title={t('business.dashboard.refresh')}
              loading={query.isFetching && data !== undefined}
              onClick={() => void query.refetch()}
            />
          </Flex>
        </Flex>
        {body}
      </Flex>
    </section>
  );
}
