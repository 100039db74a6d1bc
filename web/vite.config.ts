import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { antdStaticStyles } from './build/antd-static-styles.ts';
import { inlineScriptsAllowedByCsp } from './build/inline-script-hashes.ts';
import { prerenderLogin } from './build/prerender-login.ts';

/**
 * Two antd modules that the sign-in page needs bring code only the signed-in pages use, because a
 * module travels whole into one chunk (docs/decisions/0008): the build gives those two imports a
 * slimmer module. Only the build: dev and tests see antd unchanged. If antd's files change so that
 * a replacement no longer applies, the build warns and simply keeps antd's own module.
 */
function slimAntdForFirstLoad(): Plugin {
  const replacements = [
    {
      // ConfigProvider wraps its children in the tooltip's UniqueProvider only with
      // `tooltip={{ unique: true }}`, which the console never sets; the import alone brings
      // rc-trigger, rc-tooltip and the tooltip's styles (≈ 9 KB gzip) into the first download.
      importer: /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
      source: '../tooltip/UniqueProvider',
      code: 'export default function UniqueProvider(props) { return props.children; }',
    },
    {
      // Button's and Tag's style tokens need `isBright` alone from the colour picker's presets
      // module, which also holds the presets panel and with it Collapse (≈ 4 KB gzip).
      importer: /[\\/]antd[\\/]es[\\/](button|tag)[\\/]style[\\/](token|index)\.js$/,
      source: '../../color-picker/components/ColorPresets',
      // antd 6.6's isBright, unchanged.
      code: [
        "import { Color as RcColor } from '@rc-component/color-picker';",
        'export const isBright = (value, bgColorToken) => {',
        '  const { r, g, b, a } = value.toRgb();',
        '  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();',
        '  if (a <= 0.5) return hsv.v > 0.5;',
        '  return r * 0.299 + g * 0.587 + b * 0.114 > 192;',
        '};',
      ].join('\n'),
    },
  ];
  const used = new Set<number>();
  const PREFIX = '\0slim-antd:';
  return {
    name: 'console:slim-antd-first-load',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const index = replacements.findIndex(
        (r) => r.source === source && importer && r.importer.test(importer),
      );
      if (index < 0) return null;
      used.add(index);
      return `${PREFIX}${index}.js`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      return replacements[Number(id.slice(PREFIX.length, -3))]!.code;
    },
    buildEnd() {
      replacements.forEach((r, index) => {
        if (!used.has(index)) this.warn(`antd no longer imports ${r.source} as expected: not replaced`);
      });
    },
  };
}

/**
 * A chunk of everything some roots import statically: the console's own modules from there on, and
 * with them (the group's dependencies) the library code they use. Left to itself the bundler spreads
 * them over dozens of files (one per icon, per shared helper, per set of pages that share a library
 * module); one file compresses better, and a browser, six requests at a time over HTTP/1.1, does not
 * queue the sign-in request behind forty others.
 */
function staticClosureChunk(name: string, rootFiles: readonly string[]) {
  const roots = rootFiles.map((file) => fileURLToPath(new URL(file, import.meta.url)));
  // The console's own modules and the icons they draw; libraries keep the bundler's chunks (most of
  // them are in a few large ones already), and their barrels would pull in every component.
  const wanted = (id: string) =>
    !id.includes('/node_modules/') || /\/@ant-design\/icons(-svg)?\/es\/(icons|asn)\//.test(id);
  type Info = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
  let members: Set<string> | undefined;
  return (moduleId: string, ctx: { getModuleInfo(id: string): Info }) => {
    if (!members) {
      members = new Set();
      const pending = [...roots];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (members.has(id) || !wanted(id)) continue;
        members.add(id);
        const info = ctx.getModuleInfo(id);
        const lazy = new Set(info?.dynamicallyImportedIds);
        pending.push(...(info?.importedIds ?? []).filter((imported) => !lazy.has(imported)));
      }
    }
    return members.has(moduleId) ? name : null;
  };
}

const contractFile = (file: string) =>
  fileURLToPath(new URL(`../packages/contract/src/${file}`, import.meta.url));

// The contract is consumed from source, as in vitest.config.ts: no build step before the console's.
const alias = [
  { find: /^@console\/contract$/, replacement: contractFile('index.ts') },
  { find: /^@console\/contract\/rich-text-policy$/, replacement: contractFile('rich-text-policy.ts') },
  { find: /^@console\/contract\/business$/, replacement: contractFile('business.ts') },
  { find: /^@console\/contract\/flow$/, replacement: contractFile('flow.ts') },
  { find: /^@console\/contract\/menu-icons$/, replacement: contractFile('menu-icons.ts') },
  // Generated modules' entities (docs/decisions/0021-code-generator.md): types only in the console.
  { find: /^@console\/contract\/generated\/([a-z0-9-]+)$/, replacement: contractFile('generated/$1.ts') },
];

export default defineConfig({
  plugins: [
    react(),
    slimAntdForFirstLoad(),
    // antd's styles as static CSS for the signed-in pages (docs/decisions/0028-static-antd-styles.md).
    antdStaticStyles(),
    // /login's markup and CSS in index.html (docs/decisions/0023-login-first-paint.md).
    prerenderLogin({ entry: 'src/prerender.tsx', alias }),
    // index.html's inline script, allowed by its hash in the server's CSP.
    inlineScriptsAllowedByCsp(),
  ],
  resolve: { alias },
  build: {
    outDir: 'dist',
    // The first-load chunk (react, react-dom, react-router, i18next, antd's core) is ≈ 540 KB raw.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Everything /login needs in one file; then everything the first signed-in page (the layout
      // and the home page) needs beyond that in a second one, preloaded while the user types. A
      // module of both stays in the first (priority). The rest stays split by page.
      output: {
        codeSplitting: {
          groups: [
            {
              name: staticClosureChunk('first-load', ['src/main.tsx', 'src/pages/login/LoginPage.tsx']),
              debugName: 'first-load',
              priority: 2,
            },
            {
              name: staticClosureChunk('signed-in', [
                'src/app/layout/MainLayout.tsx',
                'src/pages/home/HomePage.tsx',
              ]),
              debugName: 'signed-in',
              priority: 1,
            },
          ],
        },
      },
      treeshake: {
        // antd's own modules say they have no side effects (package.json `sideEffects`), but the
        // rc-component packages and antd's colour helpers under them say nothing, so every module of
        // a package one of their files imports is kept: antd's ConfigProvider alone then brings the
        // whole of rc-form and its validator, and the tooltip (docs/decisions/0008). Their modules
        // only define things; unmatched modules keep the default (their package.json).
        moduleSideEffects: [
          {
            test: /[\\/]node_modules[\\/](@rc-component[\\/][^\\/]+|@ant-design[\\/](colors|fast-color|cssinjs-utils)|@babel[\\/]runtime)[\\/].*\.m?js$/,
            sideEffects: false,
          },
        ],
      },
    },
  },
  server: {
    // `npm run dev` talks to a server started separately on its default port.
    proxy: { '/api': 'http://localhost:8080' },
  },
});
