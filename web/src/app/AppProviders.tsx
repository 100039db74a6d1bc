import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider, type ConfigProviderProps, type ThemeConfig } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useMemo, type ReactNode } from 'react';
import { LANGUAGE_TAGS, useLanguage, type Language } from '../i18n';
import { useSettings } from './settings/settings-store';
import { systemPrefersReducedMotion } from './settings/reduced-motion';
import { antdThemeOf } from './settings/themes';

const antdLocales: Record<Language, ConfigProviderProps['locale']> = { zh: zhCN, en: enUS };

/** The system's reduced-motion setting, read once as the console loads (reduced-motion.ts says why). */
const reducedMotionAtLoad = systemPrefersReducedMotion();

/**
 * antd's theme from the user's settings (the chosen theme and colour, web/src/app/settings) and the
 * system's reduced-motion setting as it was when the console loaded.
 */
export function useAntdTheme(): ThemeConfig {
  const theme = useSettings((state) => state.theme);
  const color = useSettings((state) => state.color);
  return useMemo(() => antdThemeOf(theme, color, !reducedMotionAtLoad), [theme, color]);
}

/**
 * Every style antd writes goes in the `antd` cascade layer, as its static stylesheet does
 * (docs/decisions/0028-static-antd-styles.md): below the console's own CSS whatever the selectors,
 * and above antd's reset. Icons then take their CSS from antd too, in the same layer.
 */
function AntdLayer({ children }: { children: ReactNode }) {
  return <StyleProvider layer>{children}</StyleProvider>;
}

/** antd's theme alone, for what renders outside the app's tree (the static `message`). */
export function ThemedConfigProvider({ children }: { children: ReactNode }) {
  return (
    <AntdLayer>
      <ConfigProvider theme={useAntdTheme()}>{children}</ConfigProvider>
    </AntdLayer>
  );
}

/**
 * antd's theme (the chosen theme and colour, so the sign-in page shows them too) and locale, and the
 * page's `lang`, following the chosen language. The server-state cache and antd's App come with the
 * signed-in pages (ShellProviders).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const theme = useAntdTheme();

  useEffect(() => {
    document.documentElement.lang = LANGUAGE_TAGS[language];
  }, [language]);

  return (
    <AntdLayer>
      <ConfigProvider locale={antdLocales[language]} theme={theme}>
        {children}
      </ConfigProvider>
    </AntdLayer>
  );
}
