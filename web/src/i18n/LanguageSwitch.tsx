import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGE_NAMES, LANGUAGES, useLanguage, type Language } from '.';

const options = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));

export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Segmented<Language>
      size="small"
      aria-label={t('language.label')}
      options={options}
      value={language}
      onChange={(next) => void changeLanguage(next)}
    />
  );
}
