import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const BASE = '/api/blade-resource/sms';
const SECRET = 'vendor-secret-😀-key';

interface Received {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

// The vendors' signature schemes, written again here from their documentation, to check what
// the adapters send without trusting their code.
const aliyunEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function checkAliyun(r: Received) {
  const params = Object.fromEntries(r.url.searchParams.entries());
  const { Signature, ...rest } = params;
  const canonical = Object.keys(rest)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(rest[k]!)}`)
    .join('&');
  const expected = createHmac('sha1', `${SECRET}&`)
    .update(`GET&%2F&${aliyunEncode(canonical)}`)
    .digest('base64');
  expect(r.method).toBe('GET');
  expect(Signature).toBe(expected);
  return rest;
}

function checkTencent(r: Received) {
  const auth =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=([0-9a-f]{64})$/.exec(
      String(r.headers.authorization),
    );
  expect(auth).not.toBeNull();
  const [, secretId, date, signature] = auth!;
  const canonical = `POST\n/\n\ncontent-type:${r.headers['content-type']}\nhost:${r.headers.host}\n\ncontent-type;host\n${sha256(r.body)}`;
  const toSign = `TC3-HMAC-SHA256\n${r.headers['x-tc-timestamp']}\n${date}/sms/tc3_request\n${sha256(canonical)}`;
  const h = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();
  const key = h(h(h(`TC3${SECRET}`, date!), 'sms'), 'tc3_request');
  expect(signature).toBe(createHmac('sha256', key).update(toSign).digest('hex'));
  expect(new Date(Number(r.headers['x-tc-timestamp']) * 1000).toISOString().slice(0, 10)).toBe(date);
  return { secretId, headers: r.headers, payload: JSON.parse(r.body) };
}

function checkQiniu(r: Received) {
  const [scheme, credential] = String(r.headers.authorization).split(' ');
  expect(scheme).toBe('Qiniu');
  const [ak, sign] = credential!.split(':');
  const signing = `POST ${r.url.pathname}${r.url.search}\nHost: ${r.headers.host}\nContent-Type: ${r.headers['content-type']}\n\n${r.body}`;
  const expected = createHmac('sha1', SECRET)
    .update(signing)
    .digest('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  expect(sign).toBe(expected);
  return { ak, payload: JSON.parse(r.body) };
}

describe.each(oneEngineFor(import.meta.url))('sms on %s', (kind) => {
  let t: TestApp;
  let vendor: Server;
  let received: Received[] = [];
  let fail = false;
  /** The vendor hangs up without answering: the way to it failed, not the vendor. */
  let drop = false;
  let other: Awaited<ReturnType<typeof createTenantAdmin>>;

  const submit = (body: object, token?: string | null) =>
    t.call({ method: 'POST', url: `${BASE}/submit`, payload: body }, token);
  const send = (query: Record<string, string>, token?: string | null) =>
    t.call({ method: 'POST', url: `${BASE}/endpoint/send-message?${new URLSearchParams(query)}` }, token);
  let phoneSeq = 13800000000;
  const phone = () => String(phoneSeq++);

  beforeAll(async () => {
    vendor = createServer((req, res) => {
      if (drop) return req.socket.destroy();
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url!, `http://${req.headers.host}`);
        received.push({
          method: req.method!,
          url,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.setHeader('content-type', 'application/json');
        if (url.pathname.startsWith('/aliyun'))
          return res.end(
            JSON.stringify(
              fail
                ? { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit' }
                : { Code: 'OK', Message: 'OK', RequestId: 'r1' },
            ),
          );
        if (url.pathname.startsWith('/tencent'))
          return res.end(
            JSON.stringify({
              Response: { SendStatusSet: [{ Code: fail ? 'LimitExceeded' : 'Ok' }], RequestId: 'r2' },
            }),
          );
        if (url.pathname.startsWith('/qiniu')) return res.end(JSON.stringify({ job_id: 'j1' }));
        if (url.pathname.startsWith('/yunpian'))
          return res.end(JSON.stringify({ total_count: 1, data: [{ code: 0, msg: '发送成功' }] }));
        res.statusCode = 404;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
    t = await startTestApp(kind, [], false, {
      config: {
        smsEndpoints: {
          aliyun: `${base}/aliyun`,
          tencent: `${base}/tencent`,
          qiniu: `${base}/qiniu`,
          yunpian: `${base}/yunpian`,
        },
      },
    });
    other = await createTenantAdmin(t, '600001');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => vendor?.close(resolve));
  });

