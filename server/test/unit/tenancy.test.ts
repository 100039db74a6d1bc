import type { Menu } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/db/errors.js';
import { DICTIONARIES, dictionaryRows } from '../../src/db/seed/dictionaries.js';
import { flattenMenus, menuId } from '../../src/db/seed/menus.js';
import { regionRows } from '../../src/db/seed/regions.js';
import { menusBelow, packageMenuIds } from '../../src/modules/system/menu/menu.service.js';

const all = flattenMenus().map((m) => ({ ...m, remark: null }) as unknown as Menu);
const codes = (ids: Set<string>) => new Set(all.filter((m) => ids.has(m.id)).map((m) => m.code));

describe('packageMenuIds', () => {
  it('gives the listed menus and the buttons directly under them', () => {
    expect(codes(packageMenuIds(`${menuId('post')},${menuId('system')}`, all))).toEqual(
      new Set(['system', 'post', 'post_add', 'post_edit', 'post_delete', 'post_view', 'post_export']),
    );
  });

  it('keeps a button listed on its own, and ignores what is not a menu', () => {
    expect(codes(packageMenuIds(`${menuId('dept_add')},abc,,42`, all))).toEqual(new Set(['dept_add']));
    expect(packageMenuIds('', all).size).toBe(0);
  });
});

describe('menusBelow', () => {
  it('gives the menus with the codes and everything below them', () => {
    const below = codes(menusBelow(['log'], all));
    expect(below).toEqual(
      new Set([
        'log',
        'log_usual',
        'log_usual_view',
        'log_usual_export',
        'log_api',
        'log_api_view',
        'log_api_export',
        'log_error',
        'log_error_view',
        'log_error_export',
        'log_login',
        'log_login_view',
        'log_login_export',
        'log_login_unlock',
      ]),
    );
    expect([...menusBelow(['nothing'], all)]).toEqual([]);
  });
});

describe('the region seed', () => {
  const rows = regionRows();

  it('has every region once, each under a parent that comes before it', () => {
    const seen = new Map<string, (typeof rows)[number]>();
    for (const row of rows) {
      expect(seen.has(row.code), row.code).toBe(false);
      if (row.code !== '00') {
        const parent = seen.get(row.parent_code);
        expect(parent, row.code).toBeDefined();
        expect(Number(row.level)).toBe(Number(parent!.level) + 1);
        expect(row.ancestors).toBe(parent!.code === '00' ? '00' : `${parent!.ancestors},${parent!.code}`);
        expect(row.code.startsWith(parent!.code === '00' ? '' : parent!.code), row.code).toBe(true);
      }
      seen.set(row.code, row);
    }
    expect(rows.filter((r) => r.level === 1)).toHaveLength(34);
    expect(rows.every((r) => r.name.length > 0 && r.name.length <= 32 && !r.name.includes('-'))).toBe(true);
  });

  it('repeats the province, city and district of every district', () => {
    const district = rows.find((r) => r.code === '310115')!;
    expect(district).toMatchObject({
      name: '浦东新区',
      province_code: '31',
      province_name: '上海市',
      city_code: '3101',
      city_name: '上海市',
      district_code: '310115',
      district_name: '浦东新区',
      town_code: null,
    });
  });
});

describe('the dictionary seed', () => {
  it('gives every dictionary a parent (key -1) and entries with unique keys', () => {
    const rows = dictionaryRows({
      create_user: null,
      create_dept: null,
      create_time: new Date(),
      update_user: null,
      update_time: new Date(),
      status: 1,
      is_deleted: 0,
    });
    expect(new Set(rows.map((r) => String(r.id))).size).toBe(rows.length);
    expect(rows.filter((r) => String(r.parent_id) === '0').map((r) => r.code)).toEqual(
      DICTIONARIES.map((d) => d.code),
    );
    for (const row of rows.filter((r) => String(r.parent_id) === '0')) expect(row.dict_key).toBe('-1');
    expect(new Set(rows.map((r) => `${r.code}:${r.dict_key}`)).size).toBe(rows.length);
  });
});

describe('isUniqueViolation', () => {
  it.each([
    [{ code: '23505' }, true],
    [{ code: 'ER_DUP_ENTRY', errno: 1062 }, true],
    [{ code: 'SQLITE_CONSTRAINT_UNIQUE' }, true],
    [{ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' }, true],
    [{ code: '23503' }, false],
    [new Error('x'), false],
    [null, false],
  ])('%o → %s', (error, expected) => {
    expect(isUniqueViolation(error)).toBe(expected);
  });
});
