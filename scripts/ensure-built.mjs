// `npm start` (and `npm run unlock` / `npm run demo`) builds only what is missing or older than its sources, so a fresh clone starts with
// one command and a second start does not pay for a rebuild.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isTestBuild } from './sqlite-driver.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const child of readdirSync(full)) max = Math.max(max, newest(path.join(entry, child)));
  return max;
}

const outputs = [
  {
    output: 'packages/contract/dist/index.js',
    sources: ['packages/contract/src'],
    workspace: 'packages/contract',
  },
  { output: 'server/dist/main.js', sources: ['server/src', 'packages/contract/src'], workspace: 'server' },
  {
    output: 'web/dist/index.html',
    sources: ['web/src', 'web/index.html', 'web/vite.config.ts', 'packages/contract/src'],
    workspace: 'web',
  },
];

// `ensure-built.mjs server` checks only what the server needs (the command-line tools: no console).
const serverOnly = process.argv[2] === 'server';
const needed = serverOnly ? outputs.filter(({ workspace }) => workspace !== 'web') : outputs;

// A driver compiled for the tests (scripts/sqlite-driver.mjs) serves, slower: `npm start` says so and
// how to mend it (the command-line tools keep their output to themselves).
if (!serverOnly && isTestBuild())
  process.stderr.write(
    'Note: the SQLite driver was compiled for the tests, without optimisation; ' +
      '`npm rebuild better-sqlite3` compiles it as npm install does.\n',
  );

for (const { output, sources, workspace } of needed) {
  const built = existsSync(path.join(root, output)) ? statSync(path.join(root, output)).mtimeMs : 0;
  const changed = Math.max(...sources.map(newest));
  if (built >= changed) continue;
  process.stdout.write(`Building ${workspace} …\n`);
  execSync(`npm run build -w ${workspace}`, { cwd: root, stdio: 'inherit' });
  // An incremental build (tsc -b) leaves an unchanged output's time as it was: mark the build done,
  // or every later call would build again (60 s per `npm run unlock` in a worktree).
  const now = new Date();
  if (existsSync(path.join(root, output))) utimesSync(path.join(root, output), now, now);
}
