import { get } from '../request';
import type { DictItem } from './dict';

const BASE = '/api/blade-system/dict-biz';

/** The items of the business dictionary `code`, in their order. */
export function dictionary(code: string): Promise<DictItem[]> {
  return get<DictItem[]>(`${BASE}/dictionary`, { code });
}
