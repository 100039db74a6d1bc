import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { Report, ReportDataSet, ReportDefinition } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../api/request';
import * as reportApi from '../../../api/report/report';
import {
  AGGREGATE_FNS,
  aggregateFields,
  CHART_TYPES,
  defaultValues,
  emptyDefinition,
  fieldOf,
  filterDict,
  filterValues,
  fitChart,
  groupChoices,
  MAX_AGGREGATES,
  MAX_COLUMNS,
  MAX_FILTERS,
  MAX_GROUPS,
  MAX_SORTS,
  opsOf,
  runnable,
  type AggregateFn,
  type ChartType,
  type FilterOp,
  type FilterValue,
} from './definition';
import { DictValueSelect } from './DictValueSelect';
import { ResultChart, RowsTable, SummaryTable, useGroupLabel } from './ReportResultView';
import { useDataSets } from './data-sets';
import './locales';
import './report.css';

const PREVIEW_SIZE = 10;
const PREVIEW_DELAY = 500;
const NAME_MAX = 100;

/** The value, once it has stopped changing for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

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

function Panel({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Card
      size="small"
      title={
        <span role="heading" aria-level={3}>
          {title}
        </span>
      }
      style={{ marginBottom: 12 }}
    >
      {help && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {help}
        </Typography.Paragraph>
      )}
      {children}
    </Card>
  );
}

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
  const [name, setName] = useState(report?.name ?? '');
  const [dataSetCode, setDataSetCode] = useState(report?.dataSet ?? '');
  const [definition, setDefinitionRaw] = useState<ReportDefinition>(
    () => report?.definition ?? emptyDefinition(),
  );
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const dataSet = dataSets.find((set) => set.code === dataSetCode);
  const groupLabel = useGroupLabel(dataSet);
  const fields = dataSet?.fields ?? [];
  const labelOf = (key: string) => fieldOf(dataSet, key)?.label ?? key;
  const fnLabel = (fn: string) => t(`report.reportlist.fn.${fn as AggregateFn}`);

  const update = (change: (now: ReportDefinition) => ReportDefinition) =>
    setDefinitionRaw((now) => fitChart(change(now)));

  // ----- the live preview: the definition as it stands, run a moment after it stops changing
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

  // ----- save
  const nameError = checked && name.trim() === '' ? t('report.reportlist.designer.nameRequired') : undefined;
  const dataSetError = checked && !dataSetCode ? t('report.reportlist.designer.dataSetRequired') : undefined;
  const columnsError =
    checked && dataSetCode && definition.columns.length === 0
      ? t('report.reportlist.designer.columnsRequired')
      : undefined;
  const save = async () => {
    setChecked(true);
    if (name.trim() === '' || !dataSetCode || definition.columns.length === 0) return;
    setSaving(true);
    try {
      await reportApi.submit({
        ...(report ? { id: report.id } : {}),
        name: name.trim(),
        dataSet: dataSetCode,
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

  // ----- columns
  const toggleColumn = (key: string, on: boolean) =>
    update((now) => ({
      ...now,
      columns: on
        ? [...now.columns.filter((one) => one !== key), key]
        : now.columns.filter((one) => one !== key),
    }));
  const moveColumn = (from: number, to: number) =>
    update((now) => {
      const columns = [...now.columns];
      const [moved] = columns.splice(from, 1);
      columns.splice(to, 0, moved!);
      return { ...now, columns };
    });

  // ----- grouping
  const choices = groupChoices(dataSet);
  const groupOptions = (exclude?: string) =>
    choices
      .filter((choice) => choice.value !== exclude)
      .map((choice) => ({
        value: choice.value,
        label: choice.month
          ? t('report.reportlist.designer.byMonth', { name: choice.field.label })
          : choice.field.label,
      }));
  const setGroup = (level: number, value: string | undefined) =>
    update((now) => {
      const groupBy = [...now.groupBy];
      if (value) groupBy[level] = value;
      else groupBy.splice(level, 1);
      return { ...now, groupBy: groupBy.filter(Boolean).slice(0, MAX_GROUPS) };
    });

  // ----- aggregates, sort, filters
  const fieldOptions = (list: readonly { key: string; label: string }[]) =>
    list.map((field) => ({ value: field.key, label: field.label }));
  const replaceAt = <T,>(list: readonly T[], index: number, item: T) =>
    list.map((one, at) => (at === index ? item : one));
  const removeAt = <T,>(list: readonly T[], index: number) => list.filter((_, at) => at !== index);
  /** A filter's default: a value kept, nothing (an emptied text, a cleared choice) dropped. */
  const setDefault = (filter: ReportDefinition['filters'][number], index: number, value: FilterValue) =>
    update((now) => {
      const { defaultValue: _dropped, ...rest } = filter;
      return {
        ...now,
        filters: replaceAt(
          now.filters,
          index,
          value === null || value === '' ? rest : { ...rest, defaultValue: value },
        ),
      };
    });
  const removeAggregate = (index: number) =>
    update((now) => {
      const chart = now.chart;
      return {
        ...now,
        aggregates: removeAt(now.aggregates, index),
        chart:
          chart && chart.valueAggregate > index
            ? { ...chart, valueAggregate: chart.valueAggregate - 1 }
            : chart,
      };
    });

  const chooseDataSet = (code: string) => {
    setDataSetCode(code);
    // Another data set's keys mean nothing here: the definition starts again.
    setDefinitionRaw(emptyDefinition());
  };

  const chartReady = definition.groupBy.length > 0 && definition.aggregates.length > 0;
  const previewError =
    preview.error instanceof RequestError
      ? preview.error.message
      : preview.isError
        ? t('crud.table.unreachable')
        : undefined;

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
                  value={dataSetCode || undefined}
                  placeholder={t('report.reportlist.designer.dataSetPlaceholder')}
                  options={dataSets.map((set) => ({ value: set.code, label: set.label }))}
                  onChange={chooseDataSet}
                />
              </Form.Item>
            </Form>
          </Panel>

          {!dataSet ? (
            <Alert type="info" showIcon title={t('report.reportlist.designer.dataSetFirst')} />
          ) : (
            <>
              <Panel
                title={t('report.reportlist.designer.columns')}
                help={t('report.reportlist.designer.columnsHelp')}
              >
                <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
                  <legend className="report-sr-only">{t('report.reportlist.designer.columns')}</legend>
                  <Flex wrap gap={8}>
                    {fields.map((field) => (
                      <Checkbox
                        key={field.key}
                        checked={definition.columns.includes(field.key)}
                        disabled={
                          !definition.columns.includes(field.key) && definition.columns.length >= MAX_COLUMNS
                        }
                        onChange={(event) => toggleColumn(field.key, event.target.checked)}
                      >
                        {field.label}
                      </Checkbox>
                    ))}
                  </Flex>
                </fieldset>
                {columnsError && <Typography.Text type="danger">{columnsError}</Typography.Text>}
                {definition.columns.length > 0 && (
                  <>
                    <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
                      {t('report.reportlist.designer.columnOrder')}
                    </Typography.Text>
                    <ol className="report-order" aria-label={t('report.reportlist.designer.columnOrder')}>
                      {definition.columns.map((key, at) => (
                        <li key={key}>
                          <Button
                            size="small"
                            icon={<ArrowUpOutlined aria-hidden />}
                            aria-label={t('report.reportlist.designer.moveUp', { name: labelOf(key) })}
                            title={t('report.reportlist.designer.moveUp', { name: labelOf(key) })}
                            disabled={at === 0}
                            onClick={() => moveColumn(at, at - 1)}
                          />
                          <Button
                            size="small"
                            icon={<ArrowDownOutlined aria-hidden />}
                            aria-label={t('report.reportlist.designer.moveDown', { name: labelOf(key) })}
                            title={t('report.reportlist.designer.moveDown', { name: labelOf(key) })}
                            disabled={at === definition.columns.length - 1}
                            onClick={() => moveColumn(at, at + 1)}
                          />
                          <span>{`${at + 1}. ${labelOf(key)}`}</span>
                        </li>
                      ))}
                    </ol>
                  </>
                )}
              </Panel>

              <Panel
                title={t('report.reportlist.designer.grouping')}
                help={t('report.reportlist.designer.groupingHelp')}
              >
                <Row gutter={12}>
                  {[0, 1].map((level) => (
                    <Col key={level} xs={24} sm={12}>
                      <Form.Item
                        layout="vertical"
                        label={t(
                          level === 0
                            ? 'report.reportlist.designer.group1'
                            : 'report.reportlist.designer.group2',
                        )}
                        htmlFor={`report-design-group-${level}`}
                      >
                        <Select
                          id={`report-design-group-${level}`}
                          allowClear
                          disabled={level === 1 && definition.groupBy.length === 0}
                          value={definition.groupBy[level]}
                          placeholder={t('report.reportlist.designer.noGroup')}
                          options={groupOptions(definition.groupBy[level === 0 ? 1 : 0])}
                          onChange={(value: string | undefined) => setGroup(level, value)}
                        />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </Panel>

              <Panel title={t('report.reportlist.designer.aggregates')}>
                <Flex vertical gap={8}>
                  {definition.aggregates.map((aggregate, index) => {
                    const n = index + 1;
                    return (
                      <Space key={index} wrap>
                        <Select
                          style={{ width: 120 }}
                          aria-label={t('report.reportlist.designer.aggregateFn', { index: n })}
                          value={aggregate.fn}
                          options={AGGREGATE_FNS.map((fn) => ({
                            value: fn,
                            label: fnLabel(fn),
                            disabled: aggregateFields(dataSet, fn).length === 0,
                          }))}
                          onChange={(fn: AggregateFn) =>
                            update((now) => {
                              const allowed = aggregateFields(dataSet, fn);
                              const field = allowed.some((one) => one.key === aggregate.field)
                                ? aggregate.field
                                : (allowed[0]?.key ?? aggregate.field);
                              return { ...now, aggregates: replaceAt(now.aggregates, index, { field, fn }) };
                            })
                          }
                        />
                        <Select
                          style={{ width: 180 }}
                          aria-label={t('report.reportlist.designer.aggregateField', { index: n })}
                          value={aggregate.field}
                          options={fieldOptions(aggregateFields(dataSet, aggregate.fn))}
                          onChange={(field: string) =>
                            update((now) => ({
                              ...now,
                              aggregates: replaceAt(now.aggregates, index, { ...aggregate, field }),
                            }))
                          }
                        />
                        <Button
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={t('report.reportlist.designer.removeAggregate', { index: n })}
                          title={t('report.reportlist.designer.removeAggregate', { index: n })}
                          onClick={() => removeAggregate(index)}
                        />
                      </Space>
                    );
                  })}
                  <div>
                    <Button
                      icon={<PlusOutlined aria-hidden />}
                      disabled={definition.aggregates.length >= MAX_AGGREGATES || fields.length === 0}
                      onClick={() =>
                        update((now) => ({
                          ...now,
                          aggregates: [...now.aggregates, { field: fields[0]!.key, fn: 'count' }],
                        }))
                      }
                    >
                      {t('report.reportlist.designer.addAggregate')}
                    </Button>
                  </div>
                </Flex>
              </Panel>

              <Panel title={t('report.reportlist.designer.sort')}>
                <Flex vertical gap={8}>
                  {definition.sort.map((sort, index) => {
                    const n = index + 1;
                    return (
                      <Space key={index} wrap>
                        <Select
                          style={{ width: 180 }}
                          aria-label={t('report.reportlist.designer.sortField', { index: n })}
                          value={sort.field}
                          options={fieldOptions(fields)}
                          onChange={(field: string) =>
                            update((now) => ({
                              ...now,
                              sort: replaceAt(now.sort, index, { ...sort, field }),
                            }))
                          }
                        />
                        <Select
                          style={{ width: 110 }}
                          aria-label={t('report.reportlist.designer.sortDir', { index: n })}
                          value={sort.dir}
                          options={[
                            { value: 'asc', label: t('report.reportlist.designer.asc') },
                            { value: 'desc', label: t('report.reportlist.designer.desc') },
                          ]}
                          onChange={(dir: 'asc' | 'desc') =>
                            update((now) => ({ ...now, sort: replaceAt(now.sort, index, { ...sort, dir }) }))
                          }
                        />
                        <Button
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={t('report.reportlist.designer.removeSort', { index: n })}
                          title={t('report.reportlist.designer.removeSort', { index: n })}
                          onClick={() => update((now) => ({ ...now, sort: removeAt(now.sort, index) }))}
                        />
                      </Space>
                    );
                  })}
                  <div>
                    <Button
                      icon={<PlusOutlined aria-hidden />}
                      disabled={definition.sort.length >= MAX_SORTS || fields.length === 0}
                      onClick={() =>
                        update((now) => ({
                          ...now,
                          sort: [...now.sort, { field: now.columns[0] ?? fields[0]!.key, dir: 'asc' }],
                        }))
                      }
                    >
                      {t('report.reportlist.designer.addSort')}
                    </Button>
                  </div>
                </Flex>
              </Panel>

              <Panel
                title={t('report.reportlist.designer.filters')}
                help={t('report.reportlist.designer.filtersHelp')}
              >
                <Flex vertical gap={8}>
                  {definition.filters.map((filter, index) => {
                    const n = index + 1;
                    const filterable = fields.filter((field) => field.filterable);
                    const filterField = fieldOf(dataSet, filter.field);
                    return (
                      <Space key={index} wrap>
                        <Select
                          style={{ width: 160 }}
                          aria-label={t('report.reportlist.designer.filterField', { index: n })}
                          value={filter.field}
                          options={fieldOptions(filterable)}
                          onChange={(field: string) =>
                            update((now) => {
                              const ops = opsOf(fieldOf(dataSet, field));
                              const op = ops.includes(filter.op) ? filter.op : ops[0]!;
                              return {
                                ...now,
                                filters: replaceAt(now.filters, index, { ...filter, field, op }),
                              };
                            })
                          }
                        />
                        <Select
                          style={{ width: 100 }}
                          aria-label={t('report.reportlist.designer.filterOp', { index: n })}
                          value={filter.op}
                          options={opsOf(filterField).map((op) => ({
                            value: op,
                            label: t(`report.reportlist.op.${op}`),
                          }))}
                          onChange={(op: FilterOp) =>
                            update((now) => ({
                              ...now,
                              filters: replaceAt(now.filters, index, { ...filter, op }),
                            }))
                          }
                        />
                        {filterField && filterDict(filterField, filter.op) ? (
                          <DictValueSelect
                            style={{ width: 180 }}
                            aria-label={t('report.reportlist.designer.filterDefault', { index: n })}
                            placeholder={t('report.reportlist.designer.defaultValue')}
                            field={filterField}
                            value={filter.defaultValue}
                            onChange={(picked) => setDefault(filter, index, picked)}
                          />
                        ) : (
                          <Input
                            style={{ width: 180 }}
                            aria-label={t('report.reportlist.designer.filterDefault', { index: n })}
                            placeholder={t('report.reportlist.designer.defaultValue')}
                            maxLength={200}
                            value={
                              filter.defaultValue === null || filter.defaultValue === undefined
                                ? ''
                                : String(filter.defaultValue)
                            }
                            onChange={(event) => setDefault(filter, index, event.target.value)}
                          />
                        )}
                        <Button
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={t('report.reportlist.designer.removeFilter', { index: n })}
                          title={t('report.reportlist.designer.removeFilter', { index: n })}
                          onClick={() => update((now) => ({ ...now, filters: removeAt(now.filters, index) }))}
                        />
                      </Space>
                    );
                  })}
                  <div>
                    <Button
                      icon={<PlusOutlined aria-hidden />}
                      disabled={
                        definition.filters.length >= MAX_FILTERS || !fields.some((field) => field.filterable)
                      }
                      onClick={() =>
                        update((now) => {
                          const field = fields.find((one) => one.filterable)!;
                          return {
                            ...now,
                            filters: [...now.filters, { field: field.key, op: opsOf(field)[0]! }],
                          };
                        })
                      }
                    >
                      {t('report.reportlist.designer.addFilter')}
                    </Button>
                  </div>
                </Flex>
              </Panel>

              <Panel title={t('report.reportlist.designer.chart')}>
                {!chartReady && (
                  <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
                    {t('report.reportlist.designer.chartNeeds')}
                  </Typography.Paragraph>
                )}
                <fieldset style={{ border: 0, margin: 0, padding: 0 }} disabled={!chartReady}>
                  <legend className="report-sr-only">{t('report.reportlist.designer.chartType')}</legend>
                  <Radio.Group
                    disabled={!chartReady}
                    value={definition.chart?.type ?? 'none'}
                    options={[
                      { value: 'none', label: t('report.reportlist.chartType.none') },
                      ...CHART_TYPES.map((type) => ({
                        value: type,
                        label: t(`report.reportlist.chartType.${type}`),
                      })),
                    ]}
                    onChange={(event) => {
                      const type = event.target.value as ChartType | 'none';
                      update((now) => ({
                        ...now,
                        chart:
                          type === 'none'
                            ? null
                            : {
                                type,
                                groupField: now.chart?.groupField ?? now.groupBy[0]!,
                                valueAggregate: now.chart?.valueAggregate ?? 0,
                              },
                      }));
                    }}
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
                          onChange={(groupField: string) =>
                            update((now) => ({ ...now, chart: now.chart && { ...now.chart, groupField } }))
                          }
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
                            label: `${fnLabel(aggregate.fn)} ${labelOf(aggregate.field)}`,
                          }))}
                          onChange={(valueAggregate: number) =>
                            update((now) => ({
                              ...now,
                              chart: now.chart && { ...now.chart, valueAggregate },
                            }))
                          }
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                )}
              </Panel>
            </>
          )}
        </Col>

        <Col xs={24} xl={13}>
          <Panel
            title={t('report.reportlist.designer.preview')}
            help={t('report.reportlist.designer.previewHelp')}
          >
            <section aria-label={t('report.reportlist.designer.preview')} aria-busy={preview.isFetching}>
              {!canRun ? (
                <Empty description={t('report.reportlist.designer.previewNeeds')} />
              ) : preview.isError ? (
                <Alert
                  type="error"
                  showIcon
                  title={t('report.reportlist.designer.previewFailed')}
                  description={previewError}
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
        </Col>
      </Row>
    </>
  );
}
