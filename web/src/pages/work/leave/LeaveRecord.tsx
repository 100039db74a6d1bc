import type { LeaveDetail } from '@console/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Spin, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as leaveApi from '../../../api/flow/leave';
import { RequestError } from '../../../api/request';
import '../shared/locales';
import { leaveStateView, leaveTypeText } from './leave-logic';
import './locales';

/** A leave request's query: the handle and detail pages of the same request share it. */
export const leaveQueryKey = (businessId: string) => ['work', 'leave', businessId] as const;

export function useLeaveDetail(businessId: string): UseQueryResult<LeaveDetail> {
  return useQuery({ queryKey: leaveQueryKey(businessId), queryFn: () => leaveApi.detail(businessId) });
}

/**
 * What a loaded part of a page shows: a spinner while it loads, the failure with 重试 when it did
 * not (the server's words when it answered), else its content.
 */
export function Loaded<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <Flex justify="center" style={{ padding: 24 }} role="status" aria-label={t('work.shared.load.loading')}>
        <Spin />
      </Flex>
    );
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('work.shared.load.failed')}
        description={query.error instanceof RequestError ? query.error.message : t('request.unreachable')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('work.shared.load.retry')}
          </Button>
        }
      />
    );
  return <>{children(query.data)}</>;
}

/** A leave request, read-only: type, times, days, reason, approver, when it was filed, its state. */
export function LeaveRecord({ leave }: { leave: LeaveDetail }) {
  const { t } = useTranslation();
  const state = leaveStateView(leave.leaveState);
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      items={[
        { key: 'leaveType', label: t('work.leave.leaveType'), children: t(leaveTypeText(leave.leaveType)) },
        {
          key: 'leaveState',
          label: t('work.leave.leaveState'),
          children: state ? <Tag color={state.color}>{t(state.text)}</Tag> : leave.leaveState,
        },
        { key: 'startTime', label: t('work.leave.startTime'), children: leave.startTime },
        { key: 'endTime', label: t('work.leave.endTime'), children: leave.endTime },
        { key: 'days', label: t('work.leave.days'), children: leave.days },
        {
          key: 'taskUserName',
          label: t('work.leave.taskUserName'),
          children: leave.taskUserName ?? leave.taskUser,
        },
        { key: 'applyTime', label: t('work.leave.applyTime'), children: leave.applyTime },
        {
          key: 'reason',
          label: t('work.leave.reason'),
          span: 'filled',
          children: <span style={{ whiteSpace: 'pre-wrap' }}>{leave.reason}</span>,
        },
      ]}
    />
  );
}
