import { DICT_PARENT_KEY } from '@console/contract';
import type { Language } from '../../../core/i18n.js';
import type { Store } from '../../../core/repository/store.js';
import { liveRows, unscoped } from '../../../core/repository/unscoped.js';
import { BUSINESS_DICT_ENGLISH, DICTIONARIES } from '../../../db/seed/dictionaries.js';

/**
 * A system dictionary's labels by key, as an export writes them: the stored values, in English the
 * seeded translation while the stored value is still the seeded one (an administrator's own wording
 * is never replaced).
 */
export async function dictLabels(
  store: Store,
  code: string,
  language: Language,
): Promise<Map<string, string>> {
  // blade_dict is the platform's: no tenant column to scope by.
  const rows = await unscoped(store)
    .selectFrom('blade_dict as d')
    .select(['d.dict_key', 'd.dict_value'])
    .where(liveRows('d'))
    .where('d.code', '=', code)
    .where('d.dict_key', '<>', DICT_PARENT_KEY)
    .execute();
  const seeded = new Map(DICTIONARIES.find((d) => d.code === code)?.entries ?? []);
  const english = BUSINESS_DICT_ENGLISH[code] ?? {};
  return new Map(
    rows.map((r) => [
      r.dict_key,
      language === 'en' && english[r.dict_key] && seeded.get(r.dict_key) === r.dict_value
        ? english[r.dict_key]!
        : r.dict_value,
    ]),
  );
}
