import type { ParseKeys } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n/console-texts';

/** Shows labels that are a text key or a stored name, in the current language. */
export type LabelText = (label: string, key?: string) => string;

/**
 * The text of a label (spec §2): a menu's text key (`menu.<code>`) when the current language has it,
 * else the label itself as a text key (a route's title), else the label as stored (a menu's name).
 * The function changes with the language, so what depends on it follows a switch.
 */
export function useLabelText(): LabelText {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (label: string, key?: string) => {
      void language;
      if (key && i18n.exists(key)) return String(t(key as ParseKeys));
      if (label && i18n.exists(label)) return String(t(label as ParseKeys));
      return label;
    },
    [t, i18n, language],
  );
}
