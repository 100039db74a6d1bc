import { BUTTON_CODES, MENU_CODES, MENU_CATEGORY } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { flattenMenus } from '../../src/db/seed/menus.js';

// The contract's permission codes are the ones the routes and pages may name (the compiler checks
// them there); the seed must create exactly these, no more and no fewer.

describe('permission codes', () => {
  const seeded = flattenMenus();
  const codesOf = (category: number) =>
    seeded
      .filter((menu) => menu.category === category)
      .map((menu) => menu.code)
      .sort();

  it('are the seeded buttons, each once', () => {
    expect(codesOf(MENU_CATEGORY.BUTTON)).toEqual([...BUTTON_CODES].sort());
    expect(new Set(BUTTON_CODES).size).toBe(BUTTON_CODES.length);
  });

  it('are the seeded menus, each once', () => {
    expect(codesOf(MENU_CATEGORY.MENU)).toEqual([...MENU_CODES].sort());
    expect(new Set(MENU_CODES).size).toBe(MENU_CODES.length);
  });
});
