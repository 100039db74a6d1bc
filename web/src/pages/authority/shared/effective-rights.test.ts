import type { EffectiveButton, EffectiveMenu } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { buttonRows, menuCount, roleNamer, scopeTypeKey, verdictOf } from './effective-rights';

const button = (code: string, pageCode: string | null, roleIds: string[]): EffectiveButton => ({
  id: code,
  code,
  name: code,
  pageCode,
  pageName: pageCode,
  roleIds,
});

const menu = (code: string, children?: EffectiveMenu[]): EffectiveMenu => ({
  id: code,
  parentId: '0',
  code,
  name: code,
  path: null,
  roleIds: [],
  ...(children ? { children } : {}),
});

describe('查看权限 answer helpers', () => {
  it('names roles by id, an unknown id as it is', () => {
    const names = roleNamer({
      roles: [
        { id: '11', roleName: '医生', roleAlias: 'doctor' },
        { id: '12', roleName: '护士', roleAlias: 'nurse' },
      ],
    });
    expect(names(['12', '11', '99'])).toEqual(['护士', '医生', '99']);
  });

  it('groups buttons by page: the page cell spans its buttons', () => {
    const rows = buttonRows([
      button('param_add', 'param', ['12']),
      button('post_add', 'post', ['11']),
      button('post_view', 'post', ['11', '12']),
      button('lonely', null, ['11']),
    ]);
    expect(rows.map((row) => [row.code, row.pageSpan])).toEqual([
      ['param_add', 1],
      ['post_add', 2],
      ['post_view', 0],
      ['lonely', 1],
    ]);
  });

  it('counts the menus of a tree, groups included', () => {
    expect(menuCount([menu('system', [menu('post'), menu('param')]), menu('desk')])).toBe(4);
    expect(menuCount([])).toBe(0);
  });

  it("says why a resource's rules limit it or not", () => {
    expect(verdictOf({ limited: true }, null)).toBe('limited');
    expect(verdictOf({ limited: true }, 'tenant')).toBe('limited');
    expect(verdictOf({ limited: false }, 'tenant')).toBe('allRule');
    expect(verdictOf({ limited: false }, 'platform')).toBe('platform');
  });

  it('knows the five data scope types only', () => {
    expect([1, 2, 3, 4, 5].map(scopeTypeKey)).toEqual(['1', '2', '3', '4', '5']);
    expect(scopeTypeKey(6)).toBeUndefined();
  });
});
