import type { Kysely } from 'kysely';
import { insertMissingButtons } from '../seed/menu-additions.js';

// Issue 52, the last lists: 导出 on the region tree (region_export, the regions below the chosen
// one) and in the message center (message_export, a button of 工作台: the center has no menu of its
// own; the caller's own messages). Decision 0045. The buttons reach databases seeded before through
// the menu additions, granted to every role holding the page (行政区划, 工作台), as 0035's and 0036's.

export async function up(db: Kysely<unknown>): Promise<void> {
  await insertMissingButtons(db);
}
