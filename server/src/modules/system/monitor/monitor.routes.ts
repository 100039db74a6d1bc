import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CacheMonitorSchema, DatabaseMonitorSchema, ServerMonitorSchema } from '@console/contract/schema';
import { failure, ok } from '../../../core/envelope.js';
import { Envelope } from '../../../core/schema.js';
import { METRICS_CONTENT_TYPE } from './metrics.js';
import type { MonitorService } from './monitor.service.js';

/**
 * /api/blade-system/monitor (issue 49): 服务监控's processes and database, 缓存监控's cache. The
 * platform administrator's only: they describe every tenant's server. Each answer's schema lists
 * its fields, so nothing else a snapshot might carry reaches the wire.
 */
export const monitorRoutes: FastifyPluginAsyncTypebox<{ monitor: MonitorService }> = async (
  app,
  { monitor },
) => {
  const config = { access: 'platform-admin' } as const;
  app.get('/server', { schema: { response: { 200: Envelope(ServerMonitorSchema) } }, config }, async (req) =>
    ok(await monitor.server(), req.t('ok')),
  );
  app.get(
    '/database',
    { schema: { response: { 200: Envelope(DatabaseMonitorSchema) } }, config },
    async (req) => ok(await monitor.database(), req.t('ok')),
  );
  app.get('/cache', { schema: { response: { 200: Envelope(CacheMonitorSchema) } }, config }, async (req) =>
    ok(await monitor.cache(), req.t('ok')),
  );
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /api/metrics: the same figures for Prometheus, registered only when METRICS_TOKEN is set (else
 * the path is unknown: 404). No client or user: the scraper sends `Authorization: Bearer <token>`,
 * compared through digests of equal length in constant time, so the time of a refusal tells nothing
 * of the token.
 */
export const metricsRoutes: FastifyPluginAsyncTypebox<{ monitor: MonitorService; token: string }> = async (
  app,
  { monitor, token },
) => {
  const expected = digest(token);
  app.get('/api/metrics', { config: { access: 'open' } }, async (req, reply) => {
    const presented = /^bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(presented), expected))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send(failure(401, req.t('error.unauthorized')));
    return reply
      .type(METRICS_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .send(await monitor.metrics());
  });
};
