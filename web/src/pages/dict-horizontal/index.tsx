import { useTranslation } from 'react-i18next';
import { ComingLater } from '../../app/layout/PageState';

/** Dictionaries, parent list beside the child tree (spec §2); its data comes with the dictionaries issue. */
export default function DictHorizontalPage() {
  const { t } = useTranslation();
  return <ComingLater title={t('shell.pages.dictHorizontal')} text={t('shell.placeholder.dictionaries')} />;
}
