import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiNotFound, isApiUrl } from './http.js';

// Serves the built console at / with history fallback: any GET outside /api that is not a file
// answers index.html, so deep links like /system/param work on reload.

/**
 * Settings of the server's configuration that the console reads when it starts
 * (web/src/config/website.ts): only those that differ from the console's own defaults.
 */
export interface ConsoleSettings {
  /** TENANT_MODE: the sign-in page asks for the tenant's code. */
  tenantMode?: true;
}

/** The name of the meta tag of index.html that carries the settings, as JSON. */
export const CONSOLE_SETTINGS_META = 'console-settings';

/**
 * index.html with the settings in a meta tag before </head>: no script, as the CSP allows none
 * inline, and nothing for the console to download.
 */
export function withConsoleSettings(html: string, settings: ConsoleSettings): string {
  const json = JSON.stringify(settings)
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
  return html.replace('</head>', `  <meta name="${CONSOLE_SETTINGS_META}" content="${json}" />\n  </head>`);
}

export async function installConsole(
  app: FastifyInstance,
  webDist: string | null,
  settings: ConsoleSettings = {},
): Promise<void> {
  // Without settings (the default configuration) index.html goes out as built, byte for byte.
  const inject = Object.keys(settings).length > 0;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: inject ? false : ['index.html'],
      setHeaders(res, filePath) {
        // Hashed bundles never change; the HTML that names them must always be fresh.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendIndex = async (reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    if (!inject) return reply.sendFile('index.html', webDist!);
    // Read on every request, as the static files are: a rebuild names other bundles.
    const html = await readFile(path.join(webDist!, 'index.html'), 'utf8');
    return reply.type('text/html; charset=utf-8').send(withConsoleSettings(html, settings));
  };
  if (webDist && inject) {
    app.get('/', (_req, reply) => sendIndex(reply));
    app.get('/index.html', (_req, reply) => sendIndex(reply));
  }

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    if (isApiUrl(req.url) || !webDist || (req.method !== 'GET' && req.method !== 'HEAD'))
      return apiNotFound(req, reply);
    return sendIndex(reply);
  });
}
