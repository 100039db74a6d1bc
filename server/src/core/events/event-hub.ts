import type { OutgoingHttpHeaders } from 'node:http';
import { RIGHTS_TOPIC, type ServerEventName, type ServerEvents } from '@console/contract';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { AccountChange } from '../auth/account-states.js';
import type { Cache, Unsubscribe } from '../cache/index.js';
import { ApiError } from '../errors.js';
import { EventStream, type StreamOwner } from './event-stream.js';

// Events pushed to the signed-in console (issue 47, docs/decisions/0039-the-event-stream.md).
//
// Every event goes through the shared cache's pub/sub (Redis with REDIS_URL, the process's memory
// otherwise), so an event raised in one process reaches the streams open on every other. Each event
// gets the next number of one shared counter; every process keeps the events of the last minutes it
// has seen, so that a console reconnecting with `Last-Event-ID` (to this process or any other) is
// sent what it missed, or told to read everything again (`resync`) when the gap is longer than that.

/** Told that data of a topic of a tenant changed (EventHub.onChange). */
export type ChangeListener = (tenantId: string, topic: string) => void;

/** Whom an event is for: a tenant's users (all of them without `userIds`), or one sign-in session. */
export interface EventTarget {
  tenantId: string;
  userIds?: readonly string[];
  sessionId?: string;
}

export interface EventHubOptions {
  /** How long events are kept for replay (ms). */
  replayMs: number;
  /** How many events are kept for replay at most (older ones go first). */
  replayMax: number;
  /** How often an idle stream is sent a comment (ms); also when streams of expired tokens end. */
  heartbeatMs: number;
  /** Streams open at once per user (a tab each), and per process. */
  perUser: number;
  perProcess: number;
  /** Bytes that may wait for a slow client before it is cut off. */
  maxBuffered: number;
}

export const EVENT_HUB_DEFAULTS: EventHubOptions = {
  replayMs: 5 * 60_000,
  replayMax: 10_000,
  heartbeatMs: 25_000,
  perUser: 10,
  perProcess: 10_000,
  maxBuffered: 64 * 1024,
};

const CHANNEL = 'events';
const SEQUENCE_KEY = 'events:sequence';

/** An event as it travels between processes and waits for replay. */
interface Published extends EventTarget {
  seq: number;
  name: ServerEventName;
  /** The event's data, as JSON. */
  data: string;
  /** When this process received it (ms). */
  at?: number;
}

export class EventHub {
  readonly #options: EventHubOptions;
  /** The open streams of this process, by user id. */
  readonly #byUser = new Map<string, Set<EventStream>>();
  #open = 0;
  /** Events received for replay, oldest first; every event from `#heldFrom` on is among them. */
  #held: Published[] = [];
  #heldFrom: number | null = null;
  #draining = false;
  #unsubscribe: Unsubscribe | null = null;
  #heartbeat: NodeJS.Timeout | null = null;
  /** This process's own listeners to changes (caches of what the changes concern). */
  readonly #changeListeners = new Set<ChangeListener>();

  constructor(
    private readonly cache: Cache,
    private readonly log: FastifyBaseLogger,
    options: Partial<EventHubOptions> = {},
  ) {
    this.#options = { ...EVENT_HUB_DEFAULTS, ...options };
  }

  async start(): Promise<void> {
    this.#unsubscribe = await this.cache.subscribe(CHANNEL, (message) => this.#received(message));
    this.#heartbeat = setInterval(() => this.#beat(), this.#options.heartbeatMs);
    this.#heartbeat.unref();
  }

  /** How many streams are open in this process. */
  get size(): number {
    return this.#open;
  }

  /**
   * Sends an event to its target's open streams, in every process. An event that cannot be sent
   * (the shared cache is away) is logged and lost: what it announced is stored, and the console
   * finds it when it next reads.
   */
  async publish<N extends ServerEventName>(
    target: EventTarget,
    name: N,
    data: ServerEvents[N],
  ): Promise<void> {
    try {
      const seq = await this.cache.increment(SEQUENCE_KEY);
      const event: Published = { ...target, seq, name, data: JSON.stringify(data) };
      await this.cache.publish(CHANNEL, JSON.stringify(event));
    } catch (err) {
      this.log.warn({ err, event: name }, 'an event could not be published');
    }
  }

  /**
   * Tells the tenant's open consoles that data of these topics changed (the first part of the query
   * keys of the pages that show it: 'refund', 'dashboard'), so that they read it again. No data
   * travels: each console reads what its user may see.
   */
  async changed(tenantId: string, ...topics: string[]): Promise<void> {
    for (const topic of topics) {
      // This process's listeners hear it at once; every process's (this one's again) on receipt.
      this.#tellListeners(tenantId, topic);
      await this.publish({ tenantId }, 'change', { topic });
    }
  }

  /**
   * Listens to the changes announced by any process (`changed`), as a server-side cache of what
   * they concern needs to: told of this process's own at once, and of every process's when they
   * arrive. A change lost with the shared cache is not told: such a cache also expires.
   */
  onChange(listener: ChangeListener): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  #tellListeners(tenantId: string, topic: string): void {
    for (const listener of this.#changeListeners) listener(tenantId, topic);
  }