  it("keeps the secret key write-only and sealed at rest; validates each vendor's fields", async () => {
    const created = await submit({
      category: 3,
      smsCode: 'ali',
      templateId: 'SMS_1',
      accessKey: 'LTAI',
      secretKey: SECRET,
      signName: '柜机',
      regionId: 'cn-hangzhou',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      category: 3,
      smsCode: 'ali',
      templateId: 'SMS_1',
      accessKey: 'LTAI',
      signName: '柜机',
      status: 1,
    });
    expect(JSON.stringify(created.body)).not.toContain(SECRET);
    const detail = await t.call({ method: 'GET', url: `${BASE}/detail?id=${created.body.data.id}` });
    expect(detail.body.data).not.toHaveProperty('secretKey');
    const row = await t.store.db
      .selectFrom('blade_sms')
      .select('secret_key')
      .where('id', '=', BigInt(created.body.data.id))
      .executeTakeFirst();
    expect(row!.secret_key).toMatch(/^v1:/);
    expect((await submit({ ...created.body.data, secretKey: null, remark: 'x' })).status).toBe(200);
    expect(
      (
        await submit({
          category: 4,
          smsCode: 'tc',
          templateId: '1',
          accessKey: 'a',
          secretKey: 'b',
          signName: 's',
        })
      ).status,
    ).toBe(400); // no appId
    expect(
      (await submit({ category: 3, smsCode: 'x', templateId: '1', accessKey: 'a', secretKey: 'b' })).status,
    ).toBe(400); // no signName
    expect((await submit({ category: 1, smsCode: 'x', templateId: '1' })).status).toBe(400); // no key
    expect((await submit({ category: 7, smsCode: 'x' })).status).toBe(400);
    expect((await submit({ category: 5, smsCode: 'log' })).status).toBe(200);
  });

  it('signs Aliyun requests (HMAC-SHA1, signature version 1.0)', async () => {
    received = [];
    const to = phone();
    const res = await send({ code: 'ali', phones: to, params: JSON.stringify({ code: '1234' }) });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('发送成功!');
    expect(received).toHaveLength(1);
    const params = checkAliyun(received[0]!);
    expect(params).toMatchObject({
      Action: 'SendSms',
      AccessKeyId: 'LTAI',
      PhoneNumbers: to,
      SignName: '柜机',
      TemplateCode: 'SMS_1',
      TemplateParam: '{"code":"1234"}',
      Version: '2017-05-25',
      SignatureVersion: '1.0',
      RegionId: 'cn-hangzhou',
    });
  });

  it('signs Tencent requests (TC3-HMAC-SHA256)', async () => {
    await submit({
      category: 4,
      smsCode: 'tc',
      templateId: '449739',
      accessKey: 'AKIDtest',
      secretKey: SECRET,
      signName: '柜机',
      appId: '1400006666',
    });
    received = [];
    const [a, b] = [phone(), phone()];
    expect(
      (await send({ code: 'tc', phones: `${a},${b}`, params: '{"code":"5678","minutes":"5"}' })).status,
    ).toBe(200);
    const { secretId, headers, payload } = checkTencent(received[0]!);
    expect(secretId).toBe('AKIDtest');
    expect(headers).toMatchObject({
      'x-tc-action': 'SendSms',
      'x-tc-version': '2021-01-11',
      'x-tc-region': 'ap-guangzhou',
    });
    expect(payload).toEqual({
      PhoneNumberSet: [`+86${a}`, `+86${b}`],
      SmsSdkAppId: '1400006666',
      SignName: '柜机',
      TemplateId: '449739',
      TemplateParamSet: ['5678', '5'],
    });
  });

  it("signs Qiniu requests and sends Yunpian's form with the API key", async () => {
    await submit({ category: 2, smsCode: 'qn', templateId: 'tpl-1', accessKey: 'QAK', secretKey: SECRET });
    await submit({ category: 1, smsCode: 'yp', templateId: '2001', secretKey: SECRET });
    received = [];
    const q = phone();
    expect((await send({ code: 'qn', phones: q, params: '{"code":"42"}' })).status).toBe(200);
    const qiniu = checkQiniu(received[0]!);
    expect(qiniu).toEqual({
      ak: 'QAK',
      payload: { template_id: 'tpl-1', mobiles: [q], parameters: { code: '42' } },
    });
    expect(received[0]!.url.pathname).toBe('/qiniu/v1/message');

    const y = phone();
    expect((await send({ code: 'yp', phones: y, params: '{"code":"77"}' })).status).toBe(200);
    const form = new URLSearchParams(received[1]!.body);
    expect(received[1]!.url.pathname).toBe('/yunpian/v2/sms/tpl_batch_send.json');
    expect(Object.fromEntries(form)).toEqual({
      apikey: SECRET,
      mobile: y,
      tpl_id: '2001',
      tpl_value: `${encodeURIComponent('#code#')}=77`,
    });
  });

