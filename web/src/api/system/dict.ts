import { get } from '../request';
import { dictApiAt, type DictApi } from './dict-api';

const BASE = '/api/blade-system/dict';

/** One item of a dictionary: the stored key and the label shown for it. */
export interface DictItem {
  dictKey: string;
  dictValue: string;
}

/** The items of the system dictionary `code` (e.g. `yes_no`), in their order. */
export function dictionary(code: string): Promise<DictItem[]> {
  return get<DictItem[]>(`${BASE}/dictionary`, { code });
}

/** The system dictionaries' calls (platform-wide; writes are the platform administrator's). */
export const dictApi: DictApi = dictApiAt(BASE);
