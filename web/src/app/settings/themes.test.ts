import { describe, expect, it } from 'vitest';
import { shellEn, shellZh } from '../layout/locales';
import { antdThemeOf, isThemeName, THEME_NAMES, THEMES } from './themes';

describe('the theme table', () => {
  it('holds the 11 themes of the spec, each under its own name', () => {
    expect(THEME_NAMES).toEqual([
      'theme-default',
      'theme-white',
      'theme-dark',
      'theme-star',
      'theme-bule',
      'theme-iview',
      'theme-vip',
      'theme-cool',
      'theme-d2',
      'theme-hey',
      'theme-lte',
    ]);
    expect(Object.keys(THEMES).sort()).toEqual([...THEME_NAMES].sort());
    for (const name of THEME_NAMES) expect(THEMES[name].name).toBe(name);
  });

  it('gives every theme a look of its own', () => {
    const themes = Object.values(THEMES);
    const distinct = (values: unknown[]) => new Set(values.map((value) => JSON.stringify(value))).size;
    // Sidebar colours and primary colours differ theme by theme, and no two themes look alike overall.
    expect(distinct(themes.map((theme) => theme.shell.siderBg))).toBe(11);
    expect(distinct(themes.map((theme) => theme.primary.toLowerCase()))).toBe(11);
    expect(distinct(themes.map((theme) => [theme.shell, theme.borderRadius, theme.dark]))).toBe(11);
    // At least the dark theme uses antd's dark algorithm, and the radii vary.
    expect(THEMES['theme-dark'].dark).toBe(true);
    expect(distinct(themes.map((theme) => theme.borderRadius))).toBeGreaterThan(4);
  });

  it('uses valid colours everywhere', () => {
    const colour = /^(#[0-9a-f]{6}|rgba\(\d+, \d+, \d+, [\d.]+\))$/i;
    for (const theme of Object.values(THEMES)) {
      expect(theme.primary, theme.name).toMatch(/^#[0-9a-f]{6}$/i);
      for (const [part, value] of Object.entries(theme.shell)) {
        if (part !== 'menu') expect(value, `${theme.name} ${part}`).toMatch(colour);
      }
    }
  });

  it('builds antd’s theme with the chosen colour and the theme’s tokens', () => {
    const config = antdThemeOf('theme-lte', '#123456');
    expect(config.token).toMatchObject({ colorPrimary: '#123456', borderRadius: 0, motion: true });
    expect(antdThemeOf('theme-lte', '#123456', false).token?.motion).toBe(false);
    expect(config.components?.Layout).toMatchObject({ siderBg: '#222d32', headerBg: '#3c8dbc' });
    expect(antdThemeOf('theme-dark', '#123456').algorithm).not.toBe(
      antdThemeOf('theme-white', '#123456').algorithm,
    );
  });

  it('has a name for every theme in both languages', () => {
    for (const name of THEME_NAMES) {
      expect(shellZh.themes[name]).toBeTruthy();
      expect(shellEn.themes[name]).toBeTruthy();
    }
  });

  it('recognises only its own names', () => {
    expect(isThemeName('theme-bule')).toBe(true);
    expect(isThemeName('theme-blue')).toBe(false);
    expect(isThemeName(undefined)).toBe(false);
  });
});
