import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_INLINE_SCRIPT_HASH } from '../../src/core/security-headers.js';
import { createTestDatabase, enginesUnderTest } from './support/databases.js';
import { adminHeaders, runToExit, startServer, type Running } from './support/server-process.js';

// The server as an operator runs it: a real process, real port, real signals.

describe('the server process', () => {
  let dir: string;
  let server: Running;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'console-process-'));
    const web = path.join(dir, 'web');
    mkdirSync(path.join(web, 'assets'), { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
    writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
    // LOG_LEVEL debug: a line for every request (at info only failures and slow ones have one), which
    // one test reads.
    server = await startServer({ DATA_DIR: path.join(dir, 'data'), WEB_DIST: web, LOG_LEVEL: 'debug' });
  });

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the console with history fallback outside /api', async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const root = await fetch(`${base}/`);
    expect(root.status).toBe(200);
    expect(root.headers.get('cache-control')).toBe('no-cache');
    expect(await root.text()).toContain('<div id="root">');
    const deep = await fetch(`${base}/system/param/index`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toContain('text/html');
    expect(await deep.text()).toContain('<div id="root">');
    const asset = await fetch(`${base}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    // The console's pages get the console's policy (its inline script by hash), the API its own.
    expect(root.headers.get('content-security-policy')).toContain(
      `script-src 'self' ${CONSOLE_INLINE_SCRIPT_HASH}`,
    );
    expect(deep.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(asset.headers.get('content-security-policy')).toContain(
      `script-src 'self' ${CONSOLE_INLINE_SCRIPT_HASH}`,
    );
    const api = await fetch(`${base}/api/nowhere`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(await api.json()).toMatchObject({ code: 404, success: false });
    const anonymous = await fetch(`${base}/api/blade-system/param/list`);
    expect(anonymous.status).toBe(401);
    const list = await fetch(`${base}/api/blade-system/param/list`, {
      headers: await adminHeaders(server.port),
    });
    expect(((await list.json()) as { data: { total: number } }).data.total).toBe(2);
  });

  it('writes a workbook in a worker thread from the bundle’s own entry (server/dist)', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/zxgxg-api/hospital/import-template`, {
      headers: await adminHeaders(server.port),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const sheet = await readSheet(Buffer.from(await res.arrayBuffer()));
    expect(sheet[0]!.slice(0, 2)).toEqual(['医院编码', '医院名称']);
  });

  it('logs request ids', () => {
    expect(server.output()).toMatch(/"reqId":"[0-9a-f-]{36}"/);
  });

  it('finishes an in-flight request on SIGTERM, then closes and exits 0', async () => {
    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ paramName: '停机测试', paramKey: 'shutdown.inflight', paramValue: 'v' });
    const auth = await adminHeaders(server.port);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/api/blade-system/param/submit',
          headers: { ...auth, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    const res = await answer;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ success: true, data: { paramKey: 'shutdown.inflight' } });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
  });

  it('restarts on the same data without seeding again, and refuses new connections once stopped', async () => {
    const again = await startServer({ DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'info' });
    const list = (await (
      await fetch(`http://127.0.0.1:${again.port}/api/blade-system/param/list`, {
        headers: await adminHeaders(again.port),
      })
    ).json()) as {
      data: { total: number };
    };
    expect(list.data.total).toBe(3); // the two seeded and the one written during shutdown
    // Its API-log row was queued as the request finished, after SIGTERM, and written on the way out.
    const logged = (await (
      await fetch(
        `http://127.0.0.1:${again.port}/api/blade-log/api/list?methodName_equal=submit&params=shutdown.inflight`,
        { headers: await adminHeaders(again.port) },
      )
    ).json()) as { data: { total: number } };
    expect(logged.data.total).toBe(1);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${again.port}/api/health`)).rejects.toThrow();
  });

  it('stops with one clear line on a bad setting', async () => {
    const { code, stderr } = await runToExit({
      DATABASE_URL: 'oracle://db',
      DATA_DIR: path.join(dir, 'bad'),
    });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid configuration: DATABASE_URL must be/);
  });
});

describe.each(enginesUnderTest())('npm start on %s', (kind) => {
  it('migrates, seeds, answers a page of parameters, and stops cleanly', async () => {
    const database = await createTestDatabase(kind);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'console-engine-'));
    try {
      const running = await startServer({ DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
      const res = await fetch(
        `http://127.0.0.1:${running.port}/api/blade-system/param/list?current=1&size=10`,
        {
          headers: await adminHeaders(running.port),
        },
      );
      const body = (await res.json()) as {
        code: number;
        data: { total: number; records: { paramKey: string }[] };
      };
      expect(body.code).toBe(200);
      expect(body.data.total).toBe(2);
      expect(body.data.records.map((r) => r.paramKey).sort()).toEqual([
        'account.initPassword',
        'account.registerUser',
      ]);
      // The signing key was generated into DATA_DIR (security S1), readable by the owner only.
      expect(statSync(path.join(dataDir, 'jwt-secret')).mode & 0o077).toBe(0);
      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
