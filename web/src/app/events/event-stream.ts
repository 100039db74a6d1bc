import type { ServerEventName } from '@console/contract';
import { createParser } from 'eventsource-parser';

// The console's end of the event stream (decision 0039): Server-Sent Events read with fetch, because
// the stream is authenticated like every call (the Blade-Auth header, which EventSource cannot send).
// It reconnects by itself, with a growing pause between failures, and asks for what it missed with
// `Last-Event-ID`; the server then sends those events, or `resync` when it no longer has them.

export interface EventStreamOptions {
  url: string;
  /** The headers of a call (client, language, token), read at each connection; null: no session. */
  headers: () => Record<string, string> | null;
  onEvent: (name: ServerEventName, data: unknown) => void;
  /** The server refused the token (401): the session is over; the stream stops. */
  onUnauthorized: () => void;
  /** The pause before the first retry, doubled after each failure up to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

/** Opens the stream and keeps it open until the answered function is called. */
export function openEventStream(options: EventStreamOptions): () => void {
  const minDelay = options.minDelayMs ?? 1_000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  let stopped = false;
  let lastEventId: string | undefined;
  let failures = 0;
  let abort: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const retry = () => {
    if (stopped) return;
    // Full jitter: many consoles cut off by one restart do not all come back at the same instant.
    const ceiling = Math.min(maxDelay, minDelay * 2 ** failures);
    failures += 1;
    timer = setTimeout(connect, ceiling / 2 + Math.random() * (ceiling / 2));
  };

  const connect = async () => {
    const headers = stopped ? null : options.headers();
    if (!headers) return;
    abort = new AbortController();
    let ended = false;
    try {
      const response = await fetch(options.url, {
        headers: {
          ...headers,
          Accept: 'text/event-stream',
          ...(lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId }),
        },
        credentials: 'same-origin',
        cache: 'no-store',
        signal: abort.signal,
      });
      if (response.status === 401) {
        stopped = true;
        options.onUnauthorized();
        return;
      }
      if (response.status !== 200 || !response.body) return retry();
      const parser = createParser({
        onEvent: (event) => {
          if (event.id !== undefined) lastEventId = event.id;
          const name = (event.event ?? 'message') as ServerEventName;
          // A session that ended: the stream ends after it, and is not opened again.
          if (name === 'session') ended = true;
          options.onEvent(name, parseData(event.data));
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        // Open and read from: the next failure starts from the shortest pause again.
        failures = 0;
        parser.feed(value);
      }
    } catch {
      // The network, or stop(): retry (which does nothing once stopped).
    }
    if (ended) stopped = true;
    retry();
  };

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    abort?.abort();
  };
}

function parseData(data: string): unknown {
  try {
    return data ? (JSON.parse(data) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
