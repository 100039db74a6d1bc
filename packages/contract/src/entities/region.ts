import { REGION_LIMITS } from '../entities.js';
import { Type, type Static } from 'typebox';
import { IntegerField, Nullable, OptionalText, RequiredText } from '../schema.js';

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
/** `select?code=` (BladeX's select): the regions below `code`, by default below the country. */
export const RegionSelectQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: REGION_LIMITS.code })),
});

/**
 * A region of China (blade_region): keyed by its GB/T 2260 code (provinces 2 digits, cities 4,
 * districts 6), under `parentCode` ('00', the country, for provinces). `ancestors` lists the codes
 * from the country down to the parent; the code/name pairs repeat the region's own and its
 * ancestors' per level (1 province … 5 village).
 */
export type Region = Static<typeof RegionSchema>;
/**
 * What `region/submit` takes: a code that exists updates that region (its parent cannot change),
 * another creates one under parentCode. Ancestors, level and the code/name pairs are derived.
 */
export type RegionInput = Static<typeof RegionInputSchema>;
