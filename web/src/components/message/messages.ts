import type { Message } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import * as messageApi from '../../api/desk/message';
import { MESSAGE_QUERY_KEY } from '../../api/desk/message';

// What the top bar's popover and the message center share: the unread counts, and reading and
// removing messages so that both (and the bell's badge) show the same afterwards.

/** Where the message center opens (a fixed route of router.tsx, for every signed-in user). */
export const MESSAGE_CENTER_PATH = '/desk/message/index';

/**
 * The unread counts, in all and by kind. Read when first shown and again whenever a key under
 * MESSAGE_QUERY_KEY is invalidated (a message read or removed here, a new one pushed): no polling.
 */
export function useUnreadCount() {
  return useQuery({ queryKey: [...MESSAGE_QUERY_KEY, 'unread-count'], queryFn: messageApi.unreadCount });
}

/** The calls that change messages; once each has answered, every message query is read again. */
export function useMessageActions() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const thenRefresh =
      <A extends unknown[]>(call: (...args: A) => Promise<unknown>) =>
      async (...args: A): Promise<void> => {
        try {
          await call(...args);
        } finally {
          // A failed call too: the message may have been read or removed elsewhere meanwhile.
          void queryClient.invalidateQueries({ queryKey: MESSAGE_QUERY_KEY });
        }
      };
    const read = thenRefresh(messageApi.read);
    return {
      read,
      readAll: thenRefresh(messageApi.readAll),
      remove: thenRefresh(messageApi.remove),
      /** A message was opened: marks it read if it is not yet (a refusal the request layer shows). */
      opened: (message: Message) => {
        if (message.readTime === null) read([message.id]).catch(() => undefined);
      },
    };
  }, [queryClient]);
}

/** The console route a message links to, or undefined (no link, or not a path of this console). */
export function routeOf(message: Message): string | undefined {
  const link = message.link?.trim();
  return link?.startsWith('/') && !link.startsWith('//') ? link : undefined;
}
