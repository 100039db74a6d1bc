import { dictApi } from '../../../api/system/dict';
import type { DictApi } from '../../../api/system/dict-api';
import { dictBizApi } from '../../../api/system/dict-biz';
import type { TextKey } from '../../../crud';
import './locales';

/** What tells the system dictionaries' pages from the business dictionaries': calls and texts only. */
export interface DictKind {
  /** Names the pages' queries and forms: 'dict', 'dict-biz' (children: 'dict-child', …). */
  name: string;
  api: DictApi;
  /** The menu code whose buttons gate the pages' buttons: dict_add, dictbiz_edit, … */
  menuCode: 'dict' | 'dictbiz';
  title: TextKey;
  /** Business dictionaries (the kit's dictionary choices are cached under 'biz'). */
  biz: boolean;
}

export const SYSTEM_DICT: DictKind = {
  name: 'dict',
  api: dictApi,
  menuCode: 'dict',
  title: 'system.dictShared.systemTitle',
  biz: false,
};

export const BIZ_DICT: DictKind = {
  name: 'dict-biz',
  api: dictBizApi,
  menuCode: 'dictbiz',
  title: 'system.dictShared.bizTitle',
  biz: true,
};
