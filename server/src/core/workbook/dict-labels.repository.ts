import { DICT_PARENT_KEY } from '@console/contract';
import type { Language } from '../i18n.js';
import { platformStore, type Store } from '../repository/store.js';
import { liveRows, unscoped } from '../repository/unscoped.js';
import { seededEnglish } from '../../db/seed/dictionaries.js';
import type { DictLabels } from './sheet-import.js';

/**
 * A system dictionary as a sheet uses it: the label of each key (the stored value; in English the
 * seeded translation while the stored value is still the seeded one, so an administrator's own
 * wording is never replaced), and the key of every label an import may meet, in either language.
 */
export async function dictLabels(store: Store, code: string, language: Language): Promise<DictLabels> {
  // blade_dict is the platform's (in the main database): no tenant column to scope by.
  const rows = await unscoped(platformStore(store))
    .selectFrom('blade_dict as d')
    .select(['d.dict_key', 'd.dict_value'])
    .where(liveRows('d'))
    .where('d.code', '=', code)
    .where('d.dict_key', '<>', DICT_PARENT_KEY)
    .execute();
  const inEnglish = (key: string, value: string) => seededEnglish(code, key, value);
  const keyOf = new Map<string, string>();
  for (const r of rows) {
    keyOf.set(r.dict_value, r.dict_key);
    const translated = inEnglish(r.dict_key, r.dict_value);
    if (translated) keyOf.set(translated, r.dict_key);
  }
  const shown = new Map(
    rows.map((r) => [r.dict_key, (language === 'en' && inEnglish(r.dict_key, r.dict_value)) || r.dict_value]),
  );
  return { shown, keyOf };
}
