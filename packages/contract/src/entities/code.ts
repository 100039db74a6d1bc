import { Type, type Static } from 'typebox';
import { AuditFieldsSchema, IdString, Nullable, OptionalText, RequiredText, SubmitId } from '../schema.js';

// Code generation records (研发工具 › 代码生成, issue 18): which table of which data source becomes
// a module of this project, under which names, and how each column shows in the page.

export const CODE_LIMITS = {
  codeName: 64,
  tableName: 64,
  moduleName: 32,
  apiPrefix: 100,
  pageTitle: 64,
  columns: 200,
  label: 64,
  dict: 64,
  serviceName: 64,
} as const;

/**
 * The names of a code record, which the code generator writes into source as they are (a name is
 * checked, never escaped): submit refuses others, and so does the generator (a record stored some
 * other way).
 */
export const CODE_NAME_PATTERNS = {
  tableName: '^[A-Za-z_][A-Za-z0-9_]*$',
  /** The module's folder and file names: lower case, e.g. `device` or `cabinet-door`. */
  moduleName: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$',
  /** The API's base path, e.g. `/api/zxgxg-api/device`. */
  apiPrefix: '^/api(/[a-z0-9][a-z0-9-]*)+$',
  column: '^[A-Za-z_][A-Za-z0-9_]*$',
  /** A system dictionary's code; empty: none. */
  dict: '^[A-Za-z0-9_]*$',
} as const;

/** One column of the table as the generated module treats it. */
export const CodeColumnSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64, pattern: CODE_NAME_PATTERNS.column }),
    label: Type.String({ minLength: 1, maxLength: CODE_LIMITS.label }),
    dataType: Type.String({ maxLength: 64 }),
    control: Type.Union([
      Type.Literal('input'),
      Type.Literal('textarea'),
      Type.Literal('number'),
      Type.Literal('select'),
      Type.Literal('radio'),
      Type.Literal('date'),
      Type.Literal('datetime'),
    ]),
    required: Type.Boolean(),
    searchable: Type.Boolean(),
    inTable: Type.Boolean(),
    /** A system dictionary's code whose items the select or radio offers. */
    dict: Type.Optional(
      Nullable(Type.String({ maxLength: CODE_LIMITS.dict, pattern: CODE_NAME_PATTERNS.dict })),
    ),
  },
  { additionalProperties: false },
);
export type CodeColumn = Static<typeof CodeColumnSchema>;

export const CodeSchema = Type.Object({
  ...AuditFieldsSchema,
  codeName: Type.String(),
  datasourceId: Type.String(),
  tableName: Type.String(),
  moduleName: Type.String(),
  apiPrefix: Type.String(),
  menuParentId: Nullable(Type.String()),
  pageTitle: Type.String(),
  columns: Type.Array(CodeColumnSchema),
});
export type Code = Static<typeof CodeSchema>;

export const CodeInputSchema = Type.Object(
  {
    id: SubmitId,
    codeName: RequiredText(CODE_LIMITS.codeName, {
      label: 'code.codeName',
      required: 'code.codeName.required',
    }),
    datasourceId: Type.String({
      pattern: '^\\d{1,19}$',
      'x-label': 'code.datasourceId',
      'x-required': 'code.datasourceId.required',
    }),
    tableName: Type.String({
      minLength: 1,
      maxLength: CODE_LIMITS.tableName,
      pattern: CODE_NAME_PATTERNS.tableName,
      'x-label': 'code.tableName',
      'x-required': 'code.tableName.required',
    }),
    /** Absent (BladeX's form): the table's name without `tablePrefix`, in kebab case. */
    moduleName: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: CODE_LIMITS.moduleName,
        pattern: CODE_NAME_PATTERNS.moduleName,
        'x-label': 'code.moduleName',
        'x-required': 'code.moduleName.required',
      }),
    ),
    /** Absent (BladeX's form): `/api/<serviceName>/<moduleName>`. */
    apiPrefix: Type.Optional(
      Type.String({
        minLength: 2,
        maxLength: CODE_LIMITS.apiPrefix,
        pattern: CODE_NAME_PATTERNS.apiPrefix,
        'x-label': 'code.apiPrefix',
        'x-required': 'code.apiPrefix.required',
      }),
    ),
    menuParentId: Type.Optional(Nullable(Type.Union([IdString, Type.Literal('')]))),
    /** Absent (BladeX's form): the record's name. */
    pageTitle: Type.Optional(
      RequiredText(CODE_LIMITS.pageTitle, {
        label: 'code.pageTitle',
        required: 'code.pageTitle.required',
      }),
    ),
    /** Absent (BladeX's form): the table's columns as read, as the console's 从表读取列 fills them. */
    columns: Type.Optional(Type.Array(CodeColumnSchema, { maxItems: CODE_LIMITS.columns })),
    /** BladeX's form: its service (`blade-desk`) and table prefix (`blade_`), which name the above. */
    serviceName: OptionalText(CODE_LIMITS.serviceName, { label: 'code.serviceName' }),
    tablePrefix: OptionalText(CODE_LIMITS.tableName, { label: 'code.tablePrefix' }),
  },
  { additionalProperties: false },
);
export type CodeInput = Static<typeof CodeInputSchema>;
