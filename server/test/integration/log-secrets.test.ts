import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, startServer, type Running } from './support/server-process.js';

// Issue 44, item 4 (security S14): no secret in the process log. The built server as an operator
// runs it, at `debug` (every request, with its headers) and at `info` (failures and slow requests
// only): sign in with the password's digest in the query string as the BladeX console sends it,
// refresh, try the captcha and social grants and SpringBlade's form sign-in, call the device API
// with a machine secret, fail a request (500) that carries all of them. Then stdout — and the API
// log the console shows — hold none of them, though the lines about those requests are there.

const DIGEST = createHash('md5').update('admin').digest('hex');
const CAPTCHA_CODE = 'ZQXJW';
const SOCIAL_CODE = 'authcode-5b1f0e';

/** The parts of a token that are its own (its header is the same for every token). */
const tokenParts = (token: string) => token.split('.').slice(1);

interface Line {
  msg: string;
  level: number;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  headers?: Record<string, string>;
}

describe.each(['debug', 'info'] as const)('the process log at %s', (level) => {
  let dir: string;
  let server: Running;
  const secrets: string[] = [DIGEST, CAPTCHA_CODE, SOCIAL_CODE, BASIC.slice('Basic '.length)];
  let lines: Line[] = [];
  let apiLog = '';

  const api = (url: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${server.port}${url}`, {
      ...init,
      headers: { authorization: BASIC, ...(init.headers as Record<string, string>) },
    });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'console-log-secrets-'));
    // At info no request here is slow enough for a line of its own: only the failure is logged.
    server = await startServer({
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: level,
      LOG_SLOW_MS: '600000',
    });

    // The password grant as the BladeX console sends it: the digest in the query string.
    const signIn = await api(
      `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${DIGEST}&grant_type=password&scope=all`,
      { method: 'POST' },
    );
    expect(signIn.status).toBe(200);
    const first = (await signIn.json()) as { access_token: string; refresh_token: string };
    const refreshed = await api(
      `/api/blade-auth/oauth/token?tenantId=000000&grant_type=refresh_token&refresh_token=${first.refresh_token}&scope=all`,
      { method: 'POST' },
    );
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as { access_token: string; refresh_token: string };
    for (const token of [first.access_token, first.refresh_token, second.access_token, second.refresh_token])
      secrets.push(...tokenParts(token));
    const signedIn = { 'blade-auth': `bearer ${second.access_token}`, 'content-type': 'application/json' };

    // The captcha grant (a wrong code), the social grant's code, SpringBlade's form body.
    const captcha = (await (await api('/api/blade-auth/oauth/captcha')).json()) as { key: string };
    const captchaGrant = await api(
      `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${DIGEST}&grant_type=captcha&scope=all`,
      { method: 'POST', headers: { 'captcha-key': captcha.key, 'captcha-code': CAPTCHA_CODE } },
    );
    expect(captchaGrant.status).toBe(400);
    const social = await api(
      `/api/blade-auth/oauth/token?tenantId=000000&grant_type=social&source=github&code=${SOCIAL_CODE}&state=s1`,
      { method: 'POST' },
    );
    expect(social.status).toBe(400);
    const form = await api('/api/blade-auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `tenantId=000000&account=admin&password=${DIGEST}&grantType=password`,
    });
    expect(form.status).toBe(400);

    // A machine, and a device call with its secret.
    const hospital = await api('/api/zxgxg-api/hospital/submit', {
      method: 'POST',
      headers: signedIn,
      body: JSON.stringify({ hospitalCode: 'H-LOG', hospitalName: '日志医院' }),
    });
    const hospitalId = ((await hospital.json()) as { data: { id: string } }).data.id;
    const machine = await api('/api/zxgxg-api/machine/submit', {
      method: 'POST',
      headers: signedIn,
      body: JSON.stringify({ machineNo: 'LOG-0001', machineName: '柜', hospitalId, slotCount: 2 }),
    });
    const deviceSecret = ((await machine.json()) as { data: { deviceSecret: string } }).data.deviceSecret;
    expect(deviceSecret).toBeTruthy();
    secrets.push(deviceSecret);
    // (A heartbeat is not in the API log, decision 0043: a machine's word on an update is.)
    const deviceCall = await fetch(`http://127.0.0.1:${server.port}/api/zxgxg-api/device/update-progress`, {
      method: 'POST',
      headers: {
        'machine-no': 'LOG-0001',
        'machine-secret': deviceSecret,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ packageName: 'com.log.secrets', versionCode: 2, state: 'downloading' }),
    });
    expect(deviceCall.status).toBe(200);

    // A request that fails (its table is gone) carrying every kind of secret.
    const db = new Database(path.join(dir, 'data', 'console.db'));
    db.exec('drop table blade_notice');
    db.close();
    const failed = await api(
      `/api/blade-desk/notice/list?password=${DIGEST}&refresh_token=${second.refresh_token}&access_token=${second.access_token}`,
      { headers: { ...signedIn, 'machine-secret': deviceSecret, 'captcha-code': CAPTCHA_CODE } },
    );
    expect(failed.status).toBe(500);

    // The API log as the console shows it (written within a second).
    for (let tries = 0; tries < 50 && !apiLog.includes('device/update-progress'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const res = await api('/api/blade-log/api/list?size=100', { headers: signedIn });
      apiLog = await res.text();
    }
    // stdout is written asynchronously: the failure's lines are the last ones.
    for (let tries = 0; tries < 50 && !server.output().includes('"statusCode":500'); tries++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Line);
  }, 120_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes no password digest, token, machine secret, captcha or authorisation code to stdout', () => {
    const output = server.output();
    expect(secrets.length).toBeGreaterThanOrEqual(13);
    for (const secret of secrets) expect(output, secret).not.toContain(secret);
  });

  it('logs the failure with its URL redacted, and its error', () => {
    const failure = lines.find((line) => line.msg === 'request completed' && line.res?.statusCode === 500);
    expect(failure?.level).toBe(30);
    expect(failure?.req?.url).toBe(
      '/api/blade-desk/notice/list?password=******&refresh_token=******&access_token=******',
    );
    const error = lines.find((line) => line.msg === 'request failed' && line.reqId === failure?.reqId);
    expect(error?.level).toBe(50);
  });

  if (level === 'debug') {
    it('logs every request with its headers, redacted', () => {
      const incoming = lines.filter((line) => line.msg === 'incoming request');
      const signIn = incoming.find((line) => line.req?.url.includes('grant_type=password'));
      expect(signIn?.req?.url).toBe(
        '/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=******&grant_type=password&scope=all',
      );
      expect(signIn?.headers?.authorization).toBe('******');
      const social = incoming.find((line) => line.req?.url.includes('grant_type=social'));
      expect(social?.req?.url).toContain('&code=******&state=s1');
      const captcha = incoming.find((line) => line.headers?.['captcha-code'] !== undefined);
      expect(captcha?.headers?.['captcha-code']).toBe('******');
      const device = incoming.find((line) => line.req?.url === '/api/zxgxg-api/device/update-progress');
      expect(device?.headers).toMatchObject({ 'machine-no': 'LOG-0001', 'machine-secret': '******' });
      // Each of them ends with a line too, 4xx and 2xx alike.
      for (const start of [signIn, social, captcha, device]) {
        const end = lines.find((line) => line.msg === 'request completed' && line.reqId === start?.reqId);
        expect(end?.level).toBe(20);
      }
      expect(lines.filter((line) => line.msg === 'request errored')).toEqual([]);
    });
  } else {
    it('logs no line for a request that succeeded or was refused (4xx)', () => {
      expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
      expect(lines.filter((line) => line.msg === 'request errored')).toEqual([]);
      expect(
        lines.filter((line) => line.msg === 'request completed').map((line) => line.res?.statusCode),
      ).toEqual([500]);
    });
  }

  it('keeps the same secrets out of the API log', () => {
    expect(apiLog).toContain('device/update-progress');
    expect(apiLog).toContain('blade-auth/oauth/token');
    for (const secret of secrets) expect(apiLog, secret).not.toContain(secret);
  });
});
