import 'i18next';
import type { ConsoleTexts } from './console-texts';
import type { CoreMessages } from './locales/zh';
import type { AreaTexts } from './page-texts';

/**
 * Every text key: the core texts, the shell's and the kit's (loaded with the main layout and the
 * kit, web/src/i18n/console-texts.ts) and those each page brings with it (web/src/i18n/page-texts.ts).
 */
type Messages = Omit<CoreMessages, 'shell'> & {
  shell: {
    [K in keyof ConsoleTexts['shell'] | keyof CoreMessages['shell']]: K extends keyof CoreMessages['shell']
      ? CoreMessages['shell'][K]
      : K extends keyof ConsoleTexts['shell']
        ? ConsoleTexts['shell'][K]
        : never;
  };
} & Omit<ConsoleTexts, 'shell'> &
  AreaTexts;

// Typed keys: `t('login.titel')` fails to compile instead of showing the key to users.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
