import { EVENT_STREAM_PATH, SESSION_END_REASONS, type SessionEndReason } from '@console/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_QUERY_KEY } from '../../api/desk/message';
import { callHeaders, requestEnvironment, requireEnvironment } from '../../api/request';
import { useSession } from '../session/session-store';
import { openEventStream } from './event-stream';
import '../../i18n/console-texts';

/**
 * What an event does to the data on screen: a new message, or a gap the server could not fill,
 * refreshes the messages' counts and lists; a change refreshes the queries of its topic (the first
 * part of their keys). Nothing is polled.
 */
export function applyEvent(queryClient: QueryClient, name: string, data: unknown): void {
  if (name === 'message' || name === 'resync')
    void queryClient.invalidateQueries({ queryKey: MESSAGE_QUERY_KEY });
  if (name === 'resync') void queryClient.invalidateQueries();
  if (name === 'change' && typeof (data as { topic?: unknown })?.topic === 'string')
    void queryClient.invalidateQueries({ queryKey: [(data as { topic: string }).topic] });
}

/**
 * The signed-in console's event stream, open while the main layout is (one per tab). A session that
 * the server ended (signed out elsewhere, disabled, password changed) is said so in a dialog before
 * the page leaves for sign-in.
 */
export function ServerEvents() {
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const signedIn = useSession((state) => Boolean(state.token));
  // Read when an event comes: a change of language does not reopen the stream.
  const shown = useRef({ modal, t });
  shown.current = { modal, t };

  useEffect(() => {
    if (!signedIn) return;
    const leave = () => requireEnvironment().onUnauthorized();
    const stop = openEventStream({
      url: EVENT_STREAM_PATH,
      headers: () => {
        const env = requestEnvironment();
        return env?.getToken() ? callHeaders(env, {}) : null;
      },
      onUnauthorized: leave,
      onEvent: (name, data) => {
        if (name !== 'session') return applyEvent(queryClient, name, data);
        const reason = (data as { reason?: SessionEndReason })?.reason;
        const { modal, t } = shown.current;
        modal.warning({
          title: t('events.sessionEnded.title'),
          content: SESSION_END_REASONS.includes(reason!) ? t(`events.sessionEnded.reasons.${reason!}`) : null,
          okText: t('events.sessionEnded.signIn'),
          onOk: leave,
        });
      },
    });
    return stop;
  }, [signedIn, queryClient]);
  return null;
}
