import { useTranslation } from 'react-i18next';
import { ComingLater } from '../../app/layout/PageState';

/** Dictionaries, parent list above the child tree (spec §2); its data comes with the dictionaries issue. */
export default function DictVerticalPage() {
  const { t } = useTranslation();
  return <ComingLater title={t('shell.pages.dictVertical')} text={t('shell.placeholder.dictionaries')} />;
}
