import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { readStore, writeStore } from '../app/storage';
import { website } from '../config/website';
import { en } from './locales/en';
import { zh } from './locales/zh';

export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** BCP 47 tags: the page's `lang` and the `Accept-Language` the server answers `msg` in. */
export const LANGUAGE_TAGS: Record<Language, string> = { zh: 'zh-CN', en: 'en-US' };

/** Each language is offered under its own name, so it can be found whatever is on screen now. */
export const LANGUAGE_NAMES: Record<Language, string> = { zh: '中文', en: 'English' };

const LANGUAGE_STORE = 'language';

function toLanguage(value: unknown): Language {
  return LANGUAGES.find((language) => language === value) ?? website.language;
}

export const i18n = i18next.createInstance();

// Resources are bundled, so initialisation completes synchronously: texts are ready before the first render.
void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: toLanguage(readStore(LANGUAGE_STORE)),
  fallbackLng: website.language,
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false }, // React escapes.
  showSupportNotice: false, // keeps the console (and test output) free of i18next's advertisement
});

export function currentLanguage(): Language {
  return toLanguage(i18n.language);
}

/** Switches every text and remembers the choice for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  writeStore(LANGUAGE_STORE, language);
  await i18n.changeLanguage(language);
}

/** The current language; the calling component re-renders when it changes. */
export function useLanguage(): Language {
  const { i18n: bound } = useTranslation();
  return toLanguage(bound.language);
}
