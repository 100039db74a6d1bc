import { DICT_PARENT_KEY } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { DICTIONARIES, dictionaryRows } from './dictionaries.js';
import { flattenMenus, menuId, menuRow, systemAudit } from './menus.js';

// Seed rows added after the first release reach databases seeded before them through a migration
// (the seed itself runs only on an empty database). On a new database the migration finds no menus
// and no dictionaries and adds nothing: the seed that follows writes the whole set.

/**
 * Buttons of the menu tree missing under a page that exists: inserted with their stable ids, and
 * granted to every role that holds the page (so a role that could use the page keeps what it
 * could do; nobody gains a page they did not have).
 */
export async function insertMissingButtons(raw: Kysely<unknown>): Promise<number> {
  const db = raw as Kysely<Database>;
  const menus = flattenMenus();
  const present = new Set(
    (await db.selectFrom('blade_menu').select('id').execute()).map((row) => String(row.id)),
  );
  if (present.size === 0) return 0;
  let added = 0;
  for (const menu of menus) {
    if (present.has(menu.id) || !present.has(menu.parentId)) continue;
    await db
      .insertInto('blade_menu')
      .values({ ...menuRow(menu), ...systemAudit() })
      .execute();
    const holders = await db
      .selectFrom('blade_role_menu')
      .select('role_id')
      .where('menu_id', '=', BigInt(menu.parentId))
      .execute();
    for (const { role_id } of holders)
      await db
        .insertInto('blade_role_menu')
        .values({
          id: BigInt(menuId(`blade_role_menu:${String(role_id)}:${menu.code}`)),
          menu_id: BigInt(menu.id),
          role_id: BigInt(String(role_id)),
        })
        .execute();
    present.add(menu.id);
    added++;
  }
  return added;
}

/** Dictionaries of the seed that a seeded blade_dict lacks entirely (by code). */
export async function insertMissingDictionaries(raw: Kysely<unknown>): Promise<number> {
  const db = raw as Kysely<Database>;
  const codes = new Set(
    (await db.selectFrom('blade_dict').select('code').where('dict_key', '=', DICT_PARENT_KEY).execute()).map(
      (row) => row.code,
    ),
  );
  if (codes.size === 0) return 0;
  const missing = new Set(DICTIONARIES.map((d) => d.code).filter((code) => !codes.has(code)));
  const rows = dictionaryRows(systemAudit()).filter((row) => missing.has(row.code));
  if (rows.length > 0) await db.insertInto('blade_dict').values(rows).execute();
  return rows.length;
}
