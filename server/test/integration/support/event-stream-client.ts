import { EVENT_STREAM_PATH } from '@console/contract';
import { SABER_BASIC } from './test-app.js';

// A reader of the server's event stream over real HTTP, as the console reads it (fetch with the
// Blade-Auth header): it parses the text/event-stream frames itself, so that a test sees exactly
// what the server wrote.

export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: unknown;
}

export interface OpenedStream {
  status: number;
  /** The JSON answer of a refused stream (the R envelope). */
  refusal: { code: number; msg: string } | undefined;
  /** The next event, 'end' when the server ended the stream, or 'timeout'. */
  next(timeoutMs?: number): Promise<StreamEvent | 'end' | 'timeout'>;
  /** Events that arrive within the time (none expected: an empty list). */
  drain(forMs: number): Promise<StreamEvent[]>;
  close(): void;
}

export async function openStream(origin: string, token: string, lastEventId?: string): Promise<OpenedStream> {
  const abort = new AbortController();
  const response = await fetch(`${origin}${EVENT_STREAM_PATH}`, {
    headers: {
      authorization: SABER_BASIC,
      'blade-auth': `bearer ${token}`,
      accept: 'text/event-stream',
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
    },
    signal: abort.signal,
  });
  if (response.status !== 200)
    return {
      status: response.status,
      refusal: (await response.json()) as { code: number; msg: string },
      next: () => Promise.resolve('end'),
      drain: () => Promise.resolve([]),
      close: () => abort.abort(),
    };

  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const queue: Array<StreamEvent | 'end'> = [];
  let buffered = '';
  // Set by next() while it waits; called when something arrives.
  const waiting: { wake?: () => void } = {};
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += value;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const frame = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const event = parseFrame(frame);
          if (event) queue.push(event);
        }
        waiting.wake?.();
      }
    } catch {
      // aborted by close()
    }
    queue.push('end');
    waiting.wake?.();
  })();

  const next = async (timeoutMs = 3_000): Promise<StreamEvent | 'end' | 'timeout'> => {
    const deadline = Date.now() + timeoutMs;
    while (queue.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0) return 'timeout';
      await new Promise<void>((resolve) => {
        waiting.wake = resolve;
        setTimeout(resolve, left);
      });
    }
    return queue.shift()!;
  };
  return {
    status: 200,
    refusal: undefined,
    next,
    async drain(forMs) {
      const events: StreamEvent[] = [];
      for (;;) {
        const event = await next(forMs);
        if (event === 'timeout' || event === 'end') return events;
        events.push(event);
      }
    },
    close: () => abort.abort(),
  };
}

/** One frame's fields; null for a comment-only frame (a heartbeat). */
function parseFrame(frame: string): StreamEvent | null {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  let any = false;
  for (const line of frame.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    any = true;
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return any ? { id, event, data: data.length ? JSON.parse(data.join('\n')) : undefined } : null;
}
