import { DICT_PARENT_KEY, ROOT_PARENT_ID } from '@console/contract';
import type { Insertable, Kysely } from 'kysely';
import type { Database, DictTable } from '../schema.js';
import { menuId } from './menus.js';

// The system dictionaries the console's pages read now (blade_dict, platform-wide). Codes follow
// BladeX's blade_dict seed where it has them; keys are what the server stores (posts' category,
// data scope types, user types, …). One difference: yes_no is 0 no / 1 yes, the flags of this
// product (BladeX's seed has 1 no / 2 yes).

/** A dictionary item: its key, its label, and a remark where the console reads one (a process route). */
type Entry = [key: string, value: string, remark?: string];

/** The leave process's pages (spec §2): the `flow` dictionary's remark routes category flow_1 there. */
export const LEAVE_ROUTE = '/work/process/leave';

export const DICTIONARIES: Array<{ code: string; name: string; entries: Entry[] }> = [
  {
    code: 'sex',
    name: '性别',
    entries: [
      ['1', '男'],
      ['2', '女'],
      ['3', '未知'],
    ],
  },
  {
    code: 'notice',
    name: '通知类型',
    entries: [
      ['1', '发布通知'],
      ['2', '批转通知'],
      ['3', '转发通知'],
      ['4', '指示通知'],
      ['5', '任免通知'],
      ['6', '事务通知'],
    ],
  },
  {
    code: 'menu_category',
    name: '菜单类型',
    entries: [
      ['1', '菜单'],
      ['2', '按钮'],
    ],
  },
  {
    code: 'button_func',
    name: '按钮功能',
    entries: [
      ['1', '工具栏'],
      ['2', '操作栏'],
      ['3', '工具操作栏'],
    ],
  },
  {
    code: 'yes_no',
    name: '是否',
    entries: [
      ['0', '否'],
      ['1', '是'],
    ],
  },
  {
    code: 'data_scope_type',
    name: '数据权限',
    entries: [
      ['1', '全部可见'],
      ['2', '本人可见'],
      ['3', '所在机构可见'],
      ['4', '所在机构及子级可见'],
      ['5', '自定义'],
    ],
  },
  {
    code: 'api_scope_type',
    name: '接口权限',
    entries: [
      ['1', '系统接口'],
      ['2', '业务接口'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    entries: [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '小组'],
    ],
  },
  {
    code: 'post_category',
    name: '岗位类型',
    entries: [
      ['1', '高层'],
      ['2', '中层'],
      ['3', '基层'],
      ['4', '其他'],
    ],
  },
  {
    code: 'region',
    name: '行政区划',
    entries: [
      ['0', '国家'],
      ['1', '省份/直辖市'],
      ['2', '地市'],
      ['3', '区县'],
      ['4', '乡镇'],
      ['5', '村委'],
    ],
  },
  {
    code: 'user_type',
    name: '用户平台',
    entries: [
      ['1', 'WEB'],
      ['2', 'APP'],
      ['3', 'OTHER'],
    ],
  },
  {
    code: 'oss',
    name: '对象存储',
    entries: [
      ['1', 'minio'],
      ['2', 'qiniu'],
      ['3', 'ali'],
      ['4', 'tencent'],
      // Not in BladeX's seed: OSS_CATEGORY of the contract (issue 7).
      ['5', 'amazon s3'],
      ['6', 'local'],
    ],
  },
  {
    code: 'sms',
    name: '短信服务',
    entries: [
      ['1', 'yunpian'],
      ['2', 'qiniu'],
      ['3', 'ali'],
      ['4', 'tencent'],
      // Not in BladeX's seed: SMS_CATEGORY.LOG, which only records (issue 7).
      ['5', 'log'],
    ],
  },
  {
    code: 'flow',
    name: '流程类型',
    entries: [
      // Spec §3, flow route dict: a process category's business pages are at the item's remark.
      ['1', '请假流程', LEAVE_ROUTE],
      ['2', '报销流程'],
    ],
  },
  // The business pages' dictionaries (issue 16). English values are in BUSINESS_DICT_ENGLISH.
  {
    code: 'hospital_level',
    name: '医院等级',
    entries: [
      ['1', '三级甲等'],
      ['2', '三级乙等'],
      ['3', '二级甲等'],
      ['4', '二级乙等'],
      ['5', '一级'],
      ['6', '其他'],
    ],
  },
  {
    code: 'machine_model',
    name: '机器型号',
    entries: [
      ['1', '标准柜(24格)'],
      ['2', '小型柜(12格)'],
      ['3', '大型柜(48格)'],
    ],
  },
  {
    code: 'slot_status',
    name: '格口状态',
    entries: [
      ['0', '空闲'],
      ['1', '有货'],
      ['2', '使用中'],
      ['3', '故障'],
      ['4', '锁定'],
    ],
  },
  {
    code: 'machine_run_status',
    name: '运行状态',
    entries: [
      ['0', '停用'],
      ['1', '正常'],
      ['2', '故障'],
      ['3', '维护'],
    ],
  },
  {
    code: 'apk_publish_status',
    name: '发布状态',
    entries: [
      ['0', '草稿'],
      ['1', '已发布'],
      ['2', '已撤回'],
    ],
  },
  {
    code: 'refund_review_status',
    name: '审核状态',
    entries: [
      ['0', '待审核'],
      ['1', '已同意'],
      ['2', '已拒绝'],
    ],
  },
];

/**
 * The business dictionaries in English, by code and key (the parent's name under DICT_PARENT_KEY):
 * the dictionary call answers these to an English console while the stored value is still the
 * seeded Chinese one (an administrator's own wording is never replaced).
 */
export const BUSINESS_DICT_ENGLISH: Record<string, Record<string, string>> = {
  hospital_level: {
    '-1': 'Hospital level',
    '1': 'Grade III, class A',
    '2': 'Grade III, class B',
    '3': 'Grade II, class A',
    '4': 'Grade II, class B',
    '5': 'Grade I',
    '6': 'Other',
  },
  machine_model: {
    '-1': 'Machine model',
    '1': 'Standard (24 slots)',
    '2': 'Small (12 slots)',
    '3': 'Large (48 slots)',
  },
  slot_status: {
    '-1': 'Slot status',
    '0': 'Empty',
    '1': 'Stocked',
    '2': 'In use',
    '3': 'Fault',
    '4': 'Locked',
  },
  machine_run_status: {
    '-1': 'Run status',
    '0': 'Disabled',
    '1': 'Normal',
    '2': 'Fault',
    '3': 'Maintenance',
  },
  apk_publish_status: { '-1': 'Publish status', '0': 'Draft', '1': 'Published', '2': 'Withdrawn' },
  refund_review_status: { '-1': 'Review status', '0': 'Pending', '1': 'Agreed', '2': 'Rejected' },
};

/**
 * The English of a seeded dictionary entry while its stored value is still the seeded Chinese one
 * (an administrator's own wording is never replaced); undefined otherwise.
 */
export function seededEnglish(code: string, key: string, storedValue: string): string | undefined {
  const english = BUSINESS_DICT_ENGLISH[code]?.[key];
  if (!english) return undefined;
  const seeded = DICTIONARIES.find((d) => d.code === code)?.entries.find(([k]) => k === key)?.[1];
  return seeded === storedValue ? english : undefined;
}

/** A stable id per dictionary entry, so a seeded entry keeps its id across installs (and two seeds collide). */
export const dictEntryId = (code: string, key: string) => menuId(`blade_dict:${code}:${key}`);

type Audit = Pick<
  Insertable<DictTable>,
  'create_user' | 'create_dept' | 'create_time' | 'update_user' | 'update_time' | 'status' | 'is_deleted'
>;

export function dictionaryRows(audit: Audit): Array<Insertable<DictTable>> {
  return DICTIONARIES.flatMap(({ code, name, entries }, index) => {
    const parentId = dictEntryId(code, DICT_PARENT_KEY);
    return [
      {
        id: BigInt(parentId),
        parent_id: BigInt(ROOT_PARENT_ID),
        code,
        dict_key: DICT_PARENT_KEY,
        dict_value: name,
        sort: index + 1,
        remark: null,
        is_sealed: 0,
        ...audit,
      },
      ...entries.map(([key, value, remark], i) => ({
        id: BigInt(dictEntryId(code, key)),
        parent_id: BigInt(parentId),
        code,
        dict_key: key,
        dict_value: value,
        sort: i + 1,
        remark: remark ?? null,
        is_sealed: 0,
        ...audit,
      })),
    ];
  });
}

/**
 * Loads the dictionaries into a blade_dict that has never had a row (removed rows stay, soft-deleted,
 * so a restart after the page removed them loads nothing again); answers how many rows it wrote.
 * The ids are stable, so a second process seeding at the same moment fails on them and finds the
 * rows there.
 */
export async function seedDictionaries(db: Kysely<Database>, audit: Audit): Promise<number> {
  const loaded = async () =>
    Boolean(await db.selectFrom('blade_dict').select('id').limit(1).executeTakeFirst());
  if (await loaded()) return 0;
  const rows = dictionaryRows(audit);
  try {
    await db.insertInto('blade_dict').values(rows).execute();
  } catch (error) {
    if (await loaded()) return 0;
    throw error;
  }
  return rows.length;
}
