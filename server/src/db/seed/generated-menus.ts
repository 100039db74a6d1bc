import { MENU_CATEGORY, MENU_OPEN, ROOT_PARENT_ID } from '@console/contract';
import type { Kysely } from 'kysely';
import { loadGeneratedModules, type GeneratedMenu } from '../generated-modules.js';
import type { Database } from '../schema.js';
import { menuId, menuRow, type MenuSeed, systemAudit } from './menus.js';
import { SEED_IDS } from './seed.js';

// The pages of generated modules (db/generated-modules.ts) in the menu tree: each start of the
// server (main.ts, after the seed) adds a generated page and its buttons that the menu table lacks,
// under the menu its module names by code, with the stable ids of the seed (menuId), so a new
// installation and an existing one end the same. A page the administrator deleted stays deleted
// (its row is there, marked). A new page and its buttons are granted to the platform's
// administrator role; a button added to a page that exists, to the roles holding the page.
// The seed itself (seed.ts) writes the console's own tree only: test databases hold exactly that,
// and a generated module's test adds its page as the start does (seedGeneratedMenus).

/** The module's page and buttons as seed nodes (the page first). */
export function generatedMenuSeed(menu: GeneratedMenu): MenuSeed {
  const node = (code: string, name: string, path: string, source: string, sort: number) => ({
    code,
    name,
    path,
    source,
    sort,
    category: MENU_CATEGORY.MENU as number,
    action: 0,
    isOpen: MENU_OPEN.SAME_WINDOW as number,
    alias: 'menu',
    children: [] as MenuSeed[],
  });
  return {
    ...node(menu.code, menu.name, menu.path, menu.source, menu.sort),
    children: menu.buttons.map((button, index) => ({
      ...node(button.code, button.name, `${menu.path}/${button.alias}`, button.source, index + 1),
      category: MENU_CATEGORY.BUTTON,
      action: button.action,
      alias: button.alias,
    })),
  };
}

/**
 * Adds the generated pages and buttons the menu table lacks; answers how many rows it added. Does
 * nothing on a database not seeded yet (the seed runs first).
 */
export async function ensureGeneratedMenus(
  db: Kysely<Database>,
  menus: readonly GeneratedMenu[],
  administratorRoleId: string,
): Promise<number> {
  if (menus.length === 0) return 0;
  const rows = await db.selectFrom('blade_menu').select(['id', 'code', 'is_deleted']).execute();
  if (rows.length === 0) return 0;
  const present = new Set(rows.map((row) => String(row.id)));
  const liveByCode = new Map(
    rows.filter((row) => Number(row.is_deleted) === 0).map((row) => [row.code, String(row.id)]),
  );
  let added = 0;
  for (const menu of menus) {
    const page = generatedMenuSeed(menu);
    const pageId = menuId(page.code);
    const parentId = (menu.parentCode && liveByCode.get(menu.parentCode)) || ROOT_PARENT_ID;
    const newPage = !present.has(pageId);
    const nodes = [
      { ...page, id: pageId, parentId },
      ...page.children.map((button) => ({ ...button, id: menuId(button.code), parentId: pageId })),
    ];
    for (const node of nodes) {
      if (present.has(node.id)) continue;
      if (!(await insertOnce(db, node))) continue;
      present.add(node.id);
      added++;
      const holders = newPage
        ? [administratorRoleId]
        : (
            await db
              .selectFrom('blade_role_menu')
              .select('role_id')
              .where('menu_id', '=', BigInt(pageId))
              .execute()
          ).map((row) => String(row.role_id));
      for (const roleId of holders)
        await db
          .insertInto('blade_role_menu')
          .values({
            id: BigInt(menuId(`blade_role_menu:${roleId}:${node.code}`)),
            menu_id: BigInt(node.id),
            role_id: BigInt(roleId),
          })
          .execute();
    }
  }
  return added;
}

/** Inserts the row; false when another process starting at the same moment inserted it first. */
async function insertOnce(
  db: Kysely<Database>,
  node: MenuSeed & { id: string; parentId: string },
): Promise<boolean> {
  try {
    await db
      .insertInto('blade_menu')
      .values({ ...menuRow(node), ...systemAudit() })
      .execute();
    return true;
  } catch (error) {
    const there = await db
      .selectFrom('blade_menu')
      .select('id')
      .where('id', '=', BigInt(node.id))
      .executeTakeFirst();
    if (there) return false;
    throw error;
  }
}

/**
 * The pages of the generated modules found in server/src/modules/generated (all of them, or the
 * named ones), added where the menu table lacks them; answers how many rows it added.
 */
export async function seedGeneratedMenus(db: Kysely<Database>, names?: readonly string[]): Promise<number> {
  const modules = (await loadGeneratedModules()).filter((module) => !names || names.includes(module.name));
  return ensureGeneratedMenus(
    db,
    modules.map((module) => module.menu),
    SEED_IDS.administratorRole,
  );
}
