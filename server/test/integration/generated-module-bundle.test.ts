import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminHeaders, ROOT, startServer, type Running } from './support/server-process.js';

// The bundled server loads a generated module by its path at run time (docs/decisions/0021 and
// 0026): the module imports the server's own modules by relative path, and must get the instances
// the bundle runs, not second copies. The probe's route answers a message it added through the
// loader: a second copy of the message catalogue (core/i18n) would not hold it and `translate`
// would throw, a 500. (Checked: the probe importing the unbundled build/core/i18n.js gets its 500.)
//
// The probe is written as the compiler would emit a generated module into dist/, in a copy of the
// built server (so the real dist/ is never touched while other tests run it).

const PROBE = `import { translate } from '../../../core/i18n.js';
import { defineGeneratedModule } from '../../../core/generated-modules.js';

export default defineGeneratedModule({
  name: 'bundle-probe',
  prefix: '/api/zxgxg-api/bundle-probe',
  async register(app) {
    app.get('/hello', { config: { menu: 'bundle-probe' } }, async () => ({ code: 200, success: true, data: translate('en', 'bundleProbe.hello'), msg: '' }));
  },
  migrations: {},
  messages: { zh: { 'bundleProbe.hello': '探针已加载' }, en: { 'bundleProbe.hello': 'probe loaded' } },
  menu: {
    parentCode: 'business',
    code: 'bundle-probe',
    name: '探针',
    path: '/generated/bundle-probe',
    source: 'AppstoreOutlined',
    sort: 99,
    buttons: [],
  },
});
`;

describe('a generated module in the bundled server', () => {
  const copy = mkdtempSync(path.join(tmpdir(), 'bundle-probe-'));
  let server: Running | undefined;

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(copy, { recursive: true, force: true });
  });

  it('is loaded from dist/modules/generated and shares the bundle’s modules', async () => {
    // The server package as built: package.json (its root), dist/, the region data, and the
    // dependencies the bundle leaves external, reached through node_modules as from server/.
    cpSync(path.join(ROOT, 'server/package.json'), path.join(copy, 'package.json'));
    cpSync(path.join(ROOT, 'server/dist'), path.join(copy, 'dist'), { recursive: true });
    symlinkSync(path.join(ROOT, 'server/reference'), path.join(copy, 'reference'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
    const probeDir = path.join(copy, 'dist/modules/generated/bundle-probe');
    mkdirSync(probeDir, { recursive: true });
    writeFileSync(path.join(probeDir, 'bundle-probe.module.js'), PROBE);

    server = await startServer(
      {
        DATABASE_URL: `sqlite:${path.join(copy, 'probe.db')}`,
        DATA_DIR: copy,
        WEB_DIST: path.join(ROOT, 'web/dist'),
      },
      path.join(copy, 'dist/main.js'),
    );
    const headers = await adminHeaders(server.port);
    const response = await fetch(`http://127.0.0.1:${server.port}/api/zxgxg-api/bundle-probe/hello`, {
      headers,
    });
    const body = (await response.json()) as { data?: unknown };
    expect(response.status, `${JSON.stringify(body)}\n${server.output()}`).toBe(200);
    expect(body.data).toBe('probe loaded');

    // Its route is in the API's document (issue 52), under its area: the bundled server loads
    // @fastify/swagger (external) on this first request.
    const docs = await fetch(`http://127.0.0.1:${server.port}/api/docs/openapi.json`, { headers });
    expect(docs.status, server.output()).toBe(200);
    const doc = (await docs.json()) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(doc.paths['/api/zxgxg-api/bundle-probe/hello']?.get).toMatchObject({
      tags: ['zxgxg-api'],
      'x-access': 'user',
      'x-menu': 'bundle-probe',
    });
  });
});
