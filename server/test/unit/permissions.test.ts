import { describe, expect, it } from 'vitest';
import { antMatch, fullPattern } from '../../src/core/auth/permissions.js';
import { equivalentPaths } from '../../src/core/auth/route-aliases.js';
import { ancestorsInclude, forest } from '../../src/core/tree.js';

describe('antMatch', () => {
  it.each([
    ['/api/blade-system/post/list', '/api/blade-system/post/list', true],
    ['/api/blade-system/post/list', '/api/blade-system/post/list/', true],
    ['/api/blade-system/post/list', '/api/blade-system/post/select', false],
    ['/api/blade-system/post/*', '/api/blade-system/post/select', true],
    ['/api/blade-system/post/*', '/api/blade-system/post', false],
    ['/api/blade-system/post/*', '/api/blade-system/post/a/b', false],
    ['/api/blade-system/**', '/api/blade-system/post/a/b', true],
    ['/api/blade-system/**', '/api/blade-system', true],
    ['/api/**/list', '/api/blade-system/post/list', true],
    ['/api/**/list', '/api/blade-system/post/detail', false],
    ['/api/blade-system/dept/*-tree', '/api/blade-system/dept/lazy-tree', true],
    ['/api/blade-system/dept/*-tree', '/api/blade-system/dept/tree', false],
    ['/api/blade-system/dept/?ree', '/api/blade-system/dept/tree', true],
    ['/api/blade-system/dept/l*t', '/api/blade-system/dept/lazy-list', true],
    ['/api/blade-system/dept/l*t', '/api/blade-system/dept/lazy-tree', false],
    ['/api/blade-system/dept/l*z*t', '/api/blade-system/dept/lazy-list', true],
    ['/api/blade-system.post/list', '/api/blade-systemXpost/list', false], // dots are literal
  ])('%s ~ %s → %s', (pattern, path, expected) => {
    expect(antMatch(pattern, path)).toBe(expected);
  });

  it('stays fast on hostile patterns', () => {
    const started = performance.now();
    expect(antMatch(`/${'*a'.repeat(100)}b`, `/${'a'.repeat(200)}`)).toBe(false);
    expect(antMatch(`/${'**/'.repeat(40)}x`, `/${'a/'.repeat(60)}y`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('fullPattern', () => {
  it('puts BladeX paths (without /api) under /api', () => {
    expect(fullPattern('/blade-system/post/list')).toBe('/api/blade-system/post/list');
    expect(fullPattern('blade-system/**')).toBe('/api/blade-system/**');
    expect(fullPattern('/api/blade-user/page')).toBe('/api/blade-user/page');
    expect(fullPattern('/apix/a')).toBe('/api/apix/a');
  });
});

describe('equivalentPaths', () => {
  it.each([
    ['/api/blade-user/page', ['/api/blade-user/page', '/api/blade-system/user/page']],
    ['/api/blade-system/user/grant', ['/api/blade-system/user/grant', '/api/blade-user/grant']],
    ['/api/blade-auth/logout', ['/api/blade-auth/logout', '/api/blade-auth/oauth/logout']],
    ['/api/blade-auth/oauth/logout', ['/api/blade-auth/oauth/logout', '/api/blade-auth/logout']],
    ['/api/blade-auth/oauth/token', ['/api/blade-auth/oauth/token']],
    ['/api/blade-user-x/page', ['/api/blade-user-x/page']], // prefixes end at a slash
    ['/api/blade-system/user-x', ['/api/blade-system/user-x']],
  ])('%s → %j', (path, expected) => {
    expect(equivalentPaths(path)).toEqual(expected);
  });
});

describe('forest', () => {
  it('nests rows under their parents, keeps their order and makes orphans roots', () => {
    const rows = [
      { id: '1', parentId: '0', name: 'a' },
      { id: '2', parentId: '1', name: 'b' },
      { id: '3', parentId: '9', name: 'orphan' },
      { id: '4', parentId: '1', name: 'c' },
      { id: '5', parentId: '5', name: 'self' },
    ];
    const tree = forest(rows);
    expect(tree.map((n) => n.name)).toEqual(['a', 'orphan', 'self']);
    expect(tree[0]!.children!.map((n) => n.name)).toEqual(['b', 'c']);
    expect(tree[0]!.hasChildren).toBe(true);
    // A leaf as BladeX answers it: no `children` key at all.
    expect(tree[1]!.hasChildren).toBe(false);
    expect(tree[1]).not.toHaveProperty('children');
    expect(tree[0]!.children![0]).not.toHaveProperty('children');
  });

  it('reads ancestors by element, never by substring', () => {
    expect(ancestorsInclude('0,12,345', '12')).toBe(true);
    expect(ancestorsInclude('0,12,345', '34')).toBe(false);
    expect(ancestorsInclude('0,123', '12')).toBe(false);
  });
});
