import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { configureRequest } from './request';
import { crudResource } from './resource';

// A real HTTP server on loopback records what each call of the factory sends.
interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

let received: Received[];
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    received.push({
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: body ? JSON.parse(body) : undefined,
    });
    const data = url.pathname.endsWith('/list')
      ? { records: [], total: 0, size: 10, current: 1, pages: 0 }
      : true;
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }));
  });
});
let base: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/blade-system/post`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  configureRequest({
    getToken: () => undefined,
    getLanguage: () => 'zh',
    onUnauthorized: () => undefined,
    notifyError: () => undefined,
  });
});

it('speaks the BladeX resource convention: list, detail, submit and remove under one base path', async () => {
  const posts = crudResource<{ id: string }, { id?: string; postName: string }>(base);
  expect(await posts.list(2, 20, { postName_like: '总', empty: undefined })).toMatchObject({ total: 0 });
  await posts.detail('42');
  await posts.submit({ postName: '总监' });
  await posts.remove(['1', '2']);
  expect(received).toEqual([
    {
      method: 'GET',
      path: '/api/blade-system/post/list',
      query: { postName_like: '总', current: '2', size: '20' },
      body: undefined,
    },
    { method: 'GET', path: '/api/blade-system/post/detail', query: { id: '42' }, body: undefined },
    { method: 'POST', path: '/api/blade-system/post/submit', query: {}, body: { postName: '总监' } },
    { method: 'POST', path: '/api/blade-system/post/remove', query: { ids: '1,2' }, body: undefined },
  ]);
});
