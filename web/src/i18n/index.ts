import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { readStore, writeStore } from '../app/storage';
import { website } from '../config/website';
import { LANGUAGES, type Language } from './languages';
import { zh, type CoreMessages } from './locales/zh';

export { LANGUAGES, LANGUAGE_NAMES, LANGUAGE_TAGS, type Language } from './languages';

const LANGUAGE_STORE = 'language';

function toLanguage(value: unknown): Language {
  return LANGUAGES.find((language) => language === value) ?? website.language;
}

export const i18n: I18n = i18next.createInstance();

// The default language's texts are bundled, so initialisation completes synchronously; the other
// language's core texts download when it is chosen (`loadLanguage`, awaited by main.tsx before the
// first render and by `changeLanguage`), so the sign-in page carries one language.
void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh } },
  lng: toLanguage(readStore(LANGUAGE_STORE)),
  fallbackLng: website.language,
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false }, // React escapes.
  showSupportNotice: false, // keeps the console (and test output) free of i18next's advertisement
});

export function currentLanguage(): Language {
  return toLanguage(i18n.language);
}

const coreTexts: Record<Language, () => Promise<CoreMessages>> = {
  zh: () => Promise.resolve(zh),
  en: () => import('./locales/en').then((module) => module.en),
};
const loaded = new Set<Language>(['zh']);

/** Makes sure a language's core texts are there (they download once, the first time it is used). */
export async function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const texts = await coreTexts[language]();
  // Deep, without overwriting what the shell and the pages already added for this language.
  i18n.addResourceBundle(language, 'translation', texts, true, false);
  loaded.add(language);
  // Started in this language before its texts were there: i18next resolves it again.
  if (i18n.language === language && i18n.resolvedLanguage !== language) await i18n.changeLanguage(language);
}

/** Switches every text and remembers the choice for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  writeStore(LANGUAGE_STORE, language);
  await i18n.changeLanguage(language);
}

/** The current language; the calling component re-renders when it changes. */
export function useLanguage(): Language {
  const { i18n: bound } = useTranslation();
  return toLanguage(bound.language);
}
