import type { FlowHistory } from '@console/contract';
import { FLOW_ACTIONS, type FlowAction } from '@console/contract/flow';
import { Table, Typography, theme, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { activityType, formatDuration, formatHistoryTime } from './format';
import './locales';

export interface FlowHistoryTableProps {
  history: readonly FlowHistory[];
  loading?: boolean;
}

type Row = FlowHistory & { key: string };

/** An instance's activities, oldest first: who handled each, what they said, when and how long. */
export function FlowHistoryTable({ history, loading }: FlowHistoryTableProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();

  // An activity can be visited more than once (sent back, resubmitted): its id alone is no key.
  const rows = useMemo<Row[]>(
    () => history.map((entry, index) => ({ ...entry, key: `${index}:${entry.historyActivityId}` })),
    [history],
  );

  const columns = useMemo<TableColumnsType<Row>>(() => {
    const units = {
      day: t('flow.diagram.units.day'),
      hour: t('flow.diagram.units.hour'),
      minute: t('flow.diagram.units.minute'),
      second: t('flow.diagram.units.second'),
    };
    return [
      {
        key: 'name',
        title: t('flow.diagram.history.name'),
        render: (_, row) => row.historyActivityName || row.historyActivityId,
      },
      {
        key: 'type',
        title: t('flow.diagram.history.type'),
        render: (_, row) => {
          // What a person did (issue 51): 退回, 转办, 抄送…
          const action = FLOW_ACTIONS.find((known): known is FlowAction => known === row.action);
          if (action) return t(`flow.diagram.actions.${action}`);
          const type = activityType(row.historyActivityType);
          return type ? t(`flow.diagram.types.${type}`) : row.historyActivityType;
        },
      },
      {
        key: 'assignee',
        title: t('flow.diagram.history.assignee'),
        render: (_, row) => row.assigneeName ?? row.assignee ?? '',
      },
      {
        key: 'comment',
        title: t('flow.diagram.history.comment'),
        dataIndex: 'comment',
        width: '24%',
      },
      {
        key: 'startTime',
        title: t('flow.diagram.history.startTime'),
        render: (_, row) => formatHistoryTime(row.startTime),
      },
      {
        key: 'endTime',
        title: t('flow.diagram.history.endTime'),
        render: (_, row) =>
          row.endTime === null ? (
            // The active step's colour in the diagram.
            <Typography.Text style={{ color: token.colorPrimary }}>
              {t('flow.diagram.history.active')}
            </Typography.Text>
          ) : (
            formatHistoryTime(row.endTime)
          ),
      },
      {
        key: 'duration',
        title: t('flow.diagram.history.duration'),
        render: (_, row) => formatDuration(row.durationInMillis, units),
      },
    ];
  }, [t, token.colorPrimary]);

  return (
    <Table<Row>
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('flow.diagram.history.empty') }}
    />
  );
}
