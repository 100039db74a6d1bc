import type { Post, PostInput } from '@console/contract';
import { get } from '../request';
import { crudResource } from '../resource';

const BASE = '/api/blade-system/post';

export const { list, detail, submit, remove } = crudResource<Post, PostInput>(BASE);

/** Every post of the caller's tenant: the choices of a user's posts. */
export function select(): Promise<Post[]> {
  return get<Post[]>(`${BASE}/select`);
}
