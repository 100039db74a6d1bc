import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisCache } from '../../src/core/cache/redis-cache.js';
import { adminHeaders, runToExit, startServer, type Running } from './support/server-process.js';

// Several processes (REDIS_URL set) must share the token-signing key and the data key: a process
// that would generate its own into its DATA_DIR refuses to start, naming what to set.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('secrets across processes', () => {
  let dir: string;
  const prefix = `test:${randomUUID()}:`;
  const running: Running[] = [];

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'console-secrets-'));
  });

  afterAll(async () => {
    for (const r of running) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    const cache = await RedisCache.connect(REDIS_URL, prefix);
    await cache.deleteByPrefix('');
    await cache.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const base = (name: string) => ({
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    DATA_DIR: path.join(dir, name),
    DATABASE_URL: `sqlite:${path.join(dir, 'shared.db')}`,
    SHUTDOWN_DRAIN_MS: '0',
    JWT_SECRET: '',
    DATA_KEY: '',
  });

  it('refuses to start with REDIS_URL and generated secrets, in one line naming the variables', async () => {
    const neither = await runToExit(base('a'));
    expect(neither.code).toBe(1);
    expect(neither.stderr.trim().split('\n')).toHaveLength(1);
    expect(neither.stderr).toMatch(
      /^Invalid configuration: REDIS_URL is set .* set JWT_SECRET and DATA_KEY /,
    );

    const onlyJwt = await runToExit({ ...base('a'), JWT_SECRET: randomBytes(32).toString('hex') });
    expect(onlyJwt.code).toBe(1);
    expect(onlyJwt.stderr).toMatch(/set DATA_KEY to the same value/);
    expect(onlyJwt.stderr).not.toMatch(/JWT_SECRET/);
  });

  it('starts with both set, and two processes with their own DATA_DIR accept each other’s tokens', async () => {
    const secrets = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_KEY: randomBytes(32).toString('hex'),
    };
    const a = await startServer({ ...base('a'), ...secrets, WORKER_ID: '1' });
    running.push(a);
    const b = await startServer({ ...base('b'), ...secrets, WORKER_ID: '2' });
    running.push(b);
    const headers = await adminHeaders(a.port);
    const res = await fetch(`http://127.0.0.1:${b.port}/api/blade-auth/oauth/user-info`, { headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 200, success: true });
  });
});
