import { get } from '../request';

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
