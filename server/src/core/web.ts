import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiNotFound } from './http.js';

// Serves the built console at / with history fallback: any GET outside /api that is not a file
// answers index.html, so deep links like /system/param work on reload.

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export async function installConsole(app: FastifyInstance, webDist: string | null): Promise<void> {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      setHeaders(res, filePath) {
        // Hashed bundles never change; the HTML that names them must always be fresh.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    if (isApi(req.url) || !webDist || (req.method !== 'GET' && req.method !== 'HEAD'))
      return apiNotFound(req, reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
  });
}
