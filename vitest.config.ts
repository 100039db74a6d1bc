import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The contract package is consumed from source in tests, so no build step is needed before them.
const contractFile = (file: string) =>
  fileURLToPath(new URL(`./packages/contract/src/${file}`, import.meta.url));
const resolve = {
  alias: [
    { find: /^@console\/contract$/, replacement: contractFile('index.ts') },
    { find: /^@console\/contract\/rich-text-policy$/, replacement: contractFile('rich-text-policy.ts') },
    { find: /^@console\/contract\/business$/, replacement: contractFile('business.ts') },
    { find: /^@console\/contract\/flow$/, replacement: contractFile('flow.ts') },
    { find: /^@console\/contract\/menu-icons$/, replacement: contractFile('menu-icons.ts') },
    // Generated modules' entities (docs/decisions/0021-code-generator.md).
    { find: /^@console\/contract\/generated\/([a-z0-9-]+)$/, replacement: contractFile('generated/$1.ts') },
    { find: /^@console\/contract\/schema$/, replacement: contractFile('schema-index.ts') },
  ],
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'server-unit',
          include: ['server/test/unit/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve,
        test: {
          name: 'server-integration',
          include: ['server/test/integration/**/*.test.ts'],
          environment: 'node',
          // The process tests run the built server; every test app copies a template database.
          globalSetup: [
            'server/test/integration/support/build-server.ts',
            'server/test/integration/support/template-databases.ts',
          ],
          // TEST_CPU_PROFILE_DIR=dir: each worker's CPU profile per file (support/cpu-profile.ts).
          setupFiles: process.env.TEST_CPU_PROFILE_DIR
            ? ['server/test/integration/support/cpu-profile.ts']
            : [],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file creates its own databases. Three workers on the machine's two cores: a file waits
          // on its databases, its servers and its timers for much of its time, and the step runs niced
          // beside the browser tests, whose processes get the cores first.
          maxWorkers: 3,
          isolate: false,
        },
      },
      {
        resolve,
        test: {
          name: 'web-unit',
          include: ['web/src/**/*.test.{ts,tsx}'],
          // Every file in jsdom, unless it says otherwise (`// @vitest-environment node`: the request
          // tests, which need Node's own fetch). One environment for all keeps each worker's libraries
          // loaded from file to file: with files of both kinds, a fresh clone (no timings cached to
          // order them by) ran this project in 152 s and 284 CPU-s instead of 90 s and 160.
          environment: 'jsdom',
          // A cheap getComputedStyle and head.children for jsdom (see the files for why and what they
          // miss).
          setupFiles: [
            'web/src/test/fresh-modules.ts',
            'web/src/test/computed-style.ts',
            'web/src/test/head-children.ts',
          ],
          // Each file renders in its own jsdom; two workers match the machine's two cores. Run with
          // server-unit in one command (`npm run test:unit`), a project with its own worker count
          // needs its own group, after the server's.
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.e2e.ts'],
          environment: 'node',
          // One migrated and seeded database that every server of the run copies.
          globalSetup: ['web/e2e/support/template-database.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time. Two at once (each file has its own server, database, Redis prefix
          // and Chromium) took the phase from 250 s to 175 s, but with both cores saturated a click
          // now and then landed before the page could take it: two failures in one run of 58 tests.
          fileParallelism: false,
          // The files share their worker's modules (playwright-core among them) instead of loading
          // them again for every file: 5 files, 11.8 → 4.7 CPU-s in the worker. No support module
          // keeps state of its own (each file's suite lives in its consoleSuite call).
          isolate: false,
          // A real browser on a shared 2-core machine: a polled condition gets 10 s, not 1 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
