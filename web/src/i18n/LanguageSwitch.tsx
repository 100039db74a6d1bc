import { theme } from 'antd';
import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGE_NAMES, LANGUAGE_TAGS, LANGUAGES, useLanguage } from '.';
import './language-switch.css';

/**
 * The language choice: a group of radio buttons drawn like antd's small Segmented (language-switch.css,
 * the theme's tokens). Native radios rather than Segmented, whose per-option tooltips bring antd's
 * tooltip and popup code into the sign-in page's download (docs/decisions/0008); the arrow keys move
 * the choice as in any radio group.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const language = useLanguage();
  const name = useId();
  const style = {
    '--lang-track': token.colorBgLayout,
    '--lang-selected': token.colorBgElevated,
    '--lang-text': token.colorTextLabel,
    '--lang-text-selected': token.colorText,
    '--lang-hover': token.colorFillSecondary,
    '--lang-shadow': token.boxShadowTertiary,
    '--lang-radius': `${token.borderRadiusSM}px`,
    '--lang-radius-item': `${Math.max(token.borderRadiusSM - 2, 0)}px`,
    '--lang-focus': token.colorPrimaryBorder,
    fontSize: token.fontSize,
  } as CSSProperties;
  return (
    <div className="lang-switch" role="radiogroup" aria-label={t('language.label')} style={style}>
      {LANGUAGES.map((option) => (
        <label
          key={option}
          className={option === language ? 'lang-switch-item lang-switch-item-selected' : 'lang-switch-item'}
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={option === language}
            onChange={() => void changeLanguage(option)}
          />
          <span lang={LANGUAGE_TAGS[option]}>{LANGUAGE_NAMES[option]}</span>
        </label>
      ))}
    </div>
  );
}
