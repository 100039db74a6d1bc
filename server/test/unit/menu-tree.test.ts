import { describe, expect, it } from 'vitest';
import type { Menu } from '../../src/modules/system/menu/menu.repository.js';
import { buildForest } from '../../src/modules/system/menu/menu.service.js';

const menu = (id: string, parentId: string, sort: number, category = 1): Menu => ({
  id,
  parentId,
  code: `m${id}`,
  name: `menu ${id}`,
  alias: null,
  path: `/m${id}`,
  source: null,
  sort,
  category,
  action: 0,
  isOpen: 1,
  remark: null,
  createUser: null,
  createDept: null,
  createTime: null,
  updateUser: null,
  updateTime: null,
  status: 1,
  isDeleted: 0,
});

type Shape = string | { [id: string]: Shape[] };
const shape = (nodes: ReturnType<typeof buildForest>): Shape[] =>
  nodes.map((n) => (n.children ? { [n.id]: shape(n.children) } : n.id));

describe('buildForest', () => {
  it('nests by parent and sorts by sort, then by id as a number, at every level', () => {
    const forest = buildForest([
      menu('10', '0', 2),
      menu('9', '0', 2),
      menu('1', '0', 1),
      menu('11', '10', 5),
      menu('12', '10', 1),
      menu('100000000000000000', '1', 0),
      menu('99999999999999999', '1', 0),
    ]);
    expect(shape(forest)).toEqual([
      { '1': ['99999999999999999', '100000000000000000'] },
      '9',
      { '10': ['12', '11'] },
    ]);
  });

  it('sets hasChildren, meta.i18n, and makes orphans roots', () => {
    const [orphan, root] = buildForest([menu('2', '0', 2), menu('3', '2', 1), menu('5', '404', 1)]);
    expect(orphan).toMatchObject({
      id: '5',
      parentId: '404',
      hasChildren: false,
      meta: { i18n: 'm5' },
    });
    // Leaves have no `children` key (BladeX's TreeNode leaves an empty list out).
    expect(orphan).not.toHaveProperty('children');
    expect(root).toMatchObject({ id: '2', hasChildren: true });
    expect(root!.children![0]).toMatchObject({ id: '3', hasChildren: false });
    expect(root!.children![0]).not.toHaveProperty('children');
  });

  it('answers nothing for nothing', () => {
    expect(buildForest([])).toEqual([]);
  });
});
