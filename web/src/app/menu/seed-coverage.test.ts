import { antdIconOf, bladeIconOf, BLADE_MENU_ICONS } from '@console/contract/menu-icons';
import { describe, expect, it } from 'vitest';
import { flattenMenus } from '../../../../server/src/db/seed/menus';
import { MENU_ICONS } from './icons';
import { menuEn, menuZh } from './locales';

// The console's tables that follow the seeded menu tree: a new seeded menu without its icon or
// English name fails here rather than showing the default icon or a Chinese name to English users.
const seeds = flattenMenus();

describe('the seeded menus', () => {
  it('have their icon in the icon map, and the map holds nothing else', () => {
    const menuIcons = new Set(seeds.filter((seed) => seed.category === 1).map((seed) => seed.source));
    for (const icon of menuIcons) expect(MENU_ICONS, icon).toHaveProperty(icon);
    expect(Object.keys(MENU_ICONS).sort()).toEqual([...menuIcons].sort());
  });

  it('have a BladeX icon-font class each, no class twice, and the class maps back (issue 20 item 8)', () => {
    expect(Object.keys(BLADE_MENU_ICONS).sort()).toEqual(Object.keys(MENU_ICONS).sort());
    const classes = Object.values(BLADE_MENU_ICONS);
    expect(new Set(classes).size).toBe(classes.length);
    for (const [antd, blade] of Object.entries(BLADE_MENU_ICONS)) {
      expect(blade, antd).toMatch(/^iconfont icon[\w-]+$/);
      expect(bladeIconOf(antd)).toBe(blade);
      expect(antdIconOf(blade)).toBe(antd);
    }
  });

  it('have a Chinese text equal to the seeded name and an English one, for every code', () => {
    const zh: Record<string, string> = menuZh;
    const en: Record<string, string> = menuEn;
    for (const seed of seeds) {
      expect(zh[seed.code], seed.code).toBe(seed.name);
      expect(en[seed.code], seed.code).toMatch(/^[A-Z][\w ]+$/);
    }
    expect(Object.keys(zh).sort()).toEqual(seeds.map((seed) => seed.code).sort());
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });
});
