import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Cache } from './core/cache/index.js';
import type { Config } from './core/config.js';
import { ok } from './core/envelope.js';
import { installErrorHandling, installRequestContext, requestId } from './core/http.js';
import type { Store } from './core/repository/store.js';
import { ANNOTATION_KEYWORDS } from './core/schema.js';
import { installSecurityHeaders } from './core/security-headers.js';
import { installConsole } from './core/web.js';
import { paramRoutes } from './modules/system/param/param.routes.js';
import { ParamService } from './modules/system/param/param.service.js';

export interface AppDependencies {
  config: Pick<Config, 'logLevel' | 'webDist'>;
  store: Store;
  cache: Cache;
  /** Answers when the database answers (/api/ready). */
  ping(): Promise<void>;
}

/** Lets ajv accept the schema annotations that word validation messages (core/schema.ts). */
function addAnnotationKeywords(ajv: { addKeyword(keyword: string): unknown }) {
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword(keyword);
  return ajv;
}

/** Builds the HTTP application from its modules. No I/O happens here: main.ts opens everything. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.config.logLevel },
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    // Keep-alive sockets must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
    ajv: {
      // verbose: errors carry the failing schema, whose annotations word the 400 messages;
      // allErrors: the message can name the first bad field in form order.
      customOptions: { verbose: true, allErrors: true },
      plugins: [addAnnotationKeywords as never],
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installRequestContext(app);
  installErrorHandling(app);
  installSecurityHeaders(app);

  app.get('/api/health', async (req) => ok({ status: 'UP' }, req.t('ok')));
  app.get('/api/ready', async (req, reply) => {
    try {
      await deps.ping();
      return ok({ status: 'READY' }, req.t('ok'));
    } catch (err) {
      req.log.warn({ err }, 'database not ready');
      return reply.code(503).send({ code: 503, success: false, data: null, msg: req.t('error.unavailable') });
    }
  });

  await app.register(paramRoutes, {
    prefix: '/api/blade-system/param',
    params: new ParamService(deps.store),
  });

  await installConsole(app, deps.config.webDist);
  return app;
}
