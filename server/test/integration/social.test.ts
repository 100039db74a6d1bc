import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneEngineFor } from './support/databases.js';
import { md5, SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

/**
 * A real OAuth2 provider on loopback: it knows one code per person, answers a token for it, and the
 * person's profile for that token. The server talks to it over HTTP, as it would to a real one.
 */
async function startProvider(): Promise<{ server: Server; base: string; people: Map<string, object> }> {
  const people = new Map<string, object>([
    [
      'code-alice',
      {
        id: 1001,
        login: 'alice',
        name: 'Alice',
        avatar_url: 'https://avatars.example/alice',
        email: 'a@example.com',
      },
    ],
    ['code-bob', { id: 1002, login: 'bob', name: 'Bob' }],
  ]);
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(body);
        const ok =
          form.get('client_id') === 'console' &&
          form.get('client_secret') === 'provider-secret' &&
          people.has(form.get('code') ?? '');
        res.statusCode = ok ? 200 : 400;
        return res.end(
          JSON.stringify(
            ok
              ? { access_token: `at-${form.get('code')}`, token_type: 'bearer' }
              : { error: 'invalid_grant' },
          ),
        );
      }
      if (req.url === '/user') {
        const code = (req.headers.authorization ?? '').replace(/^Bearer at-/, '');
        const person = people.get(code);
        res.statusCode = person ? 200 : 401;
        return res.end(JSON.stringify(person ?? { message: 'Bad credentials' }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, people };
}

describe.each(oneEngineFor(import.meta.url))('third-party sign-in on %s', (kind) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startProvider>>;

  beforeAll(async () => {
    provider = await startProvider();
    t = await startTestApp(kind, [
      {
        source: 'gitea',
        authorizeUrl: `${provider.base}/authorize`,
        tokenUrl: `${provider.base}/token`,
        userInfoUrl: `${provider.base}/user`,
        clientId: 'console',
        clientSecret: 'provider-secret',
        redirectUri: 'http://localhost:8080/login',
      },
    ]);
    await t.store.db
      .updateTable('blade_client')
      .set({ authorized_grant_types: 'refresh_token,password,captcha,social' })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    provider?.server.close();
  });

  /** The console's round trip: render (redirect to the provider), then the social grant with the code. */
  async function socialSignIn(code: string, tamperState = false) {
    const render = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/render/gitea' });
    expect(render.statusCode).toBe(302);
    const location = new URL(render.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${provider.base}/authorize`);
    expect(location.searchParams.get('client_id')).toBe('console');
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:8080/login');
    const state = tamperState ? 'forged-state' : location.searchParams.get('state')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: { tenantId: '000000', source: 'gitea', code, state, grant_type: 'social', scope: 'all' },
      headers: { authorization: SABER_BASIC },
    });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  }

  const register = (query: Record<string, string>) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/blade-user/register-guest',
        query,
        headers: { authorization: SABER_BASIC },
      })
      .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));

  it('answers an unlinked identity without a session, then registers it pending approval', async () => {
    const first = await socialSignIn('code-alice');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      user_id: '-1',
      access_token: '',
      refresh_token: '',
      account: 'alice',
      nick_name: 'Alice',
    });
    const oauthId = first.body.oauth_id as string;
    expect(oauthId).toMatch(/^\d+$/);

    // The dialog's checks, in the spec's order and words.
    expect((await register({ name: 'Alice', account: 'alice', password: md5('pw'), oauthId })).body.msg).toBe(
      '请先输入租户编号',
    );
    expect((await register({ tenantId: '000000', password: md5('pw'), oauthId })).body.msg).toBe(
      '请先输入账号名称',
    );
    expect((await register({ tenantId: '000000', account: 'alice', oauthId })).body.msg).toBe('请先输入密码');
    expect(
      (await register({ tenantId: '000000', account: 'admin', password: md5('pw'), oauthId })).body.msg,
    ).toBe('账号已存在: admin');

    const done = await register({
      tenantId: '000000',
      name: 'Alice',
      account: 'alice',
      password: md5('pw'),
      oauthId,
    });
    expect(done).toMatchObject({
      status: 200,
      body: { success: true, msg: '注册申请已提交,请耐心等待管理员通过!' },
    });
    // Linked once only.
    expect(
      (await register({ tenantId: '000000', account: 'alice2', password: md5('pw'), oauthId })).body.msg,
    ).toBe('第三方账号无效或已绑定');

    // Pending: neither the provider nor the password signs in until an administrator approves.
    expect((await socialSignIn('code-alice')).body.error_description).toBe('账号正在等待管理员审核');
    expect((await t.signIn('alice', 'pw')).body.error_description).toBe('账号正在等待管理员审核');

    await t.store.db.updateTable('blade_user').set({ status: 1 }).where('account', '=', 'alice').execute();
    const approved = await socialSignIn('code-alice');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ account: 'alice', oauth_id: oauthId });
    expect(approved.body.access_token).not.toBe('');
    expect(
      (await t.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info' }, approved.body.access_token))
        .body.data.account,
    ).toBe('alice');
    // The login log has the social attempts of a known user (issue 48): refused while pending, then in.
    expect(await socialOutcomes()).toEqual(expect.arrayContaining(['pending', 'success']));
  });

  /** The outcomes of the social grant in the login log, oldest first. */
  async function socialOutcomes(): Promise<string[]> {
    await t.app.logWriter.flush();
    const rows = await t.store.db
      .selectFrom('blade_log_login')
      .select(['outcome', 'id'])
      .where('grant_type', '=', 'social')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.outcome);
  }

  it('refuses a forged or reused state, an unknown provider and a refused code', async () => {
    expect((await socialSignIn('code-bob', true)).body.error_description).toBe('第三方登录已过期，请重试');
    expect((await socialSignIn('code-nobody')).body.error_description).toBe('第三方平台认证失败');
    expect((await socialOutcomes()).slice(-2)).toEqual(['socialFailed', 'socialFailed']);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/render/nosuch' });
    expect(JSON.parse(unknown.body).error_description).toBe('未配置的第三方平台: nosuch');
  });

  it('keeps registration closed when the platform parameter says so', async () => {
    const bob = await socialSignIn('code-bob');
    await t.store.db
      .updateTable('blade_param')
      .set({ param_value: 'false' })
      .where('param_key', '=', 'account.registerUser')
      .execute();
    const closed = await register({
      tenantId: '000000',
      account: 'bob',
      password: md5('pw'),
      oauthId: bob.body.oauth_id,
    });
    expect(closed.body.msg).toBe('注册功能已关闭');
    await t.store.db
      .updateTable('blade_param')
      .set({ param_value: 'true' })
      .where('param_key', '=', 'account.registerUser')
      .execute();
  });
});
