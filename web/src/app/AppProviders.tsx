import { ConfigProvider, type ConfigProviderProps, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { website } from '../config/website';
import { LANGUAGE_TAGS, useLanguage, type Language } from '../i18n';

export const antdTheme: ThemeConfig = { token: { colorPrimary: website.color } };

const antdLocales: Record<Language, ConfigProviderProps['locale']> = { zh: zhCN, en: enUS };

/** antd's theme and locale, and the page's `lang`, following the chosen language. */
export function AppProviders({ children }: { children: ReactNode }) {
  const language = useLanguage();

  useEffect(() => {
    document.documentElement.lang = LANGUAGE_TAGS[language];
  }, [language]);

  return (
    <ConfigProvider locale={antdLocales[language]} theme={antdTheme}>
      {children}
    </ConfigProvider>
  );
}
