// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadLanguage, type Language } from '../i18n';
import { configureRequest, get, post, RequestError } from './request';

// A real HTTP server on loopback answers every call; each test sets how it answers.
type Answer = (request: IncomingMessage, response: ServerResponse) => void;

let answer: Answer;
let baseUrl: string;
const server = createServer((request, response) => answer(request, response));

function reply(status: number, body: unknown): Answer {
  return (_request, response) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
}

/** Answers 200 with what the server received, as `data` of an R envelope. */
const echo: Answer = (request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const received = { method: request.method, url: request.url, headers: request.headers, body };
    reply(200, { code: 200, success: true, data: received, msg: '操作成功' })(request, response);
  });
};

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let token: string | undefined;
let language: Language;
let messages: string[];
let unauthorizedCount: number;

beforeAll(async () => {
  // The console loads a language's texts before switching to it; these tests switch by hand.
  await loadLanguage('en');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  answer = echo;
  token = undefined;
  language = 'zh';
  messages = [];
  unauthorizedCount = 0;
  configureRequest({
    getToken: () => token,
    getLanguage: () => language,
    onUnauthorized: () => (unauthorizedCount += 1),
    notifyError: (message) => messages.push(message),
    statusWhiteList: [418],
  });
});

/** The rejection of a call that must fail. */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => expect.fail('the call resolved'),
    (error: unknown) => error,
  );
}

describe('request headers', () => {
  it('sends the client authorization, the language and the token on every call', async () => {
    token = 'access-token';
    language = 'en';
    const { headers } = await get<Received>(`${baseUrl}/echo`);
    expect(headers.authorization).toBe(`Basic ${Buffer.from('saber:saber_secret').toString('base64')}`);
    expect(headers['blade-auth']).toBe('bearer access-token');
    expect(headers['accept-language']).toBe('en-US');
  });

  it('sends no token header without a session', async () => {
    const { headers } = await get<Received>(`${baseUrl}/echo`);
    expect(headers.authorization).toMatch(/^Basic /);
    expect(headers['accept-language']).toBe('zh-CN');
    expect(headers).not.toHaveProperty('blade-auth');
  });

  it('adds the headers a call asks for, without letting them replace the client authorization', async () => {
    const { headers } = await get<Received>(`${baseUrl}/echo`, undefined, {
      headers: { 'Tenant-Id': '000000', Authorization: 'Basic forged' },
    });
    expect(headers['tenant-id']).toBe('000000');
    expect(headers.authorization).toBe(`Basic ${Buffer.from('saber:saber_secret').toString('base64')}`);
  });

  it('leaves the token out of a call that opts out', async () => {
    token = 'access-token';
    const { headers } = await get<Received>(`${baseUrl}/echo`, undefined, { authToken: false });
    expect(headers.authorization).toMatch(/^Basic /);
    expect(headers).not.toHaveProperty('blade-auth');
  });
});

describe('answers', () => {
  it('resolves the data of a 200 answer', async () => {
    answer = reply(200, { code: 200, success: true, data: { id: '1' }, msg: '操作成功' });
    await expect(get(`${baseUrl}/detail`)).resolves.toEqual({ id: '1' });
    expect(messages).toEqual([]);
  });

  it('sends GET parameters in the query, POST bodies as JSON with optional query parameters', async () => {
    const read = await get<Received>(`${baseUrl}/list`, { current: 1, size: 10, name: undefined });
    expect(read).toMatchObject({ method: 'GET', url: '/list?current=1&size=10' });

    const written = await post<Received>(`${baseUrl}/remove`, { a: 1 }, { params: { ids: '1,2' } });
    expect(written).toMatchObject({ method: 'POST', url: '/remove?ids=1%2C2', body: '{"a":1}' });
  });

  it('sends FormData as multipart without a JSON content type (uploads)', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    const received = await post<Received>(`${baseUrl}/upload`, form);
    expect(received.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(received.body).toContain('filename="hello.txt"');
    expect(received.body).toContain('hello');
  });

  it('leaves null and undefined parameters out of the query and appends to an existing one', async () => {
    const received = await get<Received>(`${baseUrl}/x?a=1`, { b: 'two words', c: null, d: undefined, e: 0 });
    expect(received.url).toBe('/x?a=1&b=two+words&e=0');
  });

  it("lets the body's code win over the HTTP status", async () => {
    answer = reply(200, { code: 400, success: false, data: null, msg: '参数错误' });
    const failure = await failureOf(get(`${baseUrl}/x`));
    expect(failure).toBeInstanceOf(RequestError);
    expect(failure).toMatchObject({ code: 400, message: '参数错误' });

    answer = reply(400, { code: 200, success: true, data: 'fine', msg: '操作成功' });
    await expect(get(`${baseUrl}/x`)).resolves.toBe('fine');
  });

  it('resolves the whole body of a raw answer (token, captcha), which has no envelope', async () => {
    answer = reply(200, { access_token: 'a', refresh_token: 'r' });
    await expect(post(`${baseUrl}/oauth/token`, undefined, { raw: true })).resolves.toEqual({
      access_token: 'a',
      refresh_token: 'r',
    });
  });

  it('uses the HTTP status when the body has no code', async () => {
    answer = reply(404, { msg: '没有找到' });
    expect(await failureOf(get(`${baseUrl}/x`))).toMatchObject({ code: 404, message: '没有找到' });
  });
});

