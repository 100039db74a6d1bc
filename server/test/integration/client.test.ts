import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/db/seed/seed.js';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { md5, startTestApp, type TestApp } from './support/test-app.js';

const BASE = '/api/blade-system/client';

describe.each(oneEngineFor(import.meta.url))('clients on %s', (kind) => {
  let t: TestApp;

  const submit = (body: object, token?: string, language = 'zh-CN') =>
    t.call(
      { method: 'POST', url: `${BASE}/submit`, payload: body, headers: { 'accept-language': language } },
      token ?? t.adminToken,
    );
  const get = (path: string, token?: string) =>
    t.call({ method: 'GET', url: `${BASE}/${path}` }, token ?? t.adminToken);
  const remove = (ids: string, token?: string) =>
    t.call({ method: 'POST', url: `${BASE}/remove?ids=${ids}` }, token ?? t.adminToken);
  const client = (overrides: object = {}) => ({
    clientId: 'kiosk',
    clientSecret: 'kiosk_secret',
    scope: 'all',
    authorizedGrantTypes: 'password,refresh_token',
    accessTokenValidity: 1800,
    refreshTokenValidity: 86400,
    ...overrides,
  });
  /** Signs in through a client: 200 when its credentials are good. */
  const signInWith = (clientId: string, secret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: {
        tenantId: '000000',
        username: 'admin',
        password: md5('admin'),
        grant_type: 'password',
        scope: 'all',
      },
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists and reads clients without ever answering the secret (S5)', async () => {
    const page = await get('list');
    expect(page.body.data.total).toBe(1);
    expect(page.body.data.records[0]).toMatchObject({
      id: SEED_IDS.client,
      clientId: 'saber',
      scope: 'all',
      accessTokenValidity: 3600,
    });
    const detail = await get(`detail?id=${SEED_IDS.client}`);
    expect(detail.body.data.clientId).toBe('saber');
    for (const body of [page.body, detail.body]) expect(JSON.stringify(body)).not.toMatch(/secret/i);
    expect((await get('list?clientSecret=saber_secret')).body.data.total).toBe(1); // not a filter
    expect((await get('detail?id=42')).status).toBe(404);
  });

  it('creates clients that can sign in at once; updates keep or replace the secret', async () => {
    const created = await submit(client({ webServerRedirectUri: 'https://kiosk.example' }));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      msg: '新增成功',
      data: { clientId: 'kiosk', authorizedGrantTypes: 'password,refresh_token', accessTokenValidity: 1800 },
    });
    expect(JSON.stringify(created.body)).not.toMatch(/kiosk_secret|clientSecret/);
    const id = created.body.data.id as string;
    const first = await signInWith('kiosk', 'kiosk_secret');
    expect(first.statusCode).toBe(200);
    expect(JSON.parse(first.body).expires_in).toBe(1800);

    // No secret on update: the stored one stays.
    const kept = await submit(client({ id, clientSecret: '', accessTokenValidity: 900 }));
    expect(kept.body).toMatchObject({ msg: '更新成功', data: { accessTokenValidity: 900 } });
    expect((await signInWith('kiosk', 'kiosk_secret')).statusCode).toBe(200);
    // A new secret replaces it in every process at once.
    await submit(client({ id, clientSecret: 'rotated' }));
    expect((await signInWith('kiosk', 'kiosk_secret')).statusCode).toBe(401);
    expect((await signInWith('kiosk', 'rotated')).statusCode).toBe(200);
  });

  it('validates clients', async () => {
    const cases: Array<[object, string, string]> = [
      [client({ clientId: '' }), '请输入客户端id', 'Please enter the client id'],
      [
        client({ clientSecret: undefined, clientId: 'new' }),
        '请输入客户端密钥',
        'Please enter the client secret',
      ],
      [client({ scope: undefined }), '请输入授权范围', 'Please enter the scope'],
      [client({ authorizedGrantTypes: ' ' }), '请输入授权类型', 'Please enter the grant types'],
      [
        client({ clientId: 'new', authorizedGrantTypes: 'password,magic' }),
        '不支持的授权类型: magic',
        'Unsupported grant types: magic',
      ],
      [
        client({ accessTokenValidity: 0 }),
        '令牌过期秒数不能小于1',
        'access token validity must be at least 1',
      ],
      [
        client({ refreshTokenValidity: undefined }),
        '请输入刷新令牌过期秒数',
        'Please enter the refresh token validity',
      ],
      [
        client({ clientId: 'x'.repeat(49) }),
        '客户端id不能超过48个字符',
        'client id must be at most 48 characters',
      ],
      [client({ clientId: 'saber' }), '客户端id已存在: saber', 'Client id already exists: saber'],
    ];
    for (const [body, zh, en] of cases) {
      const res = await submit(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe(zh);
      expect((await submit(body, undefined, 'en')).body.msg).toBe(en);
    }
    expect((await submit(client({ id: '42', clientId: 'ghost' }))).status).toBe(404);
    expect((await get('list')).body.data.total).toBe(2);
  });

  it('removes clients all or nothing, never the one in use', async () => {
    const id = (await submit(client({ clientId: 'old-app', clientSecret: 'old' }))).body.data.id as string;
    expect((await signInWith('old-app', 'old')).statusCode).toBe(200);
    expect((await remove(SEED_IDS.client)).body).toMatchObject({
      code: 400,
      msg: '不能删除正在使用的客户端: saber',
    });
    expect((await remove(`${id},42`)).status).toBe(404);
    expect((await remove(id)).body).toMatchObject({ success: true, msg: '删除成功' });
    expect((await signInWith('old-app', 'old')).statusCode).toBe(401);
  });

  it("is the platform administrator's only (S3, S4)", async () => {
    const tenantAdmin = await createTenantAdmin(t, '460001');
    const operator = await createOperator(t, ['client', 'client_add', 'client_edit', 'client_delete']);
    for (const token of [tenantAdmin.token, operator.token]) {
      expect((await get('list', token)).status).toBe(403);
      expect((await get(`detail?id=${SEED_IDS.client}`, token)).status).toBe(403);
      expect((await submit(client({ clientId: 'mine' }), token)).status).toBe(403);
      expect((await submit(client({ id: SEED_IDS.client, clientId: 'saber' }), token)).status).toBe(403);
      expect((await remove(SEED_IDS.client, token)).status).toBe(403);
    }
    expect((await get(`detail?id=${SEED_IDS.client}`)).body.data).toMatchObject({
      clientId: 'saber',
      accessTokenValidity: 3600,
    });
  });
});
