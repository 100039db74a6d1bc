import type { Kysely } from 'kysely';
import type { Database } from '../../../src/db/schema.js';

/** The district hospitals are placed in by the business tests (the template holds no regions). */
export const DONGCHENG = '110101';

/** Adds 北京市 › 市辖区 › 东城区 (110101) to the regions of a test database. */
export async function addDongcheng(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('blade_region')
    .values({
      code: DONGCHENG,
      parent_code: '1101',
      ancestors: '00,11,1101',
      name: '东城区',
      province_code: '11',
      province_name: '北京市',
      city_code: '1101',
      city_name: '市辖区',
      district_code: DONGCHENG,
      district_name: '东城区',
      town_code: null,
      town_name: null,
      village_code: null,
      village_name: null,
      level: 3,
      sort: 1,
      remark: null,
    })
    .execute();
}

/** A province (level 1) or city (level 2) of a test's own, under the root 00. */
export function regionRow(
  code: string,
  parentCode: string,
  name: string,
  level: 1 | 2,
  provinceName: string,
) {
  return {
    code,
    parent_code: parentCode,
    ancestors: level === 1 ? '00' : `00,${parentCode}`,
    name,
    province_code: code.slice(0, 2),
    province_name: provinceName,
    city_code: level === 2 ? code : null,
    city_name: level === 2 ? name : null,
    district_code: null,
    district_name: null,
    town_code: null,
    town_name: null,
    village_code: null,
    village_name: null,
    level,
    sort: 1,
    remark: null,
  };
}
