import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isTransportFailure } from '../../../api/request';

/**
 * What a page does with a failed call it made itself: an answered failure (400, 403, …) has been
 * shown by the request layer with the server's words; a call that got no answer is said here.
 */
export function useReportFailure(): (error: unknown) => void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(
    (error: unknown) => {
      if (isTransportFailure(error)) void message.error(t('request.unreachable'));
    },
    [message, t],
  );
}
