import type { TreeNode } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { halfChecks, indexTree, presetChecks, toggleCheck } from './grant-tree';

const node = (id: string, children: TreeNode[] = []): TreeNode => ({
  id,
  parentId: '0',
  title: id,
  key: id,
  value: id,
  hasChildren: children.length > 0,
  children,
});

// system ─┬─ user ─┬─ user_add
//         │        └─ user_edit
//         └─ role
const index = indexTree([
  node('system', [node('user', [node('user_add'), node('user_edit')]), node('role')]),
]);

describe('grant tree checks', () => {
  it('start from the granted ids the tree holds, a page without its buttons included', () => {
    expect(presetChecks(index, ['system', 'user', 'gone'])).toEqual(['system', 'user']);
    expect(halfChecks(index, ['user_add'])).toEqual(['user', 'system']);
  });

  it('checking grants what is below and above; unchecking takes away what is below only', () => {
    const checked = toggleCheck(index, [], 'user');
    expect(checked.sort()).toEqual(['system', 'user', 'user_add', 'user_edit']);
    expect(toggleCheck(index, checked, 'user', false)).toEqual(['system']);
    expect(toggleCheck(index, ['system', 'role'], 'user_edit').sort()).toEqual([
      'role',
      'system',
      'user',
      'user_edit',
    ]);
  });
});
