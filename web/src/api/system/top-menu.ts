import type { TopMenu, TopMenuGrant, TopMenuInput } from '@console/contract';
import { post } from '../request';
import { crudResource } from '../resource';

const BASE = '/api/blade-system/topmenu';

export const { list, detail, submit, remove } = crudResource<TopMenu, TopMenuInput>(BASE);

/** Replaces the menus the top menus list (a JSON body). */
export function grant(body: TopMenuGrant): Promise<unknown> {
  return post<unknown>(`${BASE}/grant`, body);
}
