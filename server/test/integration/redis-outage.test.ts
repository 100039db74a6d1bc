import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisCache } from '../../src/core/cache/redis-cache.js';
import { BASIC, freePort, startServer, type Running } from './support/server-process.js';

// Redis going away and coming back, on a private redis-server this test starts on its own port
// (never the machine's shared one). While it is away every request that needs it — token checks,
// sign-in, captchas — is answered 503 in the envelope: nothing is granted that the missing check
// might have refused. Once it is back everything works again, and no process crashed.

interface PrivateRedis {
  port: number;
  url: string;
  child: ChildProcess;
}

async function startRedis(port?: number): Promise<PrivateRedis> {
  const p = port ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${p}`;
  for (let i = 0; i < 100; i++) {
    try {
      const probe = await RedisCache.connect(url, 'probe:');
      await probe.close();
      return { port: p, url, child };
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not start on ${p}`);
}

async function stopRedis(redis: PrivateRedis): Promise<void> {
  if (redis.child.exitCode !== null || redis.child.signalCode !== null) return;
  const exited = new Promise((r) => redis.child.once('exit', r));
  redis.child.kill('SIGKILL');
  await exited;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('Redis going away and coming back', () => {
  let redis: PrivateRedis;
  let server: Running;
  let dir: string;

  beforeAll(async () => {
    redis = await startRedis();
    dir = mkdtempSync(path.join(tmpdir(), 'console-redis-outage-'));
    server = await startServer({
      DATA_DIR: dir,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `test:${randomUUID()}:`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_KEY: randomBytes(32).toString('hex'),
      SHUTDOWN_DRAIN_MS: '0',
    });
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    if (redis) {
      redis.child.kill('SIGCONT');
      await stopRedis(redis);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const base = () => `http://127.0.0.1:${server.port}`;
  const signIn = async () => {
    const query = new URLSearchParams({
      tenantId: '000000',
      username: 'admin',
      password: md5('admin'),
      grant_type: 'password',
      scope: 'all',
    });
    const res = await fetch(`${base()}/api/blade-auth/oauth/token?${query}`, {
      method: 'POST',
      headers: { authorization: BASIC },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const userInfo = async (token: string) => {
    const res = await fetch(`${base()}/api/blade-auth/oauth/user-info`, {
      headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const get = async (url: string) => {
    const res = await fetch(`${base()}${url}`, { headers: { authorization: BASIC } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const unavailable = { code: 503, success: false, data: null, msg: '服务暂不可用' };

  it('answers 503 in the envelope while Redis is away, grants nothing, and recovers when it returns', async () => {
    const live = (await signIn()).body.access_token as string;
    const ended = (await signIn()).body.access_token as string;
    const logout = await fetch(`${base()}/api/blade-auth/oauth/logout`, {
      headers: { authorization: BASIC, 'blade-auth': `bearer ${ended}` },
    });
    expect(logout.status).toBe(200);
    expect((await userInfo(ended)).status).toBe(401);
    expect((await userInfo(live)).status).toBe(200);

    await stopRedis(redis);

    // The revocation check cannot be made: neither token is let through.
    expect(await userInfo(live)).toEqual({ status: 503, body: unavailable });
    expect(await userInfo(ended)).toEqual({ status: 503, body: unavailable });
    expect(await signIn()).toEqual({ status: 503, body: unavailable });
    expect(await get('/api/blade-auth/oauth/captcha')).toEqual({ status: 503, body: unavailable });
    expect(await get('/api/ready')).toEqual({ status: 503, body: unavailable });
    expect((await get('/api/health')).status).toBe(200);
    expect(server.child.exitCode).toBeNull();

    // Back on the same port (empty: this one keeps nothing on disk).
    redis = await startRedis(redis.port);
    let ready = 0;
    for (let i = 0; i < 100 && ready !== 200; i++) {
      ready = (await get('/api/ready')).status;
      if (ready !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(ready).toBe(200);
    expect((await userInfo(live)).status).toBe(200);
    const again = await signIn();
    expect(again.status).toBe(200);
    expect((await userInfo(again.body.access_token as string)).status).toBe(200);
    const captcha = await get('/api/blade-auth/oauth/captcha');
    expect(captcha.status).toBe(200);
    expect(captcha.body).toMatchObject({ key: expect.any(String) });
    expect(server.child.exitCode).toBeNull();
  });

  it('answers 503 when Redis hangs (no answer at all), and serves again once it answers', async () => {
    const token = (await signIn()).body.access_token as string;
    redis.child.kill('SIGSTOP');
    try {
      expect(await userInfo(token)).toEqual({ status: 503, body: unavailable });
    } finally {
      redis.child.kill('SIGCONT');
    }
    expect((await userInfo(token)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });

  it('tells every subscriber to forget everything once Redis is back, for what was published meanwhile', async () => {
    const cache = await RedisCache.connect(redis.url, `test:${randomUUID()}:`);
    try {
      const received: string[] = [];
      await cache.subscribe('changes', (message) => received.push(message));
      await cache.publish('changes', 'user:1');
      for (let i = 0; i < 50 && received.length < 1; i++) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual(['user:1']);
      await stopRedis(redis);
      redis = await startRedis(redis.port);
      for (let i = 0; i < 100 && received.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      expect(received).toEqual(['user:1', '*']);
    } finally {
      await cache.close();
    }
  });
});
