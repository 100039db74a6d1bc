import { theme as antdTheme, type ThemeConfig } from 'antd';

// The 11 themes of spec §9, each a look of its own built on antd's tokens: the algorithm (light or
// dark), the primary colour the theme brings, the corner radius, and the shell's colours (sidebar,
// header, tabs bar, content). Saber's names are kept, typo included ("bule"), so stored choices and
// BladeX habits carry over.

export const THEME_NAMES = [
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
] as const;

export type ThemeName = (typeof THEME_NAMES)[number];

/** The shell's own colours under a theme. */
export interface ShellColors {
  /** antd Menu's theme in the sidebar: `dark` for dark sidebars. */
  menu: 'dark' | 'light';
  siderBg: string;
  /** Background of open submenus in a dark sidebar. */
  siderSubBg: string;
  /** The logo strip at the sidebar's top. */
  logoBg: string;
  logoText: string;
  headerBg: string;
  /** Text and icon colour of the top bar. */
  headerText: string;
  tabsBg: string;
  contentBg: string;
}

export interface ThemeDefinition {
  name: ThemeName;
  /** antd's dark algorithm for every component. */
  dark: boolean;
  /** The colour the theme brings: choosing the theme makes it the primary colour (the colour picker can change it after). */
  primary: string;
  borderRadius: number;
  shell: ShellColors;
}

const dark = (siderBg: string, siderSubBg: string, logoBg = siderBg) => ({
  menu: 'dark' as const,
  siderBg,
  siderSubBg,
  logoBg,
  logoText: '#ffffff',
});

const light = (siderBg: string, siderSubBg: string, logoBg = siderBg, logoText = 'rgba(0, 0, 0, 0.88)') => ({
  menu: 'light' as const,
  siderBg,
  siderSubBg,
  logoBg,
  logoText,
});

export const THEMES: Readonly<Record<ThemeName, ThemeDefinition>> = {
  'theme-default': {
    name: 'theme-default',
    dark: false,
    primary: '#409EFF',
    borderRadius: 6,
    shell: {
      ...dark('#20222a', '#1a1c22'),
      headerBg: '#ffffff',
      headerText: 'rgba(0, 0, 0, 0.88)',
      tabsBg: '#ffffff',
      contentBg: '#f0f2f5',
    },
  },
  'theme-white': {
    name: 'theme-white',
    dark: false,
    primary: '#1677ff',
    borderRadius: 4,
    shell: {
      ...light('#ffffff', '#fafafa'),
      headerBg: '#ffffff',
      headerText: 'rgba(0, 0, 0, 0.88)',
      tabsBg: '#fafafa',
      contentBg: '#f5f7fa',
    },
  },
  'theme-dark': {
    name: 'theme-dark',
    dark: true,
    primary: '#177ddc',
    borderRadius: 6,
    shell: {
      ...dark('#141414', '#0d0d0d'),
      headerBg: '#1f1f1f',
      headerText: 'rgba(255, 255, 255, 0.85)',
      tabsBg: '#1a1a1a',
      contentBg: '#000000',
    },
  },
  'theme-star': {
    name: 'theme-star',
    dark: false,
    primary: '#7265e6',
    borderRadius: 8,
    shell: {
      ...dark('#0b1d3a', '#081530', '#091733'),
      headerBg: '#13284f',
      headerText: '#e6ebff',
      tabsBg: '#eef0fb',
      contentBg: '#e9ecf8',
    },
  },
  'theme-bule': {
    name: 'theme-bule',
    dark: false,
    primary: '#2d6cdf',
    borderRadius: 4,
    shell: {
      ...dark('#1d4e89', '#173f70', '#173f70'),
      headerBg: '#2d6cdf',
      headerText: '#ffffff',
      tabsBg: '#ffffff',
      contentBg: '#eef3fb',
    },
  },
  'theme-iview': {
    name: 'theme-iview',
    dark: false,
    primary: '#2d8cf0',
    borderRadius: 4,
    shell: {
      ...dark('#515a6e', '#363e4f', '#3d4456'),
      headerBg: '#ffffff',
      headerText: '#515a6e',
      tabsBg: '#f5f7f9',
      contentBg: '#f5f7f9',
    },
  },
  'theme-vip': {
    name: 'theme-vip',
    dark: false,
    primary: '#c9a227',
    borderRadius: 2,
    shell: {
      ...dark('#1c1b19', '#141311', '#000000'),
      headerBg: '#262522',
      headerText: '#e8d39a',
      tabsBg: '#faf7ee',
      contentBg: '#f4f1e8',
    },
  },
  'theme-cool': {
    name: 'theme-cool',
    dark: false,
    primary: '#13c2c2',
    borderRadius: 10,
    shell: {
      ...dark('#0f2d2e', '#0a2223'),
      headerBg: '#ffffff',
      headerText: '#0f2d2e',
      tabsBg: '#f0fbfb',
      contentBg: '#eaf7f7',
    },
  },
  'theme-d2': {
    name: 'theme-d2',
    dark: false,
    primary: '#3e8ef7',
    borderRadius: 4,
    shell: {
      ...light('#ebf1f6', '#e2eaf1', '#ebf1f6', '#2f3b4c'),
      headerBg: '#ebf1f6',
      headerText: '#2f3b4c',
      tabsBg: '#ebf1f6',
      contentBg: '#f7f9fb',
    },
  },
  'theme-hey': {
    name: 'theme-hey',
    dark: false,
    primary: '#eb2f96',
    borderRadius: 12,
    shell: {
      ...light('#fff0f6', '#ffe4f0', '#eb2f96', '#ffffff'),
      headerBg: '#ffffff',
      headerText: '#520339',
      tabsBg: '#fff7fb',
      contentBg: '#fdf5f9',
    },
  },
  'theme-lte': {
    name: 'theme-lte',
    dark: false,
    primary: '#3c8dbc',
    borderRadius: 0,
    shell: {
      ...dark('#222d32', '#2c3b41', '#367fa9'),
      headerBg: '#3c8dbc',
      headerText: '#ffffff',
      tabsBg: '#ffffff',
      contentBg: '#ecf0f5',
    },
  },
};

export const isThemeName = (value: unknown): value is ThemeName =>
  typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);

/** antd's theme for a theme and the chosen primary colour: tokens and the shell's component tokens. */
export function antdThemeOf(name: ThemeName, color: string, motion = true): ThemeConfig {
  const { dark: isDark, borderRadius, shell } = THEMES[name];
  return {
    algorithm: isDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    // `motion: false` when the system asks for reduced motion (reduced-motion.ts).
    token: { colorPrimary: color, colorInfo: color, colorLink: color, borderRadius, motion },
    components: {
      Layout: {
        siderBg: shell.siderBg,
        headerBg: shell.headerBg,
        headerColor: shell.headerText,
        bodyBg: shell.contentBg,
        headerHeight: 56,
        headerPadding: '0 12px',
        lightSiderBg: shell.siderBg,
        triggerBg: shell.siderSubBg,
      },
      Menu: {
        darkItemBg: shell.siderBg,
        darkSubMenuItemBg: shell.siderSubBg,
        darkPopupBg: shell.siderBg,
        itemBg: shell.menu === 'light' ? shell.siderBg : undefined,
        subMenuItemBg: shell.menu === 'light' ? shell.siderSubBg : undefined,
      },
    },
  };
}
