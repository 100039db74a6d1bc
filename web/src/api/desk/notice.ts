import type { Notice, NoticeInput, TreeNode } from '@console/contract';

import { get } from '../request';
import { crudResource } from '../resource';

const BASE = '/api/blade-desk/notice';

export const { list, detail, submit, remove } = crudResource<Notice, NoticeInput>(BASE);

/**
 * The roles or departments a new notice may be addressed to, as trees (the caller's tenant's; for
 * the holders of the notice buttons).
 */
export function audienceChoices(choices: 'roles' | 'depts'): Promise<TreeNode[]> {
  return get<TreeNode[]>(`${BASE}/audience-${choices}`);
}