describe('failed answers', () => {
  it('shows the msg of a 400 answer and rejects with it', async () => {
    answer = reply(400, { code: 400, success: false, data: null, msg: '参数名称不能为空' });
    const failure = await failureOf(get(`${baseUrl}/x`));
    expect(failure).toMatchObject({ name: 'RequestError', code: 400, message: '参数名称不能为空' });
    expect(messages).toEqual(['参数名称不能为空']);
  });

  it('shows the error_description of an OAuth failure', async () => {
    answer = reply(400, { error_code: 400, error_description: '用户名或密码错误' });
    expect(await failureOf(post(`${baseUrl}/oauth/token`))).toMatchObject({ code: 400 });
    expect(messages).toEqual(['用户名或密码错误']);
  });

  it('leaves the message of a quiet call to the caller, with the server’s own words on the error', async () => {
    answer = reply(400, { error_code: 400, error_description: '验证码不正确' });
    const failure = await failureOf(post(`${baseUrl}/oauth/token`, undefined, { raw: true, quiet: true }));
    expect(failure).toMatchObject({ code: 400, message: '验证码不正确', serverMessage: '验证码不正确' });
    expect(messages).toEqual([]);
  });

  it('still ends the session on a quiet call answered 401', async () => {
    answer = reply(401, { code: 401, success: false, data: null, msg: '请求未授权' });
    expect(await failureOf(get(`${baseUrl}/x`, undefined, { quiet: true }))).toMatchObject({ code: 401 });
    expect(unauthorizedCount).toBe(1);
  });

  it('falls back to "unknown error" in the current language', async () => {
    answer = reply(400, { code: 400, success: false, data: null, msg: '' });
    expect(await failureOf(get(`${baseUrl}/x`))).toMatchObject({
      code: 400,
      message: '未知错误',
      serverMessage: undefined,
    });

    language = 'en';
    answer = reply(400, 'not json');
    expect(await failureOf(get(`${baseUrl}/x`))).toMatchObject({ code: 400, message: 'unknown error' });
    expect(messages).toEqual(['未知错误', 'unknown error']);
  });

  it('shows the msg of a 500 answer', async () => {
    answer = reply(500, { code: 500, success: false, data: null, msg: '服务器异常' });
    expect(await failureOf(get(`${baseUrl}/x`))).toMatchObject({ code: 500 });
    expect(messages).toEqual(['服务器异常']);
  });

  it('rejects a whitelisted code silently', async () => {
    answer = reply(200, { code: 418, success: false, data: null, msg: '不提示' });
    expect(await failureOf(get(`${baseUrl}/x`))).toMatchObject({ code: 418, message: '不提示' });
    expect(messages).toEqual([]);
    expect(unauthorizedCount).toBe(0);
  });

  it('ends the session on 401 without a message', async () => {
    token = 'expired';
    answer = reply(401, { code: 401, success: false, data: null, msg: '请求未授权' });
    expect(await failureOf(get(`${baseUrl}/x`))).toMatchObject({ code: 401 });
    expect(unauthorizedCount).toBe(1);
    expect(messages).toEqual([]);
  });
});

describe('transport failures reject without a message', () => {
  it('a status above 500', async () => {
    answer = reply(502, { msg: 'bad gateway' });
    expect(await failureOf(get(`${baseUrl}/x`))).not.toBeInstanceOf(RequestError);
    expect(messages).toEqual([]);
  });

  it('a closed connection', async () => {
    answer = (request) => request.socket.destroy();
    expect(await failureOf(get(`${baseUrl}/x`))).not.toBeInstanceOf(RequestError);
    expect(messages).toEqual([]);
  });

  it('a timeout', async () => {
    answer = () => undefined; // never answers
    expect(await failureOf(get(`${baseUrl}/x`, undefined, { timeout: 100 }))).toMatchObject({
      name: 'TransportError',
      code: 'TIMEOUT',
    });
    expect(messages).toEqual([]);
    expect(unauthorizedCount).toBe(0);
  });
});
