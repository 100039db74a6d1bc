// The languages the console speaks: a leaf, so that configuration (config/website.ts) can name them
// without importing the i18n instance, which itself reads that configuration.

export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** BCP 47 tags: the page's `lang` and the `Accept-Language` the server answers `msg` in. */
export const LANGUAGE_TAGS: Record<Language, string> = { zh: 'zh-CN', en: 'en-US' };

/** Each language is offered under its own name, so it can be found whatever is on screen now. */
export const LANGUAGE_NAMES: Record<Language, string> = { zh: '中文', en: 'English' };
