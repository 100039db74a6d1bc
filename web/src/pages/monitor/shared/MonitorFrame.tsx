import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../api/request';
import './locales';

/** How often a monitor page reads its figures again while it shows. */
export const MONITOR_REFRESH_MS = 10_000;

/**
 * One of the monitor's calls, asked when the page shows and every 10 s while it is on screen (a
 * hidden tab's effects are cleaned up, and TanStack Query does not poll a hidden document). Once
 * figures are shown, reading them again is the page's doing: a background request.
 */
export function useMonitorQuery<T>(name: string, read: (background: boolean) => Promise<T>) {
  const queryClient = useQueryClient();
  const queryKey = ['monitor', name];
  return useQuery({
    queryKey,
    queryFn: () => read(queryClient.getQueryData(queryKey) !== undefined),
    refetchInterval: MONITOR_REFRESH_MS,
  });
}

/** The page's title, when its figures were read and a refresh button; then its sections. */
export function MonitorFrame({
  title,
  queries,
  children,
}: {
  title: string;
  queries: ReadonlyArray<UseQueryResult<unknown>>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const shown = queries.some((query) => query.data !== undefined);
  return (
    <section aria-labelledby={titleId}>
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Title id={titleId} level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <Flex align="center" gap={8}>
            <Typography.Text type="secondary">{t('monitor.figures.autoRefresh')}</Typography.Text>
            <Button
              icon={<ReloadOutlined aria-hidden />}
              aria-label={t('monitor.figures.refresh')}
              title={t('monitor.figures.refresh')}
              loading={shown && queries.some((query) => query.isFetching)}
              onClick={() => queries.forEach((query) => void query.refetch())}
            />
          </Flex>
        </Flex>
        {children}
      </Flex>
    </section>
  );
}

/**
 * A section's figures once they have come; before: a skeleton; a first answer that failed: the
 * reason and 重试. (A later refresh that fails leaves the last figures and the request layer's toast.)
 */
export function Figures<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  /** What the section shows, for the loading and failure texts (`服务进程`). */
  what: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.data !== undefined) return children(query.data);
  if (query.isError)
    return (
      <Card>
        <Flex vertical align="flex-start" gap={8} role="alert">
          <Typography.Text strong>{t('monitor.figures.loadFailed', { what })}</Typography.Text>
          <Typography.Text type="secondary">
            {query.error instanceof RequestError ? query.error.message : t('monitor.figures.unreachable')}
          </Typography.Text>
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('monitor.figures.retry')}
          </Button>
        </Flex>
      </Card>
    );
  return (
    <Card role="status" aria-busy="true" aria-label={t('monitor.figures.loading', { what })}>
      <Skeleton active paragraph={{ rows: 4 }} />
    </Card>
  );
}