  it('validates phones, limits each phone to one message a minute and records every send', async () => {
    received = [];
    for (const bad of ['1380000000', '138000000001', '1380000000a', '']) {
      const res = await send({ code: 'ali', phones: bad, params: '{}' });
      expect(res.status, bad).toBe(400);
    }
    expect((await send({ code: 'ali', phones: phone(), params: 'not json' })).status).toBe(400);
    expect((await send({ code: 'nope', phones: phone() })).status).toBe(400);
    expect(received).toHaveLength(0);

    const to = phone();
    expect((await send({ code: 'ali', phones: to, params: '{"code":"1"}' })).status).toBe(200);
    const again = await send({ code: 'ali', phones: to, params: '{"code":"2"}' });
    expect(again.status).toBe(429);
    expect(again.body.msg).toContain(to);
    // A refused batch takes no phone's turn.
    const fresh = phone();
    expect((await send({ code: 'ali', phones: `${fresh},${to}` })).status).toBe(429);
    expect((await send({ code: 'ali', phones: fresh })).status).toBe(200);

    // Without a code, the enabled record sends: the log provider only records.
    const log = (await t.call({ method: 'GET', url: `${BASE}/list?smsCode_equal=log` })).body.data.records[0];
    expect((await t.call({ method: 'POST', url: `${BASE}/enable?id=${log.id}` })).status).toBe(200);
    const before = received.length;
    const viaLog = phone();
    const body = await t.call({
      method: 'POST',
      url: `${BASE}/endpoint/send-message`,
      payload: { phones: viaLog, params: '{"code":"9"}' },
    });
    expect(body.status).toBe(200);
    expect(received).toHaveLength(before);

    // The vendor refusing answers 503, and the send is recorded as failed.
    fail = true;
    const failed = await send({ code: 'ali', phones: phone() });
    fail = false;
    expect(failed.status).toBe(503);
    expect(failed.body.msg).toContain('isv.BUSINESS_LIMIT_CONTROL');
    // The vendor unreachable: a fixed message, nothing of the connection's text (S13).
    drop = true;
    const hungUp = await send({ code: 'ali', phones: phone() });
    drop = false;
    expect(hungUp.body).toMatchObject({
      code: 500,
      msg: '短信服务商暂时无法连接，请稍后再试或联系平台管理员',
    });
    expect(JSON.stringify(hungUp.body)).not.toMatch(/127\.0\.0\.1|socket|hang up|ECONN/i);

    await t.app.logWriter.flush();
    const logged = await t.call({
      method: 'GET',
      url: '/api/blade-log/usual/list?logId_equal=sms&size=100',
      headers: { 'accept-language': 'en' },
    });
    const data = logged.body.data.records.map((r: { logData: string }) => r.logData).join('\n');
    expect(data).toContain(`log → ${viaLog}: sent`);
    expect(data).toContain('failed');
    expect(data).toContain('vendor unreachable');
    expect(data).not.toMatch(/socket|hang up|127\.0\.0\.1/);
    expect(logged.body.data.records.every((r: { params: string }) => !r.params.includes('"9"'))).toBe(true);
  });

  it('enables one record per tenant and keeps tenants apart (404) and writes to administrators with buttons (403)', async () => {
    const list = async (token?: string) =>
      (await t.call({ method: 'GET', url: `${BASE}/list?size=100` }, token)).body.data.records as Array<{
        id: string;
        status: number;
        smsCode: string;
      }>;
    const ali = (await list()).find((r) => r.smsCode === 'ali')!;
    await t.call({ method: 'POST', url: `${BASE}/enable?id=${ali.id}` });
    const all = await list();
    expect(all.filter((r) => r.status === 2).map((r) => r.id)).toEqual([ali.id]);

    const calls = [
      { method: 'GET' as const, url: `${BASE}/detail?id=${ali.id}` },
      {
        method: 'POST' as const,
        url: `${BASE}/submit`,
        payload: { id: ali.id, category: 5, smsCode: 'stolen' },
      },
      { method: 'POST' as const, url: `${BASE}/remove?ids=${ali.id}` },
      { method: 'POST' as const, url: `${BASE}/enable?id=${ali.id}` },
    ];
    for (const call of calls) expect((await t.call(call, other.token)).status, call.url).toBe(404);
    expect(await list(other.token)).toEqual([]);
    // The other tenant cannot send through this tenant's settings either.
    expect((await send({ code: 'ali', phones: phone() }, other.token)).status).toBe(400);

    const operator = await createOperator(t, [
      'sms',
      'sms_add',
      'sms_edit',
      'sms_delete',
      'sms_enable',
      'sms_view',
    ]);
    for (const call of calls) expect((await t.call(call, operator.token)).status, call.url).toBe(403);
    expect((await send({ code: 'ali', phones: phone() }, operator.token)).status).toBe(403);
    const sender = await createOperator(t, ['sms_send']);
    expect((await send({ code: 'log', phones: phone() }, sender.token)).status).toBe(200);

    expect((await t.call({ method: 'POST', url: `${BASE}/remove?ids=${ali.id}` })).body.msg).toBe('删除成功');
    expect((await t.call({ method: 'GET', url: `${BASE}/detail?id=${ali.id}` })).status).toBe(404);
  });
});
