import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type AliasOptions, type Plugin, type ResolvedConfig } from 'vite';

/**
 * The sign-in page paints from index.html itself (docs/decisions/0023-login-first-paint.md). After
 * the client build, this plugin builds `entry` (web/src/prerender.tsx) for Node with Vite's SSR
 * build, runs its `renderLoginPage()` and rewrites the built index.html:
 * - #root holds the page's markup, marked with the state it was rendered in (the client hydrates
 *   it when its own state is the same, app/first-paint.ts);
 * - the first-load stylesheet (antd's reset, the sign-in page's own CSS) is inlined in <head>, its
 *   <link> disabled (nothing holds the first paint back, nothing is downloaded twice), and the
 *   icons' CSS and antd's CSS-in-JS styles of the page with it (`<style data-prerender-style>`,
 *   dropped once antd has written its own).
 * Only the client build of `vite build`; dev and the tests see index.html unchanged.
 */
export function prerenderLogin(options: { entry: string; alias: AliasOptions }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'console:prerender-login',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const page = await renderWithSsrBuild(config, options);
      const indexFile = path.join(outDir, 'index.html');
      const html = await readFile(indexFile, 'utf8');
      const readCss = (href: string) => readFile(path.join(outDir, href.replace(/^\//, '')), 'utf8');
      await writeFile(indexFile, await injectPrerendered(html, page, readCss));
      const kb = (text: string) => (Buffer.byteLength(text) / 1024).toFixed(1);
      config.logger.info(
        `prerendered /login into index.html: markup ${kb(page.html)} KB, antd styles ${kb(page.css)} KB`,
      );
    },
  };
}

/** web/src/prerender.tsx's answer. */
export interface PrerenderedPage {
  html: string;
  css: string;
  iconCss: string;
  key: string;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `</style` cannot occur inside a <style> element. */
const styleText = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/** index.html with the page's markup in #root and its CSS in <head> (see `prerenderLogin`). */
export async function injectPrerendered(
  html: string,
  page: PrerenderedPage,
  readCss: (href: string) => Promise<string>,
): Promise<string> {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error(`prerender-login: index.html has no empty ${root}`);
  let out = html;
  for (const [tag, indent = '', attributes = '', href = ''] of html.matchAll(
    /([ \t]*)<link rel="stylesheet"([^>]*)href="([^"]+)"[^>]*>/g,
  )) {
    const css = await readCss(href);
    // The link stays, disabled (not fetched): Vite's preload helper finds it there when a page's
    // code lists this stylesheet among its dependencies, and does not load it a second time.
    // (Replacements by function: `$` in the CSS or markup is not a replacement pattern.)
    out = out.replace(
      tag,
      () =>
        `${indent}<style>${styleText(css)}</style>\n${indent}<link rel="stylesheet"${attributes}href="${href}" disabled>`,
    );
  }
  out = out.replace(
    '</head>',
    () =>
      `    <style>${styleText(page.iconCss)}</style>\n` +
      `    <style data-prerender-style>${styleText(page.css)}</style>\n  </head>`,
  );
  return out.replace(
    root,
    () => `<div id="root" data-prerendered="${escapeAttribute(page.key)}">${page.html}</div>`,
  );
}

async function renderWithSsrBuild(
  config: ResolvedConfig,
  { entry, alias }: { entry: string; alias: AliasOptions },
): Promise<PrerenderedPage> {
  const outDir = path.join(config.root, 'node_modules/.prerender-login');
  await build({
    configFile: false,
    root: config.root,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    plugins: [react(), onlyTheLoginPage()],
    resolve: { alias },
    // antd names its classes differently outside production (css-dev-only-…): as the client build.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    // Everything in one file, antd and cssinjs included: the page and this module must share
    // cssinjs's StyleContext (one copy of the package), whatever Node would resolve.
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      minify: false,
      rolldownOptions: { output: { entryFileNames: 'prerender.mjs', codeSplitting: false } },
    },
  });
  const file = path.join(outDir, 'prerender.mjs');
  try {
    const module = (await import(`${pathToFileURL(file).href}?t=${Date.now()}`)) as {
      renderLoginPage: () => Promise<PrerenderedPage>;
    };
    return await module.renderLoginPage();
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * The pages the router loads lazily are not rendered at /login: the build gives their imports an
 * empty module instead of compiling every page (and bpmn-js, tiptap) for Node.
 */
function onlyTheLoginPage(): Plugin {
  const EMPTY = '\0prerender-login:not-rendered';
  return {
    name: 'console:prerender-login-only',
    resolveDynamicImport(specifier) {
      if (typeof specifier === 'string' && /[\\/]pages[\\/]login[\\/]LoginPage$/.test(specifier)) return null;
      return EMPTY;
    },
    load(id) {
      return id === EMPTY ? 'export default {};' : null;
    },
  };
}
