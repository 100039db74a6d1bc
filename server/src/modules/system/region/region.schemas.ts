import { REGION_LIMITS } from '@console/contract';
import { Type } from 'typebox';
import { IntegerField, Nullable, OptionalText, RequiredText } from '../../../core/schema.js';

const regionFields = {
  code: Type.String(),
  parentCode: Type.String(),
  ancestors: Type.String(),
  name: Type.String(),
  level: Type.Integer(),
  sort: Type.Integer(),
  remark: Nullable(Type.String()),
  provinceCode: Nullable(Type.String()),
  provinceName: Nullable(Type.String()),
  cityCode: Nullable(Type.String()),
  cityName: Nullable(Type.String()),
  districtCode: Nullable(Type.String()),
  districtName: Nullable(Type.String()),
  townCode: Nullable(Type.String()),
  townName: Nullable(Type.String()),
  villageCode: Nullable(Type.String()),
  villageName: Nullable(Type.String()),
};

export const RegionSchema = Type.Object(regionFields);
export const RegionNodeSchema = Type.Object({ ...regionFields, hasChildren: Type.Boolean() });

/**
 * submit, in the form's order. Ancestors, level and the per-level codes and names are derived from
 * the parent; whatever else a body carries is dropped.
 */
export const RegionInputSchema = Type.Object(
  {
    parentCode: RequiredText(REGION_LIMITS.code, {
      label: 'region.parentCode',
      required: 'region.parentCode.required',
    }),
    code: RequiredText(REGION_LIMITS.code, { label: 'region.code', required: 'region.code.required' }),
    name: RequiredText(REGION_LIMITS.name, { label: 'region.name', required: 'region.name.required' }),
    sort: IntegerField({ label: 'region.sort', required: 'region.sort.required' }),
    remark: OptionalText(REGION_LIMITS.remark, { label: 'region.remark' }),
  },
  { additionalProperties: false },
);

const Code = (label: 'region.code' | 'region.parentCode') =>
  Type.String({ minLength: 1, maxLength: REGION_LIMITS.code, 'x-label': label });

export const RegionCodeQuery = Type.Object({ code: Code('region.code') });
/** remove takes the code as `id` (BladeX's region key is its code). */
export const RegionRemoveQuery = Type.Object({ id: Code('region.code') });
export const RegionParentQuery = Type.Object({
  parentCode: Type.Optional(Type.String({ maxLength: REGION_LIMITS.code })),
});