  /**
   * Opens a stream on the request's connection for its owner, after sending what it missed since
   * `lastEventId`. Refused with 429 past the limits and 503 while the process drains (the console
   * tries again later, elsewhere).
   */
  async open(reply: FastifyReply, owner: StreamOwner, lastEventId: string | undefined): Promise<void> {
    if (this.#draining) throw new ApiError(503, 'stream.draining');
    if (this.#open >= this.#options.perProcess) throw new ApiError(503, 'stream.tooManyHere');
    if ((this.#byUser.get(owner.userId)?.size ?? 0) >= this.#options.perUser)
      throw new ApiError(429, 'stream.tooManyOfUser', { max: this.#options.perUser });
    const latest = lastEventId === undefined ? 0 : Number((await this.cache.get(SEQUENCE_KEY)) ?? 0);

    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and its kind would otherwise hold events back to fill a buffer.
      'x-accel-buffering': 'no',
    });
    const stream = new EventStream(owner, response, this.#options.maxBuffered);
    this.#add(stream);
    response.once('close', () => this.#remove(stream));
    // Written at once: the console knows the stream is open (and proxies pass the headers on).
    stream.heartbeat();
    if (lastEventId !== undefined) this.#catchUp(stream, lastEventId, latest);
  }

  /**
   * Rechecks the sessions of the open streams a change concerns: a stream whose session has ended
   * is told why and closed. One whose session goes on after a change of its user or tenant (a role
   * given or taken) is told that its rights may have changed (`RIGHTS_TOPIC`), so that the console
   * reads its menus and buttons again.
   */
  accountChanged(change: AccountChange): void {
    for (const stream of this.#streams()) {
      const { owner } = stream;
      const concerned =
        change === 'all' ||
        ('userId' in change && owner.userId === change.userId) ||
        ('tenantId' in change && owner.tenantId === change.tenantId) ||
        ('sessionId' in change && owner.sessionId === change.sessionId);
      if (!concerned) continue;
      owner.ended().then(
        (reason) => {
          if (reason) {
            stream.send(null, 'session', JSON.stringify({ reason }));
            stream.end();
          } else if (change !== 'all' && !('sessionId' in change))
            stream.send(null, 'change', JSON.stringify({ topic: RIGHTS_TOPIC }));
        },
        // The cache or database is away: the guard refuses its next request anyway.
        (err: unknown) => this.log.warn({ err }, 'an event stream’s session could not be checked'),
      );
    }
  }

  /** The drain (SIGTERM): no new streams; the open ones end, and their consoles reconnect elsewhere. */
  drain(): void {
    this.#draining = true;
    for (const stream of this.#streams()) stream.end();
  }

  async close(): Promise<void> {
    this.drain();
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    await this.#unsubscribe?.();
  }

  #add(stream: EventStream): void {
    const { userId } = stream.owner;
    let streams = this.#byUser.get(userId);
    if (!streams) this.#byUser.set(userId, (streams = new Set()));
    streams.add(stream);
    this.#open += 1;
  }

  #remove(stream: EventStream): void {
    const streams = this.#byUser.get(stream.owner.userId);
    if (!streams?.delete(stream)) return;
    this.#open -= 1;
    if (streams.size === 0) this.#byUser.delete(stream.owner.userId);
  }

  *#streams(): Generator<EventStream> {
    for (const streams of [...this.#byUser.values()]) yield* [...streams];
  }

  /** Sends the events after `lastEventId` that the stream's owner should have had, or `resync`. */
  #catchUp(stream: EventStream, lastEventId: string, latest: number): void {
    const last = Number(lastEventId);
    if (Number.isSafeInteger(last) && last >= latest) return; // nothing happened since
    if (!Number.isSafeInteger(last) || this.#heldFrom === null || this.#heldFrom > last + 1) {
      stream.send(null, 'resync', '{}');
      return;
    }
    const missed = this.#held.filter((event) => event.seq > last && isFor(event, stream.owner));
    for (const event of missed.sort((a, b) => a.seq - b.seq)) stream.send(event.seq, event.name, event.data);
  }

  #received(message: string): void {
    if (message === '*') {
      // This process was cut off from the cache: whatever was published meanwhile is lost to it.
      this.#held = [];
      this.#heldFrom = null;
      for (const stream of this.#streams()) stream.send(null, 'resync', '{}');
      return;
    }
    const event = JSON.parse(message) as Published;
    this.#hold(event);
    if (event.name === 'change' && this.#changeListeners.size > 0)
      this.#tellListeners(event.tenantId, (JSON.parse(event.data) as ServerEvents['change']).topic);
    if (event.userIds) {
      for (const userId of event.userIds)
        for (const stream of this.#byUser.get(userId) ?? [])
          if (isFor(event, stream.owner)) stream.send(event.seq, event.name, event.data);
    } else {
      for (const stream of this.#streams())
        if (isFor(event, stream.owner)) stream.send(event.seq, event.name, event.data);
    }
  }

  #hold(event: Published): void {
    const now = Date.now();
    event.at = now;
    this.#held.push(event);
    this.#heldFrom ??= event.seq;
    const { replayMax, replayMs } = this.#options;
    const tooOld = (held: Published) => (held.at ?? now) < now - replayMs;
    let kept = this.#held.findIndex((held, index) => this.#held.length - index <= replayMax && !tooOld(held));
    if (kept === 0) return;
    if (kept === -1) kept = this.#held.length;
    this.#heldFrom = Math.max(...this.#held.slice(0, kept).map((held) => held.seq)) + 1;
    this.#held = this.#held.slice(kept);
  }

  /** Keeps idle streams open through proxies; ends those whose token has expired. */
  #beat(): void {
    const now = Date.now();
    for (const stream of this.#streams()) {
      if (stream.owner.expiresAt <= now) stream.end();
      else stream.heartbeat();
    }
  }
}

/** Whether an event is for a stream's owner. */
function isFor(event: EventTarget, owner: StreamOwner): boolean {
  if (event.tenantId !== owner.tenantId) return false;
  if (event.userIds && !event.userIds.includes(owner.userId)) return false;
  return event.sessionId === undefined || event.sessionId === owner.sessionId;
}
