import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyEvent } from './ServerEvents';

// What each event does to the console's data: it marks out of date (and reads again, when shown)
// the queries it concerns, and no others.

function clientWith(...keys: string[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 1);
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey.join('/'))
      .sort();
  return { client, stale };
}

describe('applyEvent', () => {
  it('refreshes the messages on a new message, and nothing else', () => {
    const { client, stale } = clientWith(
      ['message', 'unread-count'],
      ['message', 'list', 'task'],
      ['refund', 'list'],
    );
    applyEvent(client, 'message', { kind: 'task', title: '待办' });
    expect(stale()).toEqual(['message/list/task', 'message/unread-count']);
  });

  it('refreshes the queries of a change’s topic only', () => {
    const { client, stale } = clientWith(['refund', 'list', '{}'], ['dashboard'], ['machine', 'list']);
    applyEvent(client, 'change', { topic: 'refund' });
    expect(stale()).toEqual(['refund/list/{}']);
    applyEvent(client, 'change', { topic: 'dashboard' });
    expect(stale()).toEqual(['dashboard', 'refund/list/{}']);
    applyEvent(client, 'change', { nothing: true });
    expect(stale()).toEqual(['dashboard', 'refund/list/{}']);
  });

  it('refreshes everything after a gap the server could not fill', () => {
    const { client, stale } = clientWith(['message', 'unread-count'], ['refund', 'list']);
    applyEvent(client, 'resync', {});
    expect(stale()).toEqual(['message/unread-count', 'refund/list']);
  });
});
