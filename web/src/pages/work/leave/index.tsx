import { ConfigProvider } from 'antd';
import { useCallback, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import '../../../i18n/console-texts';
import { LeaveDetailView } from './LeaveDetailView';
import { LeaveForm } from './LeaveForm';
import { LeaveHandle } from './LeaveHandle';
import './locales';

export type LeaveView = 'form' | 'handle' | 'detail';

const TITLES = {
  form: 'shell.pages.leaveForm',
  handle: 'shell.pages.leaveHandle',
  detail: 'shell.pages.leaveDetail',
} as const;

/**
 * The leave process's pages (spec §2), at the flow route dictionary's '/work/process/leave':
 * form/:processDefinitionId files a request, handle/:taskId/:processInstanceId/:businessId decides
 * a task of one, detail/:processInstanceId/:businessId shows one. Each is a tab of its own; its
 * popups render inside it, so they hide with it.
 */
export default function LeavePage({ view }: { view: LeaveView }) {
  const { t } = useTranslation();
  const params = useParams();
  const region = useRef<HTMLElement>(null);
  const getContainer = useCallback(() => region.current ?? document.body, []);

  let content: ReactNode;
  if (view === 'form') content = <LeaveForm processDefinitionId={params.processDefinitionId ?? ''} />;
  else if (view === 'handle')
    content = (
      <LeaveHandle
        taskId={params.taskId ?? ''}
        processInstanceId={params.processInstanceId ?? ''}
        businessId={params.businessId ?? ''}
      />
    );
  else
    content = (
      <LeaveDetailView
        processInstanceId={params.processInstanceId ?? ''}
        businessId={params.businessId ?? ''}
      />
    );

  return (
    <ConfigProvider getPopupContainer={getContainer}>
      <section ref={region} aria-label={t(TITLES[view])} style={{ position: 'relative' }}>
        {content}
      </section>
    </ConfigProvider>
  );
}
