import { Type, type Static } from 'typebox';
import { PARAM_LIMITS, PARAM_VISIBILITY, type ParamVisibility } from '../entities.js';
import {
  AuditFieldsSchema,
  IntegerField,
  Nullable,
  OptionalText,
  RequiredText,
  SubmitId,
} from '../schema.js';

/** A system parameter (blade_param): platform-wide key/value settings. */
export const ParamSchema = Type.Object({
  ...AuditFieldsSchema,
  paramName: Type.String(),
  paramKey: Type.String(),
  paramValue: Type.String(),
  remark: Nullable(Type.String()),
  /** An integer on the wire, one of PARAM_VISIBILITY (submit allows no other). */
  visibility: Type.Unsafe<ParamVisibility>(Type.Integer()),
});

export type Param = Static<typeof ParamSchema>;

/** submit: no id creates, an id updates. Undeclared fields (createTime, …) are dropped. */
export const ParamInputSchema = Type.Object(
  {
    id: SubmitId,
    paramName: RequiredText(PARAM_LIMITS.paramName, {
      label: 'param.paramName',
      required: 'param.paramName.required',
    }),
    paramKey: RequiredText(PARAM_LIMITS.paramKey, {
      label: 'param.paramKey',
      required: 'param.paramKey.required',
    }),
    paramValue: RequiredText(PARAM_LIMITS.paramValue, {
      label: 'param.paramValue',
      required: 'param.paramValue.required',
    }),
    remark: OptionalText(PARAM_LIMITS.remark, { label: 'param.remark' }),
    /** Private (0) when left out on create; kept when left out on update. */
    visibility: Type.Optional(
      Type.Unsafe<ParamVisibility>(
        IntegerField(
          { label: 'param.visibility' },
          { minimum: PARAM_VISIBILITY.PRIVATE, maximum: PARAM_VISIBILITY.PUBLIC },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);

export type ParamInput = Static<typeof ParamInputSchema>;
