import type { Kysely } from 'kysely';
import { insertMissingButtons } from '../seed/menu-additions.js';

// Issue 52: 导出 (`<page>_export`) on the lists of the console (decision 0045). The buttons reach
// databases seeded before through the menu additions, granted to the roles that hold each page: the
// export writes what the page's list already shows them.

export async function up(db: Kysely<unknown>): Promise<void> {
  await insertMissingButtons(db);
}
