import { ArrowLeftOutlined, FileExcelOutlined, FileTextOutlined, PrinterOutlined } from '@ant-design/icons';
import type { Report, ReportDataSet } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Space,
  Spin,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../api/request';
import * as reportApi from '../../../api/report/report';
import { useExportProgress } from '../../../crud/ExportProgress';
import { useDataSets } from './data-sets';
import { defaultValues, fieldOf, filterDict, filterValues, type FilterValue } from './definition';
import { DateValuePicker } from './DateValuePicker';
import { DictValueSelect } from './DictValueSelect';
import { RecordValueSelect } from './RecordValueSelect';
import { ResultChart, RowsTable, SummaryTable, useGroupLabel } from './ReportResultView';
import './locales';
import './report.css';

const DEFAULT_SIZE = 10;

const errorText = (error: unknown, fallback: string) =>
  error instanceof RequestError ? error.message : fallback;

/**
 * The viewer of a stored report: its filters as a form (starting at their defaults; 查询 applies,
 * 重置 goes back to the defaults), the page of rows (server-paged), the summary (groups, subtotals,
 * grand total), the chart, 打印 and 导出 Excel / CSV under the filter values in the form.
 */
export default function ReportViewer({ report, onBack }: { report: Report; onBack: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['report', 'detail', report.id],
    queryFn: () => reportApi.detail(report.id),
    gcTime: 0,
  });
  const dataSets = useDataSets();
  const title = t('report.reportlist.viewer.title', { name: detail.data?.name ?? report.name });

  let body;
  if (detail.isPending || dataSets.isPending)
    body = <Spin style={{ display: 'block', padding: 48 }} description={t('report.reportlist.loading')} />;
  else if (detail.isError || dataSets.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('report.reportlist.loadFailed')}
        description={errorText(detail.error ?? dataSets.error, t('crud.table.unreachable'))}
        action={
          <Button
            size="small"
            onClick={() => {
              void detail.refetch();
              void dataSets.refetch();
            }}
          >
            {t('report.reportlist.retry')}
          </Button>
        }
      />
    );
  else
    body = (
      <ViewerBody
        report={detail.data}
        dataSet={dataSets.data.find((set) => set.code === detail.data.dataSet)}
      />
    );

  return (
    <section aria-label={title} className="report-viewer">
      <Flex className="report-no-print" style={{ marginBottom: 12 }}>
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack}>
          {t('report.reportlist.back')}
        </Button>
      </Flex>
      {body}
    </section>
  );
}

/** A money filter's stored cents as the yuan its box shows; nothing stays nothing. */
const centsToYuan = (value: FilterValue | undefined) => (typeof value === 'number' ? value / 100 : null);

