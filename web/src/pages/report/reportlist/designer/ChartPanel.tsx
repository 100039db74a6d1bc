import { Col, Form, Radio, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHART_TYPES, type ChartType } from '../definition';
import { setChart, setChartType } from './designer-state';
import { fieldLabel, Panel, type SectionProps } from './Panel';

/** The chart: its type, then which grouping it spreads over and which aggregate it draws. */
export function ChartPanel({
  definition,
  dataSet,
  edit,
  groupLabel,
}: SectionProps & { groupLabel: (key: string) => string }) {
  const { t } = useTranslation();
  // A chart draws an aggregate over a grouping: it needs one of each.
  const ready = definition.groupBy.length > 0 && definition.aggregates.length > 0;
  return (
    <Panel title={t('report.reportlist.designer.chart')}>
      {!ready && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {t('report.reportlist.designer.chartNeeds')}
        </Typography.Paragraph>
      )}
      <fieldset style={{ border: 0, margin: 0, padding: 0 }} disabled={!ready}>
        <legend className="report-sr-only">{t('report.reportlist.designer.chartType')}</legend>
        <Radio.Group
          disabled={!ready}
          value={definition.chart?.type ?? 'none'}
          options={[
            { value: 'none', label: t('report.reportlist.chartType.none') },
            ...CHART_TYPES.map((type) => ({ value: type, label: t(`report.reportlist.chartType.${type}`) })),
          ]}
          onChange={(event) => edit(setChartType(event.target.value as ChartType | 'none'))}
        />
      </fieldset>
      {definition.chart && (
        <Row gutter={12} style={{ marginTop: 12 }}>
          <Col xs={24} sm={12}>
            <Form.Item
              layout="vertical"
              label={t('report.reportlist.designer.chartGroup')}
              htmlFor="report-design-chart-group"
            >
              <Select
                id="report-design-chart-group"
                value={definition.chart.groupField}
                options={definition.groupBy.map((key) => ({ value: key, label: groupLabel(key) }))}
                onChange={(groupField: string) => edit(setChart({ groupField }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              layout="vertical"
              label={t('report.reportlist.designer.chartValue')}
              htmlFor="report-design-chart-value"
            >
              <Select
                id="report-design-chart-value"
                value={definition.chart.valueAggregate}
                options={definition.aggregates.map((aggregate, at) => ({
                  value: at,
                  label: `${t(`report.reportlist.fn.${aggregate.fn}`)} ${fieldLabel(dataSet, aggregate.field)}`,
                }))}
                onChange={(valueAggregate: number) => edit(setChart({ valueAggregate }))}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
    </Panel>
  );
}
