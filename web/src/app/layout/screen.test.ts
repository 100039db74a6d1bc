import { describe, expect, it } from 'vitest';
import { screenClass, sidebarMode } from './screen';

describe('screenClass', () => {
  it.each([
    [1920, 3],
    [1200, 3],
    [1199, 2],
    [992, 2],
    [991, 1],
    [768, 1],
    [767, 0],
    [320, 0],
    [0, 0],
  ] as const)('gives width %i class %i', (width, expected) => {
    expect(screenClass(width)).toBe(expected);
  });
});

describe('sidebarMode', () => {
  const base = { savedCollapsed: false, narrowCollapsed: true, drawerOpen: false };

  it('hides the sidebar behind the toggle below 768 px, whatever was saved', () => {
    expect(sidebarMode({ ...base, screen: 0 })).toBe('drawer-closed');
    expect(sidebarMode({ ...base, screen: 0, savedCollapsed: true })).toBe('drawer-closed');
    expect(sidebarMode({ ...base, screen: 0, drawerOpen: true })).toBe('drawer-open');
  });

  it('collapses in class 1 until the toggle expands it, ignoring the saved setting', () => {
    expect(sidebarMode({ ...base, screen: 1 })).toBe('collapsed');
    expect(sidebarMode({ ...base, screen: 1, narrowCollapsed: false, savedCollapsed: true })).toBe(
      'expanded',
    );
  });

  it('follows the saved setting from class 2 up', () => {
    for (const screen of [2, 3] as const) {
      expect(sidebarMode({ ...base, screen })).toBe('expanded');
      expect(sidebarMode({ ...base, screen, savedCollapsed: true })).toBe('collapsed');
    }
  });
});
