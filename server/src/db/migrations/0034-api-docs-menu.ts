import type { Kysely } from 'kysely';
import { insertMissingButtons } from '../seed/menu-additions.js';

// Issue 52: 研发工具 › 接口文档 (`apidoc`), the page that shows the API's OpenAPI document. It reaches
// databases seeded before through the menu additions, granted to the roles that hold 研发工具 (the
// platform administrator's; a new tenant's roles do not get the tool menus).

export async function up(db: Kysely<unknown>): Promise<void> {
  await insertMissingButtons(db);
}
