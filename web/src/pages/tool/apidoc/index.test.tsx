import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as apidocApi from '../../../api/develop/apidoc';
import { RequestError } from '../../../api/request';
import { changeLanguage } from '../../../i18n';
import { renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import ApiDocPage from '.';

// 研发工具 › 接口文档 in jsdom: the page's own texts in both languages, the document handed to the
// viewer, and a refusal shown with 重试. RapiDoc itself is drawn in the browser test
// (web/e2e/api-docs.e2e.ts); here a stand-in <rapi-doc> records what it was given.

vi.setConfig({ testTimeout: 60_000 });

const fixtures = vi.hoisted(() => ({
  doc: {
    openapi: '3.1.0',
    info: { title: 'Cabinet fleet console API', version: '1' },
    paths: { '/api/a/list': { get: {} }, '/api/a/submit': { post: {} }, '/api/b/x': { get: {}, post: {} } },
    tags: [{ name: 'blade-system' }, { name: 'zxgxg-api' }],
  },
  loaded: [] as Array<{ spec: unknown; attributes: Record<string, string> }>,
}));

vi.mock('../../../api/develop/apidoc', async (importOriginal) => ({
  ...(await importOriginal<typeof apidocApi>()),
  openApiDocument: vi.fn(() => Promise.resolve(structuredClone(fixtures.doc))),
}));

vi.mock('rapidoc', () => {
  class StandIn extends HTMLElement {
    loadSpec(spec: unknown) {
      const attributes = Object.fromEntries([...this.attributes].map((a) => [a.name, a.value]));
      fixtures.loaded.push({ spec, attributes });
    }
  }
  customElements.define('rapi-doc', StandIn);
  return {};
});

afterEach(async () => {
  fixtures.loaded.length = 0;
  await resetPageTest();
});

describe('接口文档', () => {
  it('says what the document holds and hands it to the viewer, as a reader only', async () => {
    const page = await renderPageAt('/tool/apidoc/index', <ApiDocPage />, {
      title: '接口文档',
      showing: 'OpenAPI 3.1，由服务端按各接口自身的校验模式生成：共 4 个接口，2 个分类',
    });
    await waitFor(() => expect(fixtures.loaded).toHaveLength(1));
    expect(page.querySelector('rapi-doc')).not.toBeNull();
    expect(fixtures.loaded[0]!.spec).toEqual(fixtures.doc);
    expect(fixtures.loaded[0]!.attributes).toMatchObject({
      'allow-try': 'false',
      'allow-spec-url-load': 'false',
      'load-fonts': 'false',
      'update-route': 'false',
    });
    expect(within(page).getByRole('button', { name: /下载 JSON/ })).toHaveProperty('disabled', false);
  });

  it('speaks English too', async () => {
    await changeLanguage('en');
    const page = await renderPageAt('/tool/apidoc/index', <ApiDocPage />, {
      title: 'API docs',
      showing: "OpenAPI 3.1, made by the server from each route's own schemas: 4 operations in 2 areas",
    });
    expect(within(page).getByRole('button', { name: /Download JSON/ })).toHaveProperty('disabled', false);
  });

  it('shows a refusal with the server’s words, and 重试 asks again', async () => {
    vi.mocked(apidocApi.openApiDocument).mockRejectedValueOnce(new RequestError('缺少权限', 403, '缺少权限'));
    const page = await renderPageAt('/tool/apidoc/index', <ApiDocPage />, { title: '接口文档' });
    const alert = await within(page).findByRole('alert');
    expect(alert.textContent).toContain('接口文档加载失败');
    expect(alert.textContent).toContain('缺少权限');
    expect(page.querySelector('rapi-doc')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: /重\s?试/ }));
    await screen.findByText(/共 4 个接口/);
    expect(apidocApi.openApiDocument).toHaveBeenCalledTimes(2);
  });
});
