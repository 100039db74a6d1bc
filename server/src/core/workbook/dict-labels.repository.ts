import { DICT_PARENT_KEY } from '@console/contract';
import type { Language } from '../i18n.js';
import { platformStore, type Store } from '../repository/store.js';
import { liveRows, unscoped } from '../repository/unscoped.js';
import { seededEnglish } from '../../db/seed/dictionaries.js';

/** A dictionary an export writes labels of: a system one (blade_dict) or the tenant's business one. */
export type DictRef = string | { code: string; biz: true };

/**
 * The labels of a dictionary's keys as the dictionary API answers them in `language`: the stored
 * value, and in English a system dictionary's seeded translation while the stored value is still
 * the seeded one (DictService.dictionary). A business dictionary is the tenant's own.
 */
export async function dictLabelsOf(
  store: Store,
  tenantId: string,
  dict: DictRef,
  language: Language,
): Promise<ReadonlyMap<string, string>> {
  // Both dictionary tables are the platform's (the main database).
  const db = unscoped(platformStore(store));
  if (typeof dict !== 'string') {
    const rows = await db
      .selectFrom('blade_dict_biz as d')
      .select(['d.dict_key', 'd.dict_value'])
      .where(liveRows('d', tenantId))
      .where('d.code', '=', dict.code)
      .where('d.dict_key', '<>', DICT_PARENT_KEY)
      .execute();
    return new Map(rows.map((r) => [String(r.dict_key), r.dict_value]));
  }
  const rows = await db
    .selectFrom('blade_dict as d')
    .select(['d.dict_key', 'd.dict_value'])
    .where(liveRows('d'))
    .where('d.code', '=', dict)
    .where('d.dict_key', '<>', DICT_PARENT_KEY)
    .execute();
  return new Map(
    rows.map((r) => [
      String(r.dict_key),
      (language === 'en' && seededEnglish(dict, String(r.dict_key), r.dict_value)) || r.dict_value,
    ]),
  );
}
