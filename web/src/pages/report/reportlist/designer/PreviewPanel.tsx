import type { ReportDataSet, ReportDefinition } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../../api/request';
import * as reportApi from '../../../../api/report/report';
import { defaultValues, filterValues, runnable } from '../definition';
import { ResultChart, RowsTable, SummaryTable } from '../ReportResultView';
import { Panel } from './Panel';

const PREVIEW_SIZE = 10;
const PREVIEW_DELAY = 500;

/** The value, once it has stopped changing for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The live preview: the definition as it stands, run (its first rows, with the filters' defaults)
 * a moment after it stops changing, once the server can run it at all.
 */
export function PreviewPanel({
  dataSetCode,
  dataSet,
  definition,
  groupLabel,
}: {
  dataSetCode: string;
  dataSet: ReportDataSet | undefined;
  definition: ReportDefinition;
  groupLabel: (key: string) => string;
}) {
  const { t } = useTranslation();
  const draft = useDebounced({ dataSet: dataSetCode, definition }, PREVIEW_DELAY);
  const canRun = runnable(draft.dataSet, draft.definition);
  const preview = useQuery({
    queryKey: ['report', 'preview', draft],
    queryFn: () =>
      reportApi.run(
        {
          dataSet: draft.dataSet,
          definition: draft.definition,
          values: filterValues(defaultValues(draft.definition)),
          current: 1,
          size: PREVIEW_SIZE,
        },
        { quiet: true },
      ),
    enabled: canRun,
    retry: false,
    placeholderData: keepPreviousData,
    gcTime: 0,
  });

  return (
    <Panel title={t('report.reportlist.designer.preview')} help={t('report.reportlist.designer.previewHelp')}>
      <section aria-label={t('report.reportlist.designer.preview')} aria-busy={preview.isFetching}>
        {!canRun ? (
          <Empty description={t('report.reportlist.designer.previewNeeds')} />
        ) : preview.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('report.reportlist.designer.previewFailed')}
            description={
              preview.error instanceof RequestError ? preview.error.message : t('crud.table.unreachable')
            }
          />
        ) : preview.isPending ? (
          <Spin
            style={{ display: 'block', padding: 48 }}
            description={t('report.reportlist.designer.previewing')}
          />
        ) : (
          <Flex vertical gap={16}>
            <Typography.Text type="secondary" role="status">
              {t('report.reportlist.designer.previewTotal', {
                total: preview.data.total,
                shown: preview.data.rows.length,
              })}
            </Typography.Text>
            <RowsTable
              label={t('report.reportlist.viewer.rows')}
              result={preview.data}
              loading={preview.isFetching}
            />
            <SummaryTable
              dataSet={dataSet}
              result={preview.data}
              groupBy={draft.definition.groupBy}
              groupLabel={groupLabel}
            />
            <ResultChart result={preview.data} definition={draft.definition} groupLabel={groupLabel} />
          </Flex>
        )}
      </section>
    </Panel>
  );
}
