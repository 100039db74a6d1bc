import 'i18next';
import type { Messages } from './locales/zh';

// Typed keys: `t('login.titel')` fails to compile instead of showing the key to users.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
