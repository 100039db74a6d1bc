import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { contentSecurityPolicy } from '../../server/src/core/security-headers.ts';

/** The CSP source that allows an inline script: `'sha256-…'` of its exact text. */
export const scriptHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The texts of the inline scripts (no `src`) of an HTML document. */
export const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');

/**
 * The server's CSP allows scripts from the console's origin and, by their hashes, the inline scripts
 * of index.html (the one that decides before the first paint whether the prerendered sign-in page
 * shows: docs/decisions/0023-login-first-paint.md). A change to such a script changes its hash: the
 * build fails, naming the hash server/src/core/security-headers.ts must list, rather than ship a
 * page whose script the browser blocks.
 */
export function inlineScriptsAllowedByCsp(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'console:inline-script-hashes',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const html = await readFile(path.resolve(config.root, config.build.outDir, 'index.html'), 'utf8');
      const policy = contentSecurityPolicy();
      const missing = inlineScripts(html)
        .map(scriptHash)
        .filter((hash) => !policy.includes(hash));
      if (missing.length > 0)
        throw new Error(
          `index.html has inline scripts the CSP does not allow: add ${missing.join(' ')} to script-src in server/src/core/security-headers.ts`,
        );
    },
  };
}
