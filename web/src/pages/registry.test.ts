import { describe, expect, it, vi } from 'vitest';
import { pageRegistry } from './registry';

// Loading a page's module the first time transforms its whole import graph: seconds under load.
vi.setConfig({ testTimeout: 30_000 });

describe('page registry', () => {
  it('finds each page by its menu path, from the folder layout', async () => {
    expect(Object.keys(pageRegistry)).toEqual(
      expect.arrayContaining(['/system/param', '/system/tenantpackage']),
    );
    const page = await pageRegistry['/system/param']!();
    expect(typeof page.default).toBe('function');
  });

  it('lists no fixed route and no file outside the page folders', () => {
    for (const path of Object.keys(pageRegistry)) {
      expect(path).toMatch(/^\/[a-z]+(\/[a-z-]+)+$/);
      expect(path).not.toMatch(/index|\.tsx/);
    }
  });
});
