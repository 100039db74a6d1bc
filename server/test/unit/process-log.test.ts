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

async function appAt(level: FastifyBaseLogger['level'], stream: Writable): Promise<string> {
  const log = processLog(level, stream);
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

  it('at info: Fastify’s lines at every request’s start and end, with its id', async () => {
    const { stream, lines } = capture();
    const base = await appAt('info', stream);
    expect((await fetch(`${base}/quiet`)).status).toBe(200);
    expect((await fetch(`${base}/warns`)).status).toBe(200);

    const ofRequests = lines().filter((line) => line.reqId !== undefined);
    expect(ofRequests.map((line) => [line.reqId, line.msg])).toEqual([
      ['req-1', 'incoming request'],
      ['req-1', 'request completed'],
      ['req-2', 'incoming request'],
      ['req-2', 'something odd'],
      ['req-2', 'not at warn'],
      ['req-2', 'request completed'],
    ]);
  });
});
