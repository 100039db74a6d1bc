import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, freePort, ROOT, startServer, type Running } from './support/server-process.js';

// Issue 50: `npm run fleet:simulate` against the built server, as an operator runs it: three
// virtual machines beat over HTTP, one completes the command it is sent (over its heartbeat's
// answer); then they beat over MQTT through the embedded broker. The server's engine does not matter
// here (SQLite).

interface Totals {
  seconds: number;
  heartbeats: number;
  errors: number;
  commands: number;
}

/** Runs the simulator for `seconds`; its totals. */
function simulate(port: number, args: string[]): Promise<Totals> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        'scripts/fleet-simulate.mjs',
        '--url',
        `http://127.0.0.1:${port}`,
        '--machines',
        '3',
        '--report',
        '1000',
        ...args,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!) as Totals) : reject(new Error(err)),
    );
  });
}

describe('the fleet simulator', () => {
  let server: Running;
  let mqttPort: number;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'console-fleet-'));
    mqttPort = await freePort();
    server = await startServer({ DATA_DIR: dir, MQTT_PORT: String(mqttPort) });
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  it('beats over HTTP and completes a command, then beats over MQTT after a warm-up its totals leave out', async () => {
    const http = simulate(server.port, ['--mode', 'http', '--interval', '0.3', '--duration', '5']);
    const headers = { ...(await adminHeaders(server.port)), 'content-type': 'application/json' };
    const api = (url: string, init: RequestInit = {}) =>
      fetch(`http://127.0.0.1:${server.port}/api/zxgxg-api${url}`, { ...init, headers }).then(
        async (res) => (await res.json()) as { code: number; data: any; msg: string }, // eslint-disable-line @typescript-eslint/no-explicit-any
      );
    // Once SIM-000001 has beaten (online), it is told to reboot.
    let machine: { id: string; onlineStatus: number } | undefined;
    await expect
      .poll(
        async () => {
          machine = (await api('/machine/list?machineNo=SIM-000001')).data?.records?.[0];
          return machine?.onlineStatus;
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    const issued = await api('/machine/command', {
      method: 'POST',
      body: JSON.stringify({ machineId: machine!.id, kind: 'reboot', requestId: 'simulated-reboot' }),
    });
    expect(issued.code, issued.msg).toBe(200);
    const totals = await http;
    expect(totals.heartbeats).toBeGreaterThan(10);
    expect(totals.errors).toBe(0);
    expect(totals.commands).toBe(1);
    expect((await api(`/command/detail?id=${issued.data.id}`)).data.state).toBe('succeeded');

    const mqtt = await simulate(server.port, [
      '--mode',
      'mqtt',
      '--mqtt-url',
      `mqtt://127.0.0.1:${mqttPort}`,
      '--interval',
      '0.3',
      '--warmup',
      '2',
      '--duration',
      '2',
    ]);
    expect(mqtt.heartbeats).toBeGreaterThan(5);
    expect(mqtt.errors).toBe(0);
    // The totals leave the warm-up out: about 2 s of 3 machines beating every 0.3 s, not 4 s.
    expect(mqtt.seconds).toBeGreaterThanOrEqual(2);
    expect(mqtt.seconds).toBeLessThan(3.5);
    expect(mqtt.heartbeats).toBeLessThanOrEqual(3 * Math.ceil(3 / 0.3));
  });
});
