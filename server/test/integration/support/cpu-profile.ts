// A setup file of the integration project when TEST_CPU_PROFILE_DIR is set (vitest.config.ts): each
// worker samples its CPU with V8's profiler and writes what it sampled during each file to that
// directory as a .cpuprofile (Chrome's DevTools, or any reader of the format, opens it). Workers run
// with `isolate: false`, so this module is evaluated once per file but the profiler starts once per
// worker; vitest ends its workers without an exit event, so a file's end is where the profile is written.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { afterAll } from 'vitest';

const directory = process.env.TEST_CPU_PROFILE_DIR;
const state = globalThis as { cpuProfileSession?: Session };

if (directory) {
  if (!state.cpuProfileSession) {
    mkdirSync(directory, { recursive: true });
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
    state.cpuProfileSession = session;
  }
  afterAll(async () => {
    const session = state.cpuProfileSession!;
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(path.join(directory, `${process.pid}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    await session.post('Profiler.start');
  });
}
