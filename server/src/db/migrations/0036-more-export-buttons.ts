import type { Kysely } from 'kysely';
import { insertMissingButtons } from '../seed/menu-additions.js';

// Issue 52, the rest of the lists: 导出 on the rollout, work (待办/办结/已发/抄送), process definition
// and instance, online user, data/API scope and slot lists (decision 0045). The buttons reach databases
// seeded before through the menu additions, granted to the roles that hold each page, as 0035's.

export async function up(db: Kysely<unknown>): Promise<void> {
  await insertMissingButtons(db);
}
