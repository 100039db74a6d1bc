import type { Page, TopMenu, TopMenuGrant, TopMenuInput } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-system/topmenu';

/** A page of top menus, by sort; `filters` use the contract's field-name grammar (`name`, `code`, …). */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<TopMenu>> {
  return get<Page<TopMenu>>(`${BASE}/list`, { ...filters, current, size });
}

export function detail(id: string): Promise<TopMenu> {
  return get<TopMenu>(`${BASE}/detail`, { id });
}

/** Creates the top menu when it has no id, updates it otherwise. */
export function submit(topMenu: TopMenuInput): Promise<unknown> {
  return post<unknown>(`${BASE}/submit`, topMenu);
}

export function remove(ids: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } });
}

/** Replaces the menus the top menus list (a JSON body). */
export function grant(body: TopMenuGrant): Promise<unknown> {
  return post<unknown>(`${BASE}/grant`, body);
}
