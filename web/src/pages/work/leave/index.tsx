import { useTranslation } from 'react-i18next';
import { ComingLater } from '../../../app/layout/PageState';

export type LeaveView = 'form' | 'handle' | 'detail';

const TITLES = {
  form: 'shell.pages.leaveForm',
  handle: 'shell.pages.leaveHandle',
  detail: 'shell.pages.leaveDetail',
} as const;

/**
 * The leave process's pages (spec §2): start a request, handle a task, view a request. They come
 * with the workflow issue; until then each says so.
 */
export default function LeavePage({ view }: { view: LeaveView }) {
  const { t } = useTranslation();
  return <ComingLater title={t(TITLES[view])} text={t('shell.placeholder.workflow')} />;
}
