import { get } from '../request';
import type { DictItem } from './dict';
import { dictApiAt, type DictApi } from './dict-api';

const BASE = '/api/blade-system/dict-biz';

/** The items of the business dictionary `code`, in their order. */
export function dictionary(code: string): Promise<DictItem[]> {
  return get<DictItem[]>(`${BASE}/dictionary`, { code });
}

/** The business dictionaries' calls: the signed-in user's tenant's own dictionaries. */
export const dictBizApi: DictApi = dictApiAt(BASE);
