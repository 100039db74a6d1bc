import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { oneDatabase } from '../../src/core/repository/tenant-databases.js';
import { demoDevices, fillDemo } from '../../src/modules/business/demo.js';
import {
  simulateDevices,
  type BeatOutcome,
  type SimulatedDevice,
} from '../../src/modules/business/device-simulator.js';
import { enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// `npm run demo` leaves the demo's fleet alive (issue 45, item 11): its simulator beats the living
// machines through the device API of a real server listening on a port, over HTTP, so their
// lastHeartbeatTime keeps advancing and they stay online past the offline window of one beat.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(enginesUnderTest())('the demo fleet beating on %s', (kind) => {
  let t: TestApp;
  let serverUrl: string;
  let devices: SimulatedDevice[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    const options = { tenantId: '000000', uploadsRoot: path.join(t.dataDir, 'uploads'), offlineSeconds: 300 };
    await fillDemo(oneDatabase(t.store), options);
    devices = await demoDevices(oneDatabase(t.store), options);
    serverUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await t?.close();
  });

  const heartbeats = async () => {
    const page = await t.call({ method: 'GET', url: '/api/zxgxg-api/machine/list?current=1&size=20' });
    expect(page.status).toBe(200);
    return new Map(
      (
        page.body.data.records as Array<{
          machineNo: string;
          lastHeartbeatTime: string | null;
          onlineStatus: number;
        }>
      ).map((m) => [m.machineNo, m] as const),
    );
  };

  it('beats the living machines again and again through the device API; their heartbeats advance', async () => {
    // The six machines the demo shows online; the quiet one (6) and the silent one (8) stay as they are.
    expect(devices.map((d) => d.machineNo)).toEqual([
      'DEMO-0001',
      'DEMO-0002',
      'DEMO-0003',
      'DEMO-0004',
      'DEMO-0005',
      'DEMO-0007',
    ]);
    const outcomes: BeatOutcome[] = [];
    const simulator = simulateDevices({
      serverUrl,
      devices,
      intervalMs: 400,
      onBeat: (o) => outcomes.push(o),
    });
    // Beats heard of every machine: at least `rounds` each (a loaded machine is slow, so wait for them).
    const heardRounds = (rounds: number) =>
      vi.waitFor(
        () => {
          for (const { machineNo } of devices)
            expect(outcomes.filter((o) => o.machineNo === machineNo).length).toBeGreaterThanOrEqual(rounds);
        },
        { timeout: 20_000, interval: 100 },
      );
    try {
      await heardRounds(1);
      const before = await heartbeats();
      // Times have whole seconds: the beats after the next one has begun advance them.
      await sleep(1_000);
      await vi.waitFor(
        async () => {
          const after = await heartbeats();
          for (const { machineNo } of devices) {
            expect(after.get(machineNo)!.onlineStatus).toBe(1);
            expect(after.get(machineNo)!.lastHeartbeatTime! > before.get(machineNo)!.lastHeartbeatTime!).toBe(
              true,
            );
          }
          expect(after.get('DEMO-0006')!.onlineStatus).toBe(0);
          expect(after.get('DEMO-0008')!.lastHeartbeatTime).toBeNull();
        },
        { timeout: 20_000, interval: 200 },
      );
      // Again and again: several rounds of every machine.
      await heardRounds(3);
    } finally {
      await simulator.stop();
    }
    // Every beat was heard (200).
    expect(outcomes.every((o) => 'status' in o && o.status === 200)).toBe(true);

    // Stopped: no more beats arrive.
    const heard = outcomes.length;
    await sleep(900);
    expect(outcomes.length).toBe(heard);
  });

  it('beats with the rotated secrets only: the ones before stop working, as 重置设备密钥 makes them', async () => {
    const fresh = await demoDevices(oneDatabase(t.store), { tenantId: '000000', offlineSeconds: 300 });
    const outcomes: BeatOutcome[] = [];
    const stale = simulateDevices({
      serverUrl,
      devices: devices.slice(0, 1),
      intervalMs: 10_000,
      onBeat: (o) => outcomes.push(o),
    });
    await sleep(300);
    await stale.stop();
    const current = simulateDevices({
      serverUrl,
      devices: fresh.slice(0, 1),
      intervalMs: 10_000,
      onBeat: (o) => outcomes.push(o),
    });
    await sleep(300);
    await current.stop();
    expect(outcomes).toEqual([
      { machineNo: 'DEMO-0001', status: 401 },
      { machineNo: 'DEMO-0001', status: 200 },
    ]);
  });

  it('is what `npm run demo` leaves running, saying so, until Ctrl-C', async () => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: t.dataDir,
    };
    delete env.REDIS_URL;
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'server/dist/cli/demo.js'), '--every=0.5', `--server=${serverUrl}`],
      { cwd: ROOT, env },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await vi.waitFor(() => expect(stdout).toContain('Press Ctrl-C to stop'), { timeout: 30_000 });
      expect(stdout).toContain(`Beating 6 demo machines through ${serverUrl} every 0.5 s`);
      // The leave process's people, added on this first run, their passwords printed this once.
      expect(stdout).toMatch(/ demo_approver \(张审批, role staff\): [A-Za-z0-9-]{14,}\n/);
      expect(stdout).toMatch(/ demo_manager \(李经理, role manager\): [A-Za-z0-9-]{14,}\n/);
      const before = await heartbeats();
      await sleep(2_200);
      const after = await heartbeats();
      for (const machineNo of ['DEMO-0001', 'DEMO-0007'])
        expect(after.get(machineNo)!.lastHeartbeatTime! > before.get(machineNo)!.lastHeartbeatTime!).toBe(
          true,
        );
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    expect(stdout).toContain('Stopped beating.');
    expect(stderr).toBe('');
  });
});
