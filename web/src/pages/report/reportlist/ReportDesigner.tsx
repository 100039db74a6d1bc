import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Report, ReportDataSet } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, Flex, Form, Input, Row, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../api/request';
import * as reportApi from '../../../api/report/report';
import { AggregatesPanel } from './designer/AggregatesPanel';
import { ChartPanel } from './designer/ChartPanel';
import { ColumnsPanel } from './designer/ColumnsPanel';
import { designerProblems, useDesignerState } from './designer/designer-state';
import { FiltersPanel } from './designer/FiltersPanel';
import { GroupingPanel } from './designer/GroupingPanel';
import { Panel } from './designer/Panel';
import { PreviewPanel } from './designer/PreviewPanel';
import { SortPanel } from './designer/SortPanel';
import { useGroupLabel } from './ReportResultView';
import { useDataSets } from './data-sets';
import './locales';
import './report.css';

const NAME_MAX = 100;

export interface ReportDesignerProps {
  /** The report to design; none: a new one. */
  report?: Report;
  onBack: () => void;
  onSaved: () => unknown;
}

/**
 * The report designer: name and data set, the columns and their order, up to two groupings (dates
 * also by month), the aggregates, the sort, the filters a viewer may set, the chart, and a live
 * preview of the definition being edited (its first rows, run again shortly after each change).
 * 保存 submits it and goes back to the list.
 */
export default function ReportDesigner({ report, onBack, onSaved }: ReportDesignerProps) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['report', 'detail', report?.id],
    queryFn: () => reportApi.detail(report!.id),
    enabled: report !== undefined,
    gcTime: 0,
  });
  const dataSets = useDataSets();
  const title = report
    ? t('report.reportlist.designer.editTitle', { name: report.name })
    : t('report.reportlist.designer.addTitle');

  let body;
  if ((report && detail.isPending) || dataSets.isPending)
    body = <Spin style={{ display: 'block', padding: 48 }} description={t('report.reportlist.loading')} />;
  else if (detail.isError || dataSets.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('report.reportlist.loadFailed')}
        description={
          (detail.error ?? dataSets.error) instanceof RequestError
            ? (detail.error ?? dataSets.error)!.message
            : t('crud.table.unreachable')
        }
        action={
          <Button
            size="small"
            onClick={() => {
              if (report) void detail.refetch();
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
      <DesignerForm report={detail.data} dataSets={dataSets.data ?? []} onBack={onBack} onSaved={onSaved} />
    );

  return (
    <section aria-label={title} className="report-designer">
      {(detail.isPending && report) || dataSets.isPending || detail.isError || dataSets.isError ? (
        <Flex style={{ marginBottom: 12 }}>
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack}>
            {t('report.reportlist.back')}
          </Button>
        </Flex>
      ) : null}
      {body}
    </section>
  );
}

/** The designer's layout: back and save, the sections on the left, the live preview on the right. */
function DesignerForm({
  report,
  dataSets,
  onBack,
  onSaved,
}: {
  report: Report | undefined;
  dataSets: readonly ReportDataSet[];
  onBack: () => void;
  onSaved: () => unknown;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { state, setName, chooseDataSet, edit, check } = useDesignerState(report);
  const { name, definition } = state;
  const [saving, setSaving] = useState(false);
  const dataSet = dataSets.find((set) => set.code === state.dataSet);
  const groupLabel = useGroupLabel(dataSet);
  const problems = state.checked ? designerProblems(state) : {};
  const problem = (key: keyof typeof problems) => {
    const text = problems[key];
    return text && t(text);
  };

  const save = async () => {
    if (!check()) return;
    setSaving(true);
    try {
      await reportApi.submit({
        ...(report ? { id: report.id } : {}),
        name: name.trim(),
        dataSet: state.dataSet,
        definition,
      });
      void message.success(t(report ? 'crud.message.updated' : 'crud.message.added'));
      await onSaved();
    } catch {
      // The request layer has said why; the designer stays as it is.
    } finally {
      setSaving(false);
    }
  };

  const nameError = problem('name');
  const dataSetError = problem('dataSet');
  const section = dataSet && { definition, dataSet, edit };
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack}>
          {t('report.reportlist.back')}
        </Button>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('report.reportlist.designer.save')}
        </Button>
      </Flex>
      <Row gutter={16}>
        <Col xs={24} xl={11}>
          <Panel title={t('report.reportlist.designer.basics')}>
            <Form layout="vertical" component="div">
              <Form.Item
                label={t('report.reportlist.name')}
                htmlFor="report-design-name"
                required
                validateStatus={nameError ? 'error' : undefined}
                help={nameError}
              >
                <Input
                  id="report-design-name"
                  value={name}
                  maxLength={NAME_MAX}
                  placeholder={t('report.reportlist.designer.namePlaceholder')}
                  onChange={(event) => setName(event.target.value)}
                />
              </Form.Item>
              <Form.Item
                label={t('report.reportlist.dataSet')}
                htmlFor="report-design-dataSet"
                required
                validateStatus={dataSetError ? 'error' : undefined}
                help={dataSetError}
              >
                <Select
                  id="report-design-dataSet"
                  value={state.dataSet || undefined}
                  placeholder={t('report.reportlist.designer.dataSetPlaceholder')}
                  options={dataSets.map((set) => ({ value: set.code, label: set.label }))}
                  onChange={chooseDataSet}
                />
              </Form.Item>
            </Form>
          </Panel>

          {!section ? (
            <Alert type="info" showIcon title={t('report.reportlist.designer.dataSetFirst')} />
          ) : (
            <>
              <ColumnsPanel {...section} error={problem('columns')} />
              <GroupingPanel {...section} />
              <AggregatesPanel {...section} />
              <SortPanel {...section} />
              <FiltersPanel {...section} />
              <ChartPanel {...section} groupLabel={groupLabel} />
            </>
          )}
        </Col>

        <Col xs={24} xl={13}>
          <PreviewPanel
            dataSetCode={state.dataSet}
            dataSet={dataSet}
            definition={definition}
            groupLabel={groupLabel}
          />
        </Col>
      </Row>
    </>
  );
}
