import { DICT_LIMITS } from '../entities.js';
import { Type, type Static } from 'typebox';
import {
  AuditFieldsSchema,
  IntegerField,
  Nullable,
  OptionalText,
  ParentIdString,
  RequiredText,
  SubmitId,
} from '../schema.js';

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
    id: SubmitId,
    code: RequiredText(DICT_LIMITS.code, { label: 'dict.code', required: 'dict.code.required' }),
    dictValue: RequiredText(DICT_LIMITS.dictValue, {
      label: 'dict.dictValue',
      required: 'dict.dictValue.required',
    }),
    parentId: Type.Optional(Nullable(ParentIdString('dict.parentId'))),
    dictKey: OptionalText(DICT_LIMITS.dictKey, { label: 'dict.dictKey' }),
    sort: IntegerField({ label: 'dict.sort', required: 'dict.sort.required' }),
    // Optional as in BladeX: a new entry without it is unsealed (0), an update keeps its own.
    isSealed: Type.Optional(
      IntegerField(
        { label: 'dict.isSealed', required: 'dict.isSealed.required' },
        { minimum: 0, maximum: 1 },
      ),
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

/**
 * A dictionary entry (blade_dict, platform-wide; blade_dict_biz, per tenant). A dictionary is a
 * parent (parentId '0', dictKey '-1') and its entries below it, all carrying the parent's code.
 * isSealed 1: the entry cannot be changed or removed until it is unsealed.
 */
export type Dict = Static<typeof DictSchema>;
/** An entry in `list` and `child-list` (trees). */
export type DictNode = Static<typeof DictNodeSchema>;
/** `dictionary?code=`: the entries of one dictionary, by sort (the console's select options). */
export type DictItem = Static<typeof DictItemSchema>;
/**
 * What `dict/submit` and `dict-biz/submit` take. Without parentId (or '0') a dictionary (a parent);
 * with one, an entry of that dictionary, whose code is the parent's whatever is sent.
 */
export type DictInput = Static<typeof DictInputSchema>;
