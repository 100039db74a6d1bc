import { Type, type Static } from 'typebox';
import { AuditFieldsSchema, Nullable, RequiredText, SubmitId } from '../schema.js';

// Reports (issue 19): a definition names a data set declared in the server's code
// (server/src/modules/report/data-sets.ts) and, by field keys of that data set only, the filters a
// viewer may set, the columns, the grouping, the aggregates, the sort and an optional chart. No SQL
// text is ever part of a definition: the server checks every key against the data set.

const FieldKey = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9]*$' });
const FilterValue = Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Null()]);

export const REPORT_AGGREGATE_FNS = ['count', 'sum', 'avg', 'min', 'max'] as const;
export const REPORT_FILTER_OPS = ['eq', 'like', 'gte', 'lte'] as const;
export const REPORT_CHART_TYPES = ['bar', 'line', 'pie'] as const;

export const ReportAggregateSchema = Type.Object(
  {
    field: FieldKey,
    fn: Type.Union([
      Type.Literal('count'),
      Type.Literal('sum'),
      Type.Literal('avg'),
      Type.Literal('min'),
      Type.Literal('max'),
    ]),
  },
  { additionalProperties: false },
);
export type ReportAggregate = Static<typeof ReportAggregateSchema>;

export const ReportFilterSchema = Type.Object(
  {
    field: FieldKey,
    op: Type.Union([Type.Literal('eq'), Type.Literal('like'), Type.Literal('gte'), Type.Literal('lte')]),
    /** The value a viewer starts with (absent or null: no condition until set). */
    defaultValue: Type.Optional(FilterValue),
  },
  { additionalProperties: false },
);
export type ReportFilter = Static<typeof ReportFilterSchema>;

export const ReportDefinitionSchema = Type.Object(
  {
    filters: Type.Array(ReportFilterSchema, { maxItems: 20 }),
    columns: Type.Array(FieldKey, { minItems: 1, maxItems: 40 }),
    /** Up to two fields; a `field:month` key groups a date field by month. */
    groupBy: Type.Array(
      Type.String({ minLength: 1, maxLength: 70, pattern: '^[A-Za-z][A-Za-z0-9]*(:month)?$' }),
      {
        maxItems: 2,
      },
    ),
    aggregates: Type.Array(ReportAggregateSchema, { maxItems: 10 }),
    sort: Type.Array(
      Type.Object(
        { field: FieldKey, dir: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) },
        { additionalProperties: false },
      ),
      { maxItems: 5 },
    ),
    chart: Type.Optional(
      Nullable(
        Type.Object(
          {
            type: Type.Union([Type.Literal('bar'), Type.Literal('line'), Type.Literal('pie')]),
            /** One of groupBy. */
            groupField: Type.String({ minLength: 1, maxLength: 70 }),
            /** The index of an aggregate in `aggregates`. */
            valueAggregate: Type.Integer({ minimum: 0, maximum: 9 }),
          },
          { additionalProperties: false },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);
export type ReportDefinition = Static<typeof ReportDefinitionSchema>;

/** A report definition (blade_report) of a tenant. */
export const ReportSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  name: Type.String(),
  dataSet: Type.String(),
  definition: ReportDefinitionSchema,
  author: Nullable(Type.String()),
});
export type Report = Static<typeof ReportSchema>;

export const REPORT_LIMITS = { name: 100, dataSet: 32 } as const;

/** submit: no id creates, an id updates. */
export const ReportInputSchema = Type.Object(
  {
    id: SubmitId,
    name: RequiredText(REPORT_LIMITS.name, { label: 'report.name', required: 'report.name.required' }),
    dataSet: RequiredText(REPORT_LIMITS.dataSet, {
      label: 'report.dataSet',
      required: 'report.dataSet.required',
    }),
    definition: ReportDefinitionSchema,
  },
  { additionalProperties: false },
);
export type ReportInput = Static<typeof ReportInputSchema>;

/** run: a stored report (id) or a definition being designed, the viewer's filter values, a page. */
export const ReportRunSchema = Type.Object(
  {
    id: Type.Optional(Type.String({ pattern: '^[0-9]{1,19}$' })),
    dataSet: Type.Optional(Type.String({ maxLength: REPORT_LIMITS.dataSet })),
    definition: Type.Optional(ReportDefinitionSchema),
    /** Filter values by the filter's index in the definition (absent: its default). */
    values: Type.Optional(Type.Array(FilterValue, { maxItems: 20 })),
    current: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
);
export type ReportRun = Static<typeof ReportRunSchema>;

const Cell = Type.Union([Type.String(), Type.Number(), Type.Null()]);

export const ReportResultSchema = Type.Object({
  columns: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), type: Type.String() })),
  rows: Type.Array(Type.Record(Type.String(), Cell)),
  total: Type.Integer(),
  current: Type.Integer(),
  size: Type.Integer(),
  /** Aggregates per group (the full groupBy, then, with two fields, per first field: level 1). */
  groups: Type.Array(
    Type.Object({
      level: Type.Integer(),
      keys: Type.Record(Type.String(), Cell),
      labels: Type.Record(Type.String(), Cell),
      values: Type.Array(Nullable(Type.Number())),
    }),
  ),
  aggregates: Type.Array(Type.Object({ field: Type.String(), fn: Type.String(), label: Type.String() })),
  grandTotal: Type.Array(Nullable(Type.Number())),
  chart: Nullable(
    Type.Object({
      type: Type.String(),
      series: Type.Array(Type.Object({ name: Type.String(), value: Nullable(Type.Number()) })),
    }),
  ),
});
export type ReportResult = Static<typeof ReportResultSchema>;

/** A data set as the designer sees it: its fields and what each may do. */
export const ReportDataSetSchema = Type.Object({
  code: Type.String(),
  label: Type.String(),
  fields: Type.Array(
    Type.Object({
      key: Type.String(),
      label: Type.String(),
      type: Type.String(),
      groupable: Type.Boolean(),
      aggregatable: Type.Boolean(),
      filterable: Type.Boolean(),
      /** The system dictionary whose labels the values are shown by (a viewer's filter offers them). */
      dict: Type.Optional(Type.String()),
      /**
       * The kind of record an id field names (`hospital`, `user`, `machine`): its values are shown by
       * the record's name, and a viewer's filter picks the record by name.
       */
      names: Type.Optional(
        Type.Union([Type.Literal('hospital'), Type.Literal('user'), Type.Literal('machine')]),
      ),
    }),
  ),
});
export type ReportDataSet = Static<typeof ReportDataSetSchema>;

export const ReportExportQuery = Type.Object({
  id: Type.String({ pattern: '^[0-9]{1,19}$' }),
  format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('csv')])),
  /** The viewer's filter values, a JSON array by the filter's index (absent: the defaults). */
  values: Type.Optional(Type.String({ maxLength: 5000 })),
});

/** The filter values of an export's `values`: what ReportRun's `values` holds. */
export const ReportFilterValuesSchema = Type.Array(FilterValue, { maxItems: 20 });
