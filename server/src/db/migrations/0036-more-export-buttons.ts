import type { Kysely } from 'kysely';
import { insertMissingButtons } from '../seed/menu-additions.js';

// Issue 52, the rest of the lists: 导出 on the rollout, work (待办/办结/已发/抄送), process definition
// and instance, online user, data/API scope and slot lists (decision 0045), and on the hospital,
// machine and refund lists, whose export moved onto the generic one and so now asks a button: granted
// to every role that holds the page, a role that exported before still does. The buttons reach
// databases seeded before through the menu additions, as 0035's.

export async function up(db: Kysely<unknown>): Promise<void> {
  await insertMissingButtons(db);
}
