// The SQLite driver's native module (better-sqlite3), compiled from source on this machine kind: its
// prebuilt binaries are not reachable from here.
//
// `node scripts/sqlite-driver.mjs for-tests` compiles it without optimisation (-O0), for a test run
// on a fresh install (`npm ci --ignore-scripts`, as .ci/run does): about 40 CPU-seconds instead of
// 100–130. The tests check behaviour, not speed, and ran no slower with it (the SQLite integration
// tests: 176 user-seconds with the optimised driver, 179 with this one). It leaves a mark beside the
// module, so that nothing measures with it by mistake: `node scripts/sqlite-driver.mjs optimized`
// (the benchmarks) compiles the driver again, optimised as npm would, when the mark is there or the
// module is missing; `npm start` says so (it does not compile: the tests run `npm run unlock`, and a
// compile deletes the module under the servers running beside).
import { execSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const release = path.join(root, 'node_modules/better-sqlite3/build/Release');
/** The module itself; `npm rebuild` deletes the whole build folder first, the mark with it. */
export const SQLITE_DRIVER_MODULE = path.join(release, 'better_sqlite3.node');
const TEST_BUILD_MARK = path.join(release, 'UNOPTIMIZED-TEST-BUILD');

const rebuild = (env = {}) =>
  execSync('npm rebuild better-sqlite3', { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

/** Whether the driver in place was compiled for the tests (unoptimised). */
export const isTestBuild = () => existsSync(TEST_BUILD_MARK);

/** The optimised driver for a benchmark: compiled when missing or built for tests. */
export function ensureOptimizedSqliteDriver() {
  if (existsSync(SQLITE_DRIVER_MODULE) && !isTestBuild()) return;
  process.stdout.write('Compiling the SQLite driver (optimised) …\n');
  rebuild();
}

function compileForTests() {
  // node-gyp's Makefiles put CFLAGS / CXXFLAGS after their own -O3: the last -O wins.
  rebuild({ CFLAGS: '-O0', CXXFLAGS: '-O0' });
  writeFileSync(TEST_BUILD_MARK, 'compiled by scripts/sqlite-driver.mjs for-tests: without optimisation\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const mode = process.argv[2];
  if (mode === 'for-tests') compileForTests();
  else if (mode === 'optimized') ensureOptimizedSqliteDriver();
  else {
    console.error('usage: node scripts/sqlite-driver.mjs for-tests|optimized');
    process.exit(2);
  }
}
