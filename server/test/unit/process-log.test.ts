import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { processLog } from '../../src/core/process-log.js';

// The process log at both kinds of level, on a real Fastify app and real HTTP: what lines come out,
// and that every line of a request carries its id.

/** Lines written to the log, parsed. */
function capture(): { stream: Writable; lines: () => Array<Record<string, unknown>> } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return {
    stream,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function appAt(level: FastifyBaseLogger['level'], stream: Writable, slowMs?: number): Promise<string> {
  const log = processLog(level, { destination: stream, ...(slowMs === undefined ? {} : { slowMs }) });
  let id = 0;
  app = Fastify({ ...log.fastifyOptions, genReqId: () => `req-${++id}` });
  if (log.appLogger) (app as { log: FastifyBaseLogger }).log = log.appLogger;
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/warns', async (req) => {
    req.log.warn({ detail: 1 }, 'something odd');
    req.log.info('not at warn');
    return { ok: true };
  });
  app.get('/fails', async () => {
    throw new Error('broken');
  });
  // An error whose message and stack quote a URL with secrets.
  app.get('/quotes', async () => {
    const error = new Error(
      'GET /upstream?password=5f4dcc3b5aa765d61d8327deb882cf99&refresh_token=r3fr35h failed',
    );
    error.stack = `${error.message}\n    at fetch (file:///srv/x.js:1:1)\nMachine-Secret: m4ch1ne`;
    throw error;
  });
  app.get('/answers/:status', async (req, reply) =>
    reply.code(Number((req.params as { status: string }).status)).send({ ok: false }),
  );
  // A response its schema cannot serialise: Fastify logs that itself, through the request's logger.
  app.get(
    '/unserialisable',
    {
      schema: {
        response: { 200: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } },
      },
    },
    async () => ({}),
  );
  return app.listen({ port: 0, host: '127.0.0.1' });
}

describe('the process log', () => {
  it('at warn: no line per request, but a request’s warnings and errors carry its id', async () => {
    const { stream, lines } = capture();
    const base = await appAt('warn', stream);

    expect((await fetch(`${base}/quiet`)).status).toBe(200);
    expect((await fetch(`${base}/warns`)).status).toBe(200);
    expect((await fetch(`${base}/fails`)).status).toBe(500);
    expect((await fetch(`${base}/unserialisable`)).status).toBe(500);
    app!.log.warn('from the app');

    const written = lines();
    expect(written.map((line) => line.msg)).toEqual([
      'something odd',
      'broken',
      expect.stringContaining('is required'),
      'from the app',
    ]);
    expect(written[0]).toMatchObject({ level: 40, reqId: 'req-2', detail: 1 });
    expect(written[1]).toMatchObject({ level: 50, reqId: 'req-3', err: { message: 'broken' } });
    expect(written[2]).toMatchObject({ level: 50, reqId: 'req-4' });
    expect(written[3]).not.toHaveProperty('reqId');
  });

  it('at info: a line only for a request that failed (5xx) or was slow, with its id and redacted URL', async () => {
    const { stream, lines } = capture();
    const base = await appAt('info', stream);
    expect((await fetch(`${base}/quiet?password=p4ss`)).status).toBe(200);
    expect((await fetch(`${base}/warns`)).status).toBe(200);
    expect((await fetch(`${base}/answers/404?access_token=t0k3n`)).status).toBe(404);
    expect((await fetch(`${base}/answers/503?access_token=t0k3n&id=7`)).status).toBe(503);

    const ofRequests = lines().filter((line) => line.reqId !== undefined);
    expect(ofRequests.map((line) => [line.reqId, line.msg])).toEqual([
      ['req-2', 'something odd'],
      ['req-2', 'not at warn'],
      ['req-4', 'request completed'],
    ]);
    expect(ofRequests[2]).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/answers/503?access_token=******&id=7' },
      res: { statusCode: 503 },
    });
    expect(JSON.stringify(lines())).not.toMatch(/p4ss|t0k3n/);
  });

  it('at info: every request slower than LOG_SLOW_MS (0: all of them)', async () => {
    const { stream, lines } = capture();
    const base = await appAt('info', stream, 0);
    expect((await fetch(`${base}/quiet`)).status).toBe(200);
    const ofRequests = lines().filter((line) => line.reqId !== undefined);
    expect(ofRequests.map((line) => [line.reqId, line.msg, line.level])).toEqual([
      ['req-1', 'request completed', 30],
    ]);
  });

  it('at debug: every request’s start, with its headers, and end, all redacted', async () => {
    const { stream, lines } = capture();
    const base = await appAt('debug', stream);
    const headers = {
      authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0',
      'blade-auth': 'bearer eyJhbGciOiJIUzUxMiJ9.eyJ1c2VyX2lkIjoiMSJ9.c2ln',
      'machine-secret': 'm4ch1ne',
      'captcha-code': 'QX7YZ',
      'machine-no': 'DEMO-0001',
    };
    expect((await fetch(`${base}/quiet?refresh_token=r3fr35h&size=10`, { headers })).status).toBe(200);
    expect((await fetch(`${base}/answers/400`)).status).toBe(400);
    const written = lines().filter((line) => line.reqId !== undefined);
    expect(written.map((line) => [line.reqId, line.msg, line.level])).toEqual([
      ['req-1', 'incoming request', 20],
      ['req-1', 'request completed', 20],
      ['req-2', 'incoming request', 20],
      ['req-2', 'request completed', 20],
    ]);
    expect(written[0]).toMatchObject({
      req: { method: 'GET', url: '/quiet?refresh_token=******&size=10' },
      headers: {
        authorization: '******',
        'blade-auth': '******',
        'machine-secret': '******',
        'captcha-code': '******',
        'machine-no': 'DEMO-0001',
      },
    });
    expect(JSON.stringify(written)).not.toMatch(/r3fr35h|c2FiZXI6|eyJ|m4ch1ne|QX7YZ/);
  });

  it('redacts an error’s message and stack that quote a URL and headers', async () => {
    const { stream, lines } = capture();
    const base = await appAt('warn', stream);
    expect((await fetch(`${base}/quotes`)).status).toBe(500);
    const [line] = lines();
    expect(line).toMatchObject({
      level: 50,
      err: { message: 'GET /upstream?password=******&refresh_token=****** failed' },
    });
    expect(JSON.stringify(line)).not.toMatch(/5f4dcc3b|r3fr35h|m4ch1ne/);
  });
});
