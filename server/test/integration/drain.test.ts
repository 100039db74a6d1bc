import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from './support/event-stream-client.js';
import { adminHeaders, isEnvelope, startServer, type Running } from './support/server-process.js';

// SIGTERM behind a load balancer: readiness goes down at once, serving goes on for the drain delay,
// then the process stops accepting and finishes everything it holds — connections the kernel has
// accepted but the process has not taken yet included. Nobody is reset; every answer is an envelope.

interface RawAnswer {
  status: number;
  connection: string | null;
  body: unknown;
  error: string | null;
}

/** One HTTP/1.1 request written on a socket; the answer as read until the server closes or answers. */
function rawRequest(socket: net.Socket, target: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve) => {
    let data = '';
    const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
    const finish = (error: string | null) => {
      socket.removeAllListeners('data');
      const split = data.indexOf('\r\n\r\n');
      const head = split >= 0 ? data.slice(0, split) : data;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const connection = /\r\nconnection: ([^\r]+)/i.exec(head)?.[1] ?? null;
      let body: unknown = null;
      try {
        body = JSON.parse(data.slice(split + 4));
      } catch {
        body = null;
      }
      resolve({ status, connection, body, error });
    };
    socket.on('data', (d) => {
      data += d;
      const split = data.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(data.slice(0, split))?.[1] ?? -1);
      if (split >= 0 && length >= 0 && Buffer.byteLength(data.slice(split + 4)) >= length) finish(null);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => finish(e.code ?? e.message));
    socket.once('close', () => finish(data ? null : 'closed without an answer'));
    socket.write(`GET ${target} HTTP/1.1\r\nhost: 127.0.0.1\r\n${lines.join('')}\r\n`);
  });
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('SIGTERM with connections queued and in use', () => {
  let dir: string;
  let server: Running;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'console-drain-'));
    server = await startServer({
      DATA_DIR: path.join(dir, 'data'),
      SHUTDOWN_DRAIN_MS: '3000',
      LOG_LEVEL: 'info',
    });
  });

  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('resets nobody: queued, keep-alive and new requests are answered in the envelope, then it exits 0', async () => {
    const headers = await adminHeaders(server.port);
    const list = '/api/blade-system/param/list?current=1&size=10';

    // An event stream open through it all (issue 47).
    const stream = await openStream(`http://127.0.0.1:${server.port}`, headers['blade-auth']!.slice(7));
    expect(stream.status).toBe(200);
    // When it ends, read as it happens.
    const streamEnded = stream.next(60_000).then((event) => ({ event, at: Date.now() }));

    // Keep-alive connections that have been answered once and stay open.
    const kept = await Promise.all(Array.from({ length: 5 }, () => connect(server.port)));
    for (const socket of kept) expect((await rawRequest(socket, list, headers)).status).toBe(200);

    // The process is stopped: connections complete in the kernel's queue, their requests written,
    // and SIGTERM is pending when it resumes — it sees the signal and the queue in the same turn.
    server.child.kill('SIGSTOP');
    const queued = await Promise.all(Array.from({ length: 40 }, () => connect(server.port)));
    const queuedAnswers = queued.map((socket) => rawRequest(socket, list, headers));
    server.child.kill('SIGTERM');
    server.child.kill('SIGCONT');
    const terminated = Date.now();

    for (let i = 0; i < 100 && !server.output().includes('readiness down'); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(server.output()).toContain('readiness down');

    // During the drain delay: readiness is 503 in the envelope, the API still serves, answers close.
    const ready = await fetch(`http://127.0.0.1:${server.port}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ code: 503, success: false, data: null, msg: '服务暂不可用' });
    const fresh = await fetch(`http://127.0.0.1:${server.port}${list}`, { headers });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('connection')).toBe('close');
    // A keep-alive connection is served once more and told to close.
    const again = await rawRequest(kept[0]!, list, headers);
    expect(again).toMatchObject({ status: 200, connection: 'close', error: null });
    // The stream stays open while the balancer still sends here (the drain delay, 3 s), then ends
    // (its console reconnects elsewhere) as the process stops accepting: it does not wait for it.
    const ended = await streamEnded;
    expect(ended.event).toBe('end');
    expect(ended.at - terminated).toBeGreaterThanOrEqual(2_500);

    const answers = await Promise.all(queuedAnswers);
    expect(answers.filter((a) => a.error !== null)).toEqual([]);
    expect(answers.every((a) => a.status === 200 && isEnvelope(a.body))).toBe(true);

    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    for (const socket of kept) socket.destroy();
  });
});

describe('SIGTERM with no drain delay and connections queued', () => {
  let dir: string;
  let server: Running;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'console-drain0-'));
    server = await startServer({ DATA_DIR: path.join(dir, 'data'), SHUTDOWN_DRAIN_MS: '0' });
  });

  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes every connection the kernel holds before it stops accepting, and answers each', async () => {
    const headers = await adminHeaders(server.port);
    server.child.kill('SIGSTOP');
    const queued = await Promise.all(Array.from({ length: 40 }, () => connect(server.port)));
    const answers = queued.map((socket) =>
      rawRequest(socket, '/api/blade-system/param/list?current=1&size=10', headers),
    );
    server.child.kill('SIGTERM');
    server.child.kill('SIGCONT');
    const settled = await Promise.all(answers);
    expect(settled.filter((a) => a.error !== null)).toEqual([]);
    expect(settled.every((a) => a.status === 200 && isEnvelope(a.body))).toBe(true);
    expect(await server.exited).toBe(0);
    await expect(connect(server.port)).rejects.toThrow();
  });
});
