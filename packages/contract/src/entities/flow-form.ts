import { Type, type Static } from 'typebox';
import { FORM_KEY_PATTERN, FORM_LIMITS, type FormDefinition } from '../flow-form.js';
import { AuditFieldsSchema, IdString, Nullable, OptionalText, RequiredText, SubmitId } from '../schema.js';

// Forms designed in the console (issue 51, 表单设计): a form has a key, a name and versions; each
// version holds a definition (fields and layout). Saving a draft rewrites its version; saving a
// published form makes a new version, so what was published stays as it was.

/** A field as submit takes it: its type and key are checked by name after the schema (400 naming them). */
export const FormFieldSchema = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 200, 'x-label': 'flow.form.field.key' }),
    type: Type.String({ minLength: 1, maxLength: 32, 'x-label': 'flow.form.field.type' }),
    label: Type.Object(
      {
        zh: Type.String({ maxLength: FORM_LIMITS.label, 'x-label': 'flow.form.field.label' }),
        en: Type.Optional(
          Nullable(Type.String({ maxLength: FORM_LIMITS.label, 'x-label': 'flow.form.field.label' })),
        ),
      },
      { additionalProperties: false },
    ),
    required: Type.Optional(Type.Boolean()),
    searchable: Type.Optional(Type.Boolean()),
    min: Type.Optional(Nullable(Type.Number({ 'x-label': 'flow.form.field.min' }))),
    max: Type.Optional(Nullable(Type.Number({ 'x-label': 'flow.form.field.max' }))),
    pattern: Type.Optional(
      Nullable(Type.String({ maxLength: FORM_LIMITS.pattern, 'x-label': 'flow.form.field.pattern' })),
    ),
    dict: Type.Optional(
      Nullable(Type.String({ maxLength: FORM_LIMITS.dictCode, 'x-label': 'flow.form.field.dict' })),
    ),
    biz: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const FormDefinitionSchema = Type.Object(
  {
    layout: Type.Union([Type.Literal(1), Type.Literal(2)], { 'x-label': 'flow.form.layout' }),
    fields: Type.Array(FormFieldSchema, { maxItems: 200, 'x-label': 'flow.form.fields' }),
  },
  { additionalProperties: false },
);
// The wire's definition is the contract's FormDefinition (the designer and the checks use that type).
export type FormDefinitionWire = Static<typeof FormDefinitionSchema>;
const sameDefinition: FormDefinitionWire extends FormDefinition ? true : false = true;
void sameDefinition;

/** A form in lists (blade_flow_form): its latest version's number, not its definition. */
export const FlowFormSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  formKey: Type.String(),
  name: Type.String(),
  category: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  /** The latest version. */
  version: Type.Integer(),
  /** 1: published (a save makes a new version); 0: a draft (a save rewrites the version). */
  published: Type.Integer(),
  /** How many fields the latest version has. */
  fieldCount: Type.Integer(),
});
export type FlowForm = Static<typeof FlowFormSchema>;

/** One saved version of a form. */
export const FlowFormVersionSchema = Type.Object({
  version: Type.Integer(),
  createUser: Nullable(Type.String()),
  createTime: Nullable(Type.String()),
});
export type FlowFormVersion = Static<typeof FlowFormVersionSchema>;

/** form/detail: the form with the definition of its latest version (or the one asked), and its versions. */
export const FlowFormDetailSchema = Type.Object({
  ...FlowFormSchema.properties,
  /** The version whose definition this is. */
  definitionVersion: Type.Integer(),
  definition: FormDefinitionSchema,
  versions: Type.Array(FlowFormVersionSchema),
});
export type FlowFormDetail = Static<typeof FlowFormDetailSchema>;

/** form/detail's query: `version` picks an earlier version's definition. */
export const FlowFormDetailQuery = Type.Object({
  id: IdString,
  version: Type.Optional(Type.Integer({ minimum: 1, 'x-label': 'flow.form.version' })),
});

/** form/submit. */
export const FlowFormInputSchema = Type.Object(
  {
    id: SubmitId,
    formKey: Type.String({
      minLength: 1,
      maxLength: FORM_LIMITS.formKey,
      pattern: FORM_KEY_PATTERN,
      'x-label': 'flow.form.formKey',
      'x-required': 'flow.form.formKey.required',
    }),
    name: RequiredText(FORM_LIMITS.name, { label: 'flow.form.name', required: 'flow.form.name.required' }),
    category: OptionalText(FORM_LIMITS.category, { label: 'flow.category' }),
    remark: OptionalText(FORM_LIMITS.remark, { label: 'flow.form.remark' }),
    /** 1 publishes the form (it stays published); absent keeps what it was (a new form: a draft). */
    published: Type.Optional(
      Type.Union([Type.Literal(0), Type.Literal(1)], { 'x-label': 'flow.form.published' }),
    ),
    definition: FormDefinitionSchema,
  },
  { additionalProperties: false },
);
export type FlowFormInput = Static<typeof FlowFormInputSchema>;

/** form/validate: data checked against a form's latest version (or the one named). */
export const FlowFormValidateInputSchema = Type.Object(
  {
    id: IdString,
    version: Type.Optional(Type.Integer({ minimum: 1, 'x-label': 'flow.form.version' })),
    data: Type.Record(Type.String({ maxLength: 200 }), Type.Unknown(), { 'x-label': 'flow.form.data' }),
  },
  { additionalProperties: false },
);
export type FlowFormValidateInput = Static<typeof FlowFormValidateInputSchema>;

/** form/validate's answer: each faulty field's message, by field key (none: the data is valid). */
export const FlowFormValidationSchema = Type.Object({
  valid: Type.Boolean(),
  errors: Type.Record(Type.String(), Type.String()),
});
export type FlowFormValidation = Static<typeof FlowFormValidationSchema>;

// The server takes the constants and the definition's checks from here (the console from '@console/contract/flow').
export * from '../flow-form.js';

/** How a start event or a user task shows a field of its form (issue 51, part D). */
export const FormFieldAccessSchema = Type.Union([
  Type.Literal('hidden'),
  Type.Literal('readonly'),
  Type.Literal('editable'),
]);
export type FormFieldAccess = Static<typeof FormFieldAccessSchema>;

/**
 * A process's designed form as one reader sees it (work/start-form, process/form-data): the pinned
 * version's definition with the fields hidden from the reader left out, each shown field's access
 * (editable only where the reader's step sets it), and the instance's data for the shown fields.
 */
export const FlowBoundFormSchema = Type.Object({
  formKey: Type.String(),
  name: Type.String(),
  version: Type.Integer(),
  definition: FormDefinitionSchema,
  access: Type.Record(Type.String(), FormFieldAccessSchema),
  data: Type.Record(Type.String(), Type.Unknown()),
  /** The task whose editable fields these are (the handling dialog's); null: read-only. */
  taskId: Nullable(Type.String()),
});
export type FlowBoundForm = Static<typeof FlowBoundFormSchema>;
