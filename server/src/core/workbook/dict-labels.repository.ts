import { DICT_PARENT_KEY } from '@console/contract';
import type { Language } from '../i18n.js';
import { platformStore, type Store } from '../repository/store.js';
import { liveRows, unscoped } from '../repository/unscoped.js';
import { seededEnglish } from '../../db/seed/dictionaries.js';
import type { DictLabels } from './sheet-import.js';

/** A dictionary a sheet writes or reads labels of: a system one (blade_dict) or the tenant's business one. */
export type DictRef = string | { code: string; biz: true };

/**
 * A dictionary as a sheet uses it: the label of each key as the dictionary API answers it in
 * `language` (the stored value; in English a system dictionary's seeded translation while the stored
 * value is still the seeded one, so an administrator's own wording is never replaced), and the key
 * of every label an import may meet, in either language. A business dictionary is the tenant's own.
 */
export async function dictLabels(
  store: Store,
  dict: DictRef,
  language: Language,
  tenantId?: string,
): Promise<DictLabels> {
  // Both dictionary tables are the platform's (the main database).
  const db = unscoped(platformStore(store));
  const biz = typeof dict !== 'string';
  const code = biz ? dict.code : dict;
  // A business dictionary is always one tenant's: never read across tenants.
  if (biz && tenantId === undefined) throw new Error(`business dictionary ${code} read without a tenant`);
  const rows = biz
    ? await db
        .selectFrom('blade_dict_biz as d')
        .select(['d.dict_key', 'd.dict_value'])
        .where(liveRows('d', tenantId))
        .where('d.code', '=', code)
        .where('d.dict_key', '<>', DICT_PARENT_KEY)
        .execute()
    : await db
        .selectFrom('blade_dict as d')
        .select(['d.dict_key', 'd.dict_value'])
        .where(liveRows('d'))
        .where('d.code', '=', code)
        .where('d.dict_key', '<>', DICT_PARENT_KEY)
        .execute();
  const inEnglish = (key: string, value: string) => (biz ? undefined : seededEnglish(code, key, value));
  const keyOf = new Map<string, string>();
  const shown = new Map<string, string>();
  for (const r of rows) {
    const key = String(r.dict_key);
    const translated = inEnglish(key, r.dict_value);
    keyOf.set(r.dict_value, key);
    if (translated) keyOf.set(translated, key);
    shown.set(key, (language === 'en' && translated) || r.dict_value);
  }
  return { shown, keyOf };
}

/** The labels of a dictionary's keys in `language` (an export's cells). */
export async function dictLabelsOf(
  store: Store,
  tenantId: string,
  dict: DictRef,
  language: Language,
): Promise<ReadonlyMap<string, string>> {
  return (await dictLabels(store, dict, language, tenantId)).shown;
}
