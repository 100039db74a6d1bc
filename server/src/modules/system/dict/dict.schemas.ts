import { DICT_LIMITS } from '@console/contract';
import { Type } from 'typebox';
import {
  AuditFieldsSchema,
  IdString,
  IntegerField,
  Nullable,
  OptionalText,
  ParentIdString,
  RequiredText,
} from '../../../core/schema.js';

const dictFields = {
  ...AuditFieldsSchema,
  parentId: Type.String(),
  code: Type.String(),
  dictKey: Type.String(),
  dictValue: Type.String(),
  sort: Type.Integer(),
  remark: Nullable(Type.String()),
  isSealed: Type.Integer(),
  /** Business dictionaries only. */
  tenantId: Type.Optional(Type.String()),
};

export const DictSchema = Type.Object(dictFields);

/** An entry of `list` and `child-list` (trees). */
export const DictNodeSchema = Type.Cyclic(
  {
    DictNode: Type.Object({
      ...dictFields,
      hasChildren: Type.Boolean(),
      children: Type.Optional(Type.Array(Type.Ref('DictNode'))),
    }),
  },
  'DictNode',
);

export const DictItemSchema = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  code: Type.String(),
  dictKey: Type.String(),
  dictValue: Type.String(),
  sort: Type.Integer(),
  remark: Nullable(Type.String()),
});

/**
 * submit, in the order of the child form (the parent form is the same without parentId and
 * dictKey): code, name, parent, key, sort, sealed, remark. An entry's key is required by the
 * service (a dictionary has none); its code is taken from its parent.
 */
export const DictInputSchema = Type.Object(
  {
    id: Type.Optional(Nullable(Type.Union([IdString, Type.Literal('')]))),
    code: RequiredText(DICT_LIMITS.code, { label: 'dict.code', required: 'dict.code.required' }),
    dictValue: RequiredText(DICT_LIMITS.dictValue, {
      label: 'dict.dictValue',
      required: 'dict.dictValue.required',
    }),
    parentId: Type.Optional(Nullable(ParentIdString('dict.parentId'))),
    dictKey: OptionalText(DICT_LIMITS.dictKey, { label: 'dict.dictKey' }),
    sort: IntegerField({ label: 'dict.sort', required: 'dict.sort.required' }),
    isSealed: IntegerField(
      { label: 'dict.isSealed', required: 'dict.isSealed.required' },
      { minimum: 0, maximum: 1 },
    ),
    remark: OptionalText(DICT_LIMITS.remark, { label: 'dict.remark' }),
  },
  { additionalProperties: false },
);

export const DictTreeQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: DICT_LIMITS.code })),
});
export const DictionaryQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: DICT_LIMITS.code })),
});
