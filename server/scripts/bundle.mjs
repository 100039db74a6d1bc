// The server's build, second step: the compiler's output (server/build, `tsc -b`) bundled with its
// dependencies into server/dist, what `npm start` runs (docs/decisions/0026-bundled-server.md).
//
// Why: Node 20 loads ES modules one file at a time, and the server's dependencies are about a
// thousand files. A start spent more than half of its main thread resolving, reading and linking
// them: 3.65 CPU-seconds per start, 2.2 bundled (`npm run bench:start`; the tests start about fifty
// servers).
//
// How: every file of ours stays an entry point at its own path (dist/modules/…/x.js), so a module
// the server loads by its path at run time (a generated module, docs/decisions/0021) imports the
// same module instances as the bundle; code that two entries share goes into chunks beside them.
// A dependency that finds files beside itself (`__dirname`, `import.meta.url`, `require.resolve`) or
// is native stays external, loaded from node_modules as before: the check below stops the build
// when a bundled dependency does such a thing, so a new one cannot break at run time unseen.
import { build } from 'esbuild';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiled = path.join(server, 'build');
const dist = path.join(server, 'dist');

/** Loaded from node_modules at run time, with why. */
const EXTERNAL = {
  'better-sqlite3': 'native',
  '@node-rs/argon2': 'native',
  'pg-native': 'native, optional (pg asks for it only when told to)',
  'svg-captcha': 'reads its fonts beside itself',
  'bpmn-engine': 'reads its package.json beside itself',
  ioredis: 'reads its package.json beside itself',
  pino: "starts transports' workers from files beside itself",
  piscina: 'starts its workers from a file beside itself',
  qlobber: "starts a worker from its own file (aedes' topic matching)",
  '@fastify/swagger':
    'reads its package.json beside itself (loaded at the first request for the API docs only)',
};

/** What in a dependency's code locates files beside itself (a bundled copy would look in dist/). */
const FILE_LOCATING = /\b__dirname\b|\b__filename\b|\bimport\.meta\.url\b|\brequire\.resolve\s*\(/;

/** Written last: the bundle is complete, as new as this, and made of the modules it lists. */
const STAMP = path.join(dist, '.bundled');

/** The compiled modules (declarations, maps and the compiler's own files aside). */
const entryPoints = (function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });
})(compiled);

// Up to date: nothing to do. (The integration tests' setup builds again while the browser tests run
// servers from dist/: an unchanged build must leave it alone.)
// A module removed (a generated module taken out) changes the list: its old output must go too.
const newestInput = Math.max(...entryPoints.map((file) => statSync(file).mtimeMs));
const inputList = entryPoints.map((file) => path.relative(compiled, file)).join('\n');
if (existsSync(STAMP) && statSync(STAMP).mtimeMs >= newestInput && readFileSync(STAMP, 'utf8') === inputList)
  process.exit(0);

// Written beside dist/, then put in its place: a server starting meanwhile finds a whole bundle.
const next = path.join(server, '.dist-next');
rmSync(next, { recursive: true, force: true });
const result = await build({
  entryPoints,
  outbase: compiled,
  outdir: next,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: Object.keys(EXTERNAL),
  // CommonJS dependencies call require() for Node's own modules; an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  // Whitespace and syntax only (names stay, for stack traces and logs): V8 keeps every loaded
  // module's source text in memory, and the idle server held ≈ 6 MB of it (docs/benchmarks.md,
  // "Idle memory"). The source map still leads back to the TypeScript.
  minifyWhitespace: true,
  minifySyntax: true,
  metafile: true,
  logLevel: 'warning',
});
if (result.warnings.length > 0) {
  console.error(`bundle: ${result.warnings.length} warning(s), see above`);
  process.exit(1);
}

const locating = Object.keys(result.metafile.inputs).filter(
  (input) => input.includes('node_modules/') && FILE_LOCATING.test(readFileSync(input, 'utf8')),
);
if (locating.length > 0) {
  console.error(
    'bundle: these bundled dependencies locate files beside themselves; add their packages to EXTERNAL ' +
      `(server/scripts/bundle.mjs):\n${locating.join('\n')}`,
  );
  process.exit(1);
}

writeFileSync(path.join(next, '.bundled'), inputList);
const previous = path.join(server, '.dist-previous');
rmSync(previous, { recursive: true, force: true });
if (existsSync(dist)) renameSync(dist, previous);
renameSync(next, dist);
rmSync(previous, { recursive: true, force: true });
