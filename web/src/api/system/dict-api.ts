import type { Dict, DictInput, DictNode, Page, TreeNode } from '@console/contract';
import { get, post, type QueryParams } from '../request';

/**
 * The management calls of a dictionary family: system dictionaries (`dict`) and business
 * dictionaries (`dict-biz`) take the same calls under their own base path (spec §7).
 */
export interface DictApi {
  /** A page of dictionaries (parent rows); `filters` use the field-name grammar (`code`, `dictValue`). */
  parentList: (current: number, size: number, filters?: QueryParams) => Promise<Page<Dict>>;
  /** The entries of the dictionary `parentId` as a tree (the page's size is ignored: all of them). */
  childList: (parentId: string, filters?: QueryParams) => Promise<DictNode[]>;
  detail: (id: string) => Promise<Dict>;
  /** Creates without an id, updates with one; with a parentId, an entry of that dictionary. */
  submit: (input: DictInput) => Promise<Dict>;
  remove: (ids: readonly string[]) => Promise<unknown>;
  /** Every dictionary with its entries as a tree of choices (`code=DICT`), or one dictionary's. */
  tree: (code?: string) => Promise<TreeNode[]>;
}

/** The calls under `base` (/api/blade-system/dict or /api/blade-system/dict-biz). */
export function dictApiAt(base: string): DictApi {
  return {
    parentList: (current, size, filters = {}) =>
      get<Page<Dict>>(`${base}/parent-list`, { ...filters, current, size }),
    childList: (parentId, filters = {}) => get<DictNode[]>(`${base}/child-list`, { ...filters, parentId }),
    detail: (id) => get<Dict>(`${base}/detail`, { id }),
    submit: (input) => post<Dict>(`${base}/submit`, input),
    remove: (ids) => post<unknown>(`${base}/remove`, undefined, { params: { ids: ids.join(',') } }),
    tree: (code = 'DICT') => get<TreeNode[]>(`${base}/tree`, { code }),
  };
}
