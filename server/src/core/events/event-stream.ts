import type { ServerResponse } from 'node:http';
import type { ServerEventName, SessionEndReason } from '@console/contract';

/** Whose an open stream is, and how to ask whether its session still lets it in. */
export interface StreamOwner {
  tenantId: string;
  userId: string;
  sessionId: string;
  /** When the token that opened it expires (ms): the stream ends then, and the console opens another. */
  expiresAt: number;
  /** Why the session no longer lets its token in; null while it does (core/auth/guard.ts, sessionOf). */
  ended(): Promise<SessionEndReason | null>;
}

/**
 * One open Server-Sent Events stream: its owner and the response it writes to. A client that does
 * not read what is sent to it is cut off once `maxBuffered` bytes wait for it, so that it costs the
 * server no more; it reconnects with the last id it read and catches up (event-hub.ts).
 */
export class EventStream {
  #closed = false;

  constructor(
    readonly owner: StreamOwner,
    private readonly response: ServerResponse,
    private readonly maxBuffered: number,
  ) {}

  get closed(): boolean {
    return this.#closed || this.response.destroyed;
  }

  /** Writes one event: `id` (a sequence number, for Last-Event-ID), its name and its JSON data. */
  send(id: number | null, name: ServerEventName, data: string): void {
    this.#write(`${id === null ? '' : `id: ${id}\n`}event: ${name}\ndata: ${data}\n\n`);
  }

  /** A comment line: proxies see traffic on an idle stream and keep it open. */
  heartbeat(): void {
    this.#write(':\n\n');
  }

  /** Ends the stream as a finished answer (the client reconnects, unless told why it should not). */
  end(): void {
    if (this.closed) return;
    this.#closed = true;
    this.response.end();
  }

  #write(text: string): void {
    if (this.closed) return;
    if (this.response.writableLength > this.maxBuffered) {
      // A slow reader: drop it rather than hold more for it.
      this.#closed = true;
      this.response.destroy();
      return;
    }
    this.response.write(text);
  }
}
