import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, type ConfigProviderProps, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { website } from '../config/website';
import { LANGUAGE_TAGS, useLanguage, type Language } from '../i18n';
import { queryClient } from './query-client';

export const antdTheme: ThemeConfig = { token: { colorPrimary: website.color } };

const antdLocales: Record<Language, ConfigProviderProps['locale']> = { zh: zhCN, en: enUS };

/**
 * antd's theme and locale, and the page's `lang`, following the chosen language; the server-state
 * cache; and antd's App, whose `useApp()` gives dialogs and messages that follow theme and locale.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const language = useLanguage();

  useEffect(() => {
    document.documentElement.lang = LANGUAGE_TAGS[language];
  }, [language]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocales[language]} theme={antdTheme}>
        <App>{children}</App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
