import { create } from 'zustand';
import { website } from '../../config/website';
import { readStore, writeStore } from '../storage';
import { isThemeName, THEMES, type ThemeName } from './themes';

// The user's look of the console (spec §1): theme, colour and the sidebar's collapse, kept in
// localStorage under the configured prefix (the language keeps itself: web/src/i18n). Saber's key
// names, so a BladeX user's stored choices still apply.
const THEME_STORE = 'themeName';
const COLOR_STORE = 'colorName';
const COLLAPSE_STORE = 'isCollapse';

export interface Settings {
  theme: ThemeName;
  /** The primary colour, `#rrggbb`. */
  color: string;
  /** The sidebar's saved collapse (screen classes 2 and 3). */
  collapsed: boolean;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export const isHexColor = (value: unknown): value is string =>
  typeof value === 'string' && HEX_COLOR.test(value);

function readSettings(): Settings {
  const storedTheme = readStore(THEME_STORE);
  const theme = isThemeName(storedTheme)
    ? storedTheme
    : isThemeName(website.theme)
      ? website.theme
      : 'theme-default';
  const storedColor = readStore(COLOR_STORE);
  return {
    theme,
    color: isHexColor(storedColor) ? storedColor : website.color,
    collapsed: readStore(COLLAPSE_STORE) === true,
  };
}

export const useSettings = create<Settings>()(readSettings);

/** Picks a theme; its own colour becomes the primary colour. */
export function setTheme(theme: ThemeName): void {
  const color = THEMES[theme].primary;
  writeStore(THEME_STORE, theme);
  writeStore(COLOR_STORE, color);
  useSettings.setState({ theme, color });
}

/** Picks the primary colour (`#rrggbb`); anything else is ignored. */
export function setColor(color: string): void {
  if (!isHexColor(color)) return;
  writeStore(COLOR_STORE, color);
  useSettings.setState({ color });
}

export function setCollapsed(collapsed: boolean): void {
  writeStore(COLLAPSE_STORE, collapsed);
  useSettings.setState({ collapsed });
}
