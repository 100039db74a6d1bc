// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEventStream } from './event-stream';

// The console's stream reader against a real HTTP server that answers as the server's stream does:
// it reads events, reconnects with Last-Event-ID after the server ends the stream, waits and tries
// again after a refusal, stops at a 401 and after a `session` event.

type Answer = (req: http.IncomingMessage, res: http.ServerResponse) => void;

let server: http.Server;
let url: string;
/** What the server does with each connection, in turn (the last one repeats). */
let answers: Answer[];
/** The Last-Event-ID header of each connection (undefined: none). */
let asked: Array<string | undefined>;

const stream =
  (frames: string, end = true): Answer =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(':\n\n');
    res.write(frames);
    if (end) res.end();
  };
const refuse =
  (status: number): Answer =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ code: status }));
  };

beforeEach(async () => {
  answers = [];
  asked = [];
  server = http.createServer((req, res) => {
    asked.push(req.headers['last-event-id'] as string | undefined);
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/blade-desk/stream`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const until = async (condition: () => boolean, ms = 3_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('openEventStream', () => {
  it('reads events, and after the server ends the stream asks for what came after the last id', async () => {
    answers = [
      stream('id: 7\nevent: message\ndata: {"kind":"task","title":"待办"}\n\n'),
      refuse(503),
      stream('id: 8\nevent: change\ndata: {"topic":"refund"}\n\n', false),
    ];
    const events: Array<[string, unknown]> = [];
    const stop = openEventStream({
      url,
      headers: () => ({ 'Blade-Auth': 'bearer t' }),
      onEvent: (name, data) => events.push([name, data]),
      onUnauthorized: () => events.push(['401', null]),
      minDelayMs: 20,
    });
    await until(() => events.length === 2);
    stop();
    expect(events).toEqual([
      ['message', { kind: 'task', title: '待办' }],
      ['change', { topic: 'refund' }],
    ]);
    // The first without an id, then the last one read, through the refusal too.
    expect(asked).toEqual([undefined, '7', '7']);
  });

  it('stops at a 401 and tells the console, once', async () => {
    answers = [refuse(401)];
    let unauthorized = 0;
    openEventStream({
      url,
      headers: () => ({}),
      onEvent: () => undefined,
      onUnauthorized: () => (unauthorized += 1),
      minDelayMs: 10,
    });
    await until(() => unauthorized === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(unauthorized).toBe(1);
    expect(asked).toHaveLength(1);
  });

  it('does not reconnect after the server said the session ended', async () => {
    answers = [stream('event: session\ndata: {"reason":"signedOut"}\n\n')];
    const events: string[] = [];
    openEventStream({
      url,
      headers: () => ({}),
      onEvent: (name) => events.push(name),
      onUnauthorized: () => undefined,
      minDelayMs: 10,
    });
    await until(() => events.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(events).toEqual(['session']);
    expect(asked).toHaveLength(1);
  });

  it('opens nothing without a session', async () => {
    answers = [stream('')];
    openEventStream({ url, headers: () => null, onEvent: () => undefined, onUnauthorized: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toHaveLength(0);
  });
});