function ViewerBody({ report, dataSet }: { report: Report; dataSet: ReportDataSet | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { definition } = report;
  const groupLabel = useGroupLabel(dataSet);
  const [values, setValues] = useState<FilterValue[]>(() => defaultValues(definition));
  const [applied, setApplied] = useState<FilterValue[]>(() => filterValues(defaultValues(definition)));
  const [page, setPage] = useState({ current: 1, size: DEFAULT_SIZE });
  const [exporting, setExporting] = useState<reportApi.ReportFormat>();
  const progress = useExportProgress();

  const result = useQuery({
    queryKey: ['report', 'run', report.id, applied, page.current, page.size],
    queryFn: () => reportApi.run({ id: report.id, values: applied, current: page.current, size: page.size }),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });

  const setValue = (index: number, value: FilterValue) =>
    setValues((now) => now.map((one, at) => (at === index ? value : one)));
  const query = () => {
    setApplied(filterValues(values));
    setPage((now) => ({ ...now, current: 1 }));
  };
  const reset = () => {
    const defaults = defaultValues(definition);
    setValues(defaults);
    setApplied(filterValues(defaults));
    setPage((now) => ({ ...now, current: 1 }));
  };
  const exportAs = async (format: reportApi.ReportFormat) => {
    setExporting(format);
    const exported = filterValues(values);
    // The rows it holds are known when its filters are those of the result on screen.
    const rows = JSON.stringify(exported) === JSON.stringify(applied) ? result.data?.total : undefined;
    try {
      if (await progress.run((call) => reportApi.exportFile(report.id, format, exported, call), rows))
        void message.success(t('report.reportlist.viewer.exported'));
    } finally {
      setExporting(undefined);
    }
  };

  const placeholderOf = (type: string | undefined) =>
    type === 'datetime'
      ? t('report.reportlist.viewer.datePlaceholder')
      : type === 'int' || type === 'money'
        ? t('report.reportlist.viewer.numberPlaceholder')
        : t('report.reportlist.viewer.textPlaceholder');

  return (
    <>
      {progress.element}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {report.name}
        </Typography.Title>
        <Space wrap className="report-no-print" role="toolbar" aria-label={t('crud.toolbar.label')}>
          <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
            {t('report.reportlist.viewer.print')}
          </Button>
          <Button
            icon={<FileExcelOutlined aria-hidden />}
            loading={exporting === 'xlsx'}
            onClick={() => void exportAs('xlsx')}
          >
            {t('report.reportlist.viewer.exportXlsx')}
          </Button>
          <Button
            icon={<FileTextOutlined aria-hidden />}
            loading={exporting === 'csv'}
            onClick={() => void exportAs('csv')}
          >
            {t('report.reportlist.viewer.exportCsv')}
          </Button>
        </Space>
      </Flex>

      <Card
        size="small"
        className="report-no-print"
        title={t('report.reportlist.viewer.filters')}
        style={{ marginBottom: 12 }}
      >
        <Form layout="vertical" aria-label={t('report.reportlist.viewer.filters')} onFinish={query}>
          {definition.filters.length === 0 ? (
            <Typography.Paragraph type="secondary">
              {t('report.reportlist.viewer.noFilters')}
            </Typography.Paragraph>
          ) : (
            <Row gutter={16}>
              {definition.filters.map((filter, index) => {
                const field = fieldOf(dataSet, filter.field);
                const id = `report-filter-${index}`;
                const label = `${field?.label ?? filter.field} ${t(`report.reportlist.op.${filter.op}`)}`;
                return (
                  <Col key={id} xs={24} sm={12} lg={8}>
                    <Form.Item label={label} htmlFor={id}>
                      {field && filterDict(field, filter.op) ? (
                        <DictValueSelect
                          id={id}
                          field={field}
                          placeholder={t('report.reportlist.viewer.selectPlaceholder')}
                          value={values[index]}
                          onChange={(picked) => setValue(index, picked)}
                        />
                      ) : field?.names ? (
                        <RecordValueSelect
                          id={id}
                          kind={field.names}
                          placeholder={t('report.reportlist.viewer.searchPlaceholder')}
                          value={values[index]}
                          onChange={(picked) => setValue(index, picked)}
                        />
                      ) : field?.type === 'money' ? (
                        <InputNumber<number>
                          id={id}
                          style={{ width: '100%' }}
                          prefix="¥"
                          precision={2}
                          min={0}
                          // Typed in yuan, as amounts show; sent in cents, as they are stored.
                          value={centsToYuan(values[index])}
                          onChange={(yuan) => setValue(index, yuan === null ? null : Math.round(yuan * 100))}
                        />
                      ) : field?.type === 'datetime' ? (
                        <DateValuePicker
                          id={id}
                          style={{ width: '100%' }}
                          placeholder={t('report.reportlist.viewer.datePlaceholder')}
                          value={values[index]}
                          onChange={(picked) => setValue(index, picked)}
                        />
                      ) : (
                        <Input
                          id={id}
                          allowClear
                          placeholder={placeholderOf(field?.type)}
                          value={
                            values[index] === null || values[index] === undefined ? '' : String(values[index])
                          }
                          onChange={(event) => setValue(index, event.target.value)}
                        />
                      )}
                    </Form.Item>
                  </Col>
                );
              })}
            </Row>
          )}
          <Space>
            <Button type="primary" htmlType="submit">
              {t('report.reportlist.viewer.query')}
            </Button>
            <Button onClick={reset}>{t('report.reportlist.viewer.reset')}</Button>
          </Space>
        </Form>
      </Card>

      {result.isError && (
        <Alert
          className="report-no-print"
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('report.reportlist.loadFailed')}
          description={errorText(result.error, t('crud.table.unreachable'))}
          action={
            <Button size="small" onClick={() => void result.refetch()}>
              {t('report.reportlist.retry')}
            </Button>
          }
        />
      )}
      <RowsTable
        label={t('report.reportlist.viewer.rows')}
        result={result.data}
        loading={result.isFetching}
        paging={{
          current: page.current,
          size: page.size,
          onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
        }}
      />
      {result.data && (
        <Flex vertical gap={16} style={{ marginTop: 16 }}>
          <SummaryTable
            result={result.data}
            groupBy={definition.groupBy}
            groupLabel={groupLabel}
            dataSet={dataSet}
          />
          <ResultChart result={result.data} definition={definition} groupLabel={groupLabel} />
        </Flex>
      )}
    </>
  );
}
