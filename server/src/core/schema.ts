import { Type, type TSchema } from 'typebox';
import type { MessageKey } from './i18n.js';

// Schema helpers for route declarations. Two annotations carry the wording of validation errors:
// 'x-label' names the field in messages, 'x-required' is the message for a missing or blank value
// (the spec's 请输入参数名称 …). errors-to-response.ts reads them back from ajv's verbose errors.

export interface FieldText {
  label: MessageKey;
  required?: MessageKey;
}

const annotations = (text: FieldText) => ({
  'x-label': text.label,
  ...(text.required ? { 'x-required': text.required } : {}),
});

/** A required string that must not be blank. */
export const RequiredText = (maxLength: number, text: FieldText) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', ...annotations(text) });

/** An optional string (null or absent allowed). */
export const OptionalText = (maxLength: number, text: FieldText) =>
  Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength, ...annotations(text) })]));

/** A 64-bit id as the wire sends it: a decimal string. */
export const IdString = Type.String({ pattern: '^[1-9][0-9]{0,18}$', 'x-label': 'field.id' as MessageKey });

export const IdQuery = Type.Object({ id: IdString });
export const IdsQuery = Type.Object({ ids: Type.String({ minLength: 1, maxLength: 20_000 }) });

/** List calls take current, size, filters and sorts; parseListQuery checks them against a table. */
export const ListQuerySchema = Type.Record(
  Type.String(),
  Type.Union([Type.String(), Type.Array(Type.String())]),
);

export const ANNOTATION_KEYWORDS = ['x-label', 'x-required'] as const;

/** The R envelope around a data schema (response schemas also keep undeclared fields out: S5). */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), success: Type.Boolean(), data, msg: Type.String() });

export const PageOf = <T extends TSchema>(record: T) =>
  Type.Object({
    records: Type.Array(record),
    total: Type.Integer(),
    size: Type.Integer(),
    current: Type.Integer(),
    pages: Type.Integer(),
  });

// Null first: with type coercion on, ajv would otherwise turn null into "" for the string branch.
const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

/** The audit fields every entity answers with. */
export const AuditFieldsSchema = {
  id: Type.String(),
  createUser: Nullable(Type.String()),
  createDept: Nullable(Type.String()),
  createTime: Nullable(Type.String()),
  updateUser: Nullable(Type.String()),
  updateTime: Nullable(Type.String()),
  status: Type.Integer(),
  isDeleted: Type.Integer(),
};

export { Nullable };
