#!/usr/bin/env node
/* global URLSearchParams */
// `npm run fleet:simulate -- [options]` (issue 50; docs/device-api.md, "The simulator"): N virtual
// cabinet machines against a running server, over HTTP or MQTT. It signs in as an administrator,
// makes (or finds, and gives a new secret) machines <prefix>-000001… in a hospital of its own, then
// each machine beats every --interval seconds (spread over the interval), now and then with a slot
// changing state or a refund request; it acknowledges and completes the commands it is sent, and
// downloads and installs an update it is offered (reporting its progress). Every --report seconds it
// prints what it did; at the end (--duration, or Ctrl-C) one JSON line of totals. With --warmup S, the
// machines beat for S seconds first, which the totals leave out (the duration follows the warm-up).
//
// With --concurrency K the machines do not wait for their interval: K heartbeats are in flight at
// every moment (what bench/fleet.mjs measures a server with).

import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { connectAsync } from 'mqtt';

const { values: options } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    account: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'admin' },
    tenant: { type: 'string', default: '000000' },
    machines: { type: 'string', default: '20' },
    mode: { type: 'string', default: 'http' },
    'mqtt-url': { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    interval: { type: 'string', default: '60' },
    duration: { type: 'string', default: '0' },
    warmup: { type: 'string', default: '0' },
    concurrency: { type: 'string', default: '0' },
    'refund-rate': { type: 'string', default: '0.002' },
    'slot-rate': { type: 'string', default: '0.05' },
    prefix: { type: 'string', default: 'SIM' },
    package: { type: 'string', default: 'com.zxgxg.cabinet' },
    version: { type: 'string', default: '100' },
    report: { type: 'string', default: '10' },
    help: { type: 'boolean', default: false },
  },
});

if (options.help) {
  console.log(`npm run fleet:simulate -- --url http://127.0.0.1:8080 --machines 200 --mode http|mqtt
  --account admin --password <password> --tenant 000000   who makes the machines (an administrator)
  --interval 60          seconds between a machine's heartbeats
  --duration 0           seconds to run (0: until Ctrl-C)
  --warmup 0             seconds of beating first that the totals leave out (the server warming up)
  --concurrency 0        K > 0: no interval, K heartbeats always in flight (a load test)
  --mqtt-url mqtt://127.0.0.1:1883   the broker (the server's MQTT_PORT, or MQTT_URL's broker)
  --refund-rate 0.002    chance of a refund request per heartbeat
  --slot-rate 0.05       chance of a slot changing state per heartbeat
  --prefix SIM --package com.zxgxg.cabinet --version 100 --report 10`);
  process.exit(0);
}

const number = (name, min) => {
  const n = Number(options[name]);
  if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number ≥ ${min}`);
  return n;
};
const BASE = options.url.replace(/\/+$/, '');
const COUNT = number('machines', 1);
const INTERVAL_MS = number('interval', 0.01) * 1000;
const DURATION_MS = number('duration', 0) * 1000;
const WARMUP_MS = number('warmup', 0) * 1000;
const CONCURRENCY = number('concurrency', 0);
const REFUND_RATE = number('refund-rate', 0);
const SLOT_RATE = number('slot-rate', 0);
const SLOTS = 8;
const API = `${BASE}/api/zxgxg-api`;
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
if (!['http', 'mqtt'].includes(options.mode)) throw new Error('--mode is http or mqtt');

const md5 = (text) => createHash('md5').update(text).digest('hex');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- What it did ----

const stats = { heartbeats: 0, errors: 0, refunds: 0, commands: 0, updates: 0, latencies: [] };
let window = { heartbeats: 0, latencies: [] };
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
/** When the machines began to beat (their preparation is not counted). */
let started = performance.now();

function summary(
  latencies = stats.latencies,
  heartbeats = stats.heartbeats,
  seconds = (performance.now() - started) / 1000,
) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    mode: options.mode,
    machines: COUNT,
    seconds: Number(seconds.toFixed(1)),
    heartbeats,
    perSecond: Number((heartbeats / seconds).toFixed(1)),
    p50: Number(percentile(sorted, 50).toFixed(1)),
    p99: Number(percentile(sorted, 99).toFixed(1)),
    errors: stats.errors,
    refunds: stats.refunds,
    commands: stats.commands,
    updates: stats.updates,
  };
}

// ---- The console's side: sign in, a hospital, the machines and their secrets ----

async function signIn() {
  const query = new URLSearchParams({
    tenantId: options.tenant,
    username: options.account,
    password: md5(options.password),
    grant_type: 'password',
    scope: 'all',
  });
  const res = await fetch(`${BASE}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: BASIC },
  });
  const body = await res.json();
  if (!body.access_token) throw new Error(`sign-in failed: ${body.error_description ?? res.status}`);
  if (body.password_change_required)
    throw new Error(`${options.account} must change its password first (sign in once in the console)`);
  return { authorization: BASIC, 'blade-auth': `bearer ${body.access_token}` };
}

async function call(headers, method, path, body) {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

/** The machines, made or found; each with a secret it can use (found ones get a new one). */
async function prepare() {
  const headers = await signIn();
  const code = `${options.prefix}-H`;
  let hospital = (await call(headers, 'GET', `/hospital/list?hospitalCode=${code}&size=1`)).data
    ?.records?.[0];
  if (!hospital)
    hospital = (
      await call(headers, 'POST', '/hospital/submit', {
        hospitalCode: code,
        hospitalName: `${options.prefix} 模拟医院`,
      })
    ).data;
  if (!hospital?.id) throw new Error('could not make the simulator’s hospital');
  const machines = [];
  const make = async (i) => {
    const machineNo = `${options.prefix}-${String(i).padStart(6, '0')}`;
    let answer = await call(headers, 'POST', '/machine/submit', {
      machineNo,
      machineName: `模拟柜 ${i}`,
      hospitalId: hospital.id,
      slotCount: SLOTS,
    });
    if (answer.code !== 200) {
      const found = (await call(headers, 'GET', `/machine/list?machineNo=${machineNo}&size=1`)).data
        ?.records?.[0];
      if (!found) throw new Error(`${machineNo}: ${answer.msg}`);
      answer = await call(headers, 'POST', `/machine/rotate-secret?id=${found.id}`);
    }
    machines.push({
      machineNo,
      secret: answer.data.deviceSecret,
      version: Number(options.version),
      slots: new Array(SLOTS).fill(1),
    });
  };
  for (let i = 1; i <= COUNT; i += 8)
    await Promise.all(Array.from({ length: Math.min(8, COUNT - i + 1) }, (_, k) => make(i + k)));
  return machines;
}

// ---- A machine ----

/** What a heartbeat says: the package it runs and, now and then, a slot that changed. */
function heartbeatOf(machine) {
  const body = { apkPackageName: options.package, apkVersionCode: machine.version };
  if (Math.random() < SLOT_RATE) {
    const slotNo = 1 + Math.floor(Math.random() * SLOTS);
    machine.slots[slotNo - 1] = [0, 1, 2][Math.floor(Math.random() * 3)];
    body.slots = [{ slotNo, status: machine.slots[slotNo - 1] }];
  }
  return body;
}

const refundOf = (machine) => ({
  orderNo: `${machine.machineNo}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
  slotNo: 1 + Math.floor(Math.random() * SLOTS),
  orderAmount: 1000,
  refundAmount: 500,
  reason: '模拟退款',
});

class HttpMachine {
  constructor(machine) {
    this.machine = machine;
    this.headers = {
      'machine-no': machine.machineNo,
      'machine-secret': machine.secret,
      'content-type': 'application/json',
    };
  }

  async post(path, body) {
    const res = await fetch(`${API}/device${path}`, {
      method: 'POST',
      headers: this.headers,
      body: JSON.stringify(body),
    });
    const answer = await res.json();
    if (answer.code !== 200) throw new Error(`${path}: ${answer.msg}`);
    return answer.data;
  }

  async beat() {
    const at = performance.now();
    const answer = await this.post('/heartbeat', heartbeatOf(this.machine));
    record(performance.now() - at);
    for (const command of answer.commands ?? []) alongside(this.complete(command));
    if (answer.update && answer.update.versionCode !== this.machine.version)
      alongside(this.install(answer.update));
    if (Math.random() < REFUND_RATE)
      await this.post('/refund-request', refundOf(this.machine)).then(() => stats.refunds++);
  }

  async complete(command) {
    if (this.handled?.has(command.id)) return;
    (this.handled ??= new Set()).add(command.id);
    await this.post('/command-result', { id: command.id, state: 'acknowledged' });
    await sleep(200);
    await this.post('/command-result', { id: command.id, state: 'succeeded', reason: '模拟完成' });
    stats.commands++;
  }

  async install(update) {
    if (this.installing) return;
    this.installing = true;
    const report = (state) =>
      this.post('/update-progress', {
        packageName: update.packageName,
        versionCode: update.versionCode,
        state,
      });
    await report('downloading');
    await sleep(1000);
    await report('installing');
    await sleep(500);
    await report('installed');
    this.machine.version = update.versionCode;
    this.installing = false;
    stats.updates++;
  }

  async close() {}
}

class MqttMachine {
  static async connect(machine) {
    const topic = (kind) => `zxgxg/${options.tenant}/${machine.machineNo}/${kind}`;
    const client = await connectAsync(options['mqtt-url'], {
      username: machine.machineNo,
      password: machine.secret,
      clientId: machine.machineNo,
      protocolVersion: 4,
      reconnectPeriod: 2000,
      will: { topic: topic('status'), payload: Buffer.from('{"online":false}'), qos: 1, retain: false },
    });
    const self = new MqttMachine(machine, client, topic);
    client.on('message', (name, payload) => alongside(self.received(name, JSON.parse(payload.toString()))));
    await client.subscribeAsync([topic('command'), topic('reply')], { qos: 1 });
    await client.publishAsync(topic('status'), '{"online":true}', { qos: 1 });
    return self;
  }

  constructor(machine, client, topic) {
    this.machine = machine;
    this.client = client;
    this.topic = topic;
  }

  publish(kind, body) {
    return this.client.publishAsync(this.topic(kind), JSON.stringify(body), { qos: 1 });
  }

  /** A heartbeat, acknowledged (PUBACK) once the server has recorded it: that time is its latency. */
  async beat() {
    const at = performance.now();
    await this.publish('heartbeat', heartbeatOf(this.machine));
    record(performance.now() - at);
    if (Math.random() < REFUND_RATE)
      await this.publish('refund', refundOf(this.machine)).then(() => stats.refunds++);
  }

  async received(name, message) {
    if (name === this.topic('command')) {
      await this.publish('command-result', { id: message.id, state: 'acknowledged' });
      await sleep(200);
      await this.publish('command-result', { id: message.id, state: 'succeeded', reason: '模拟完成' });
      stats.commands++;
    } else if (message.kind === 'heartbeat' && message.data?.update && !this.installing) {
      const update = message.data.update;
      this.installing = true;
      for (const state of ['downloading', 'installing', 'installed']) {
        await this.publish('update', {
          packageName: update.packageName,
          versionCode: update.versionCode,
          state,
        });
        await sleep(500);
      }
      this.machine.version = update.versionCode;
      this.installing = false;
      stats.updates++;
    } else if (message.code !== 200) stats.errors++;
  }

  close() {
    return this.client.endAsync();
  }
}

/** Work a machine started beside its heartbeats (a command, an update): awaited before the totals. */
const pending = new Set();
function alongside(work) {
  const running = work.catch(() => stats.errors++).finally(() => pending.delete(running));
  pending.add(running);
}

function record(ms) {
  stats.heartbeats++;
  window.heartbeats++;
  if (stats.latencies.length < 2_000_000) stats.latencies.push(ms);
  window.latencies.push(ms);
}

// ---- The run ----

let stopping = false;
const machines = await prepare();
const devices =
  options.mode === 'http'
    ? machines.map((m) => new HttpMachine(m))
    : await Promise.all(machines.map((m) => MqttMachine.connect(m)));
started = performance.now();
// bench/fleet.mjs reads this line as the start of the heartbeats.
console.error(`${devices.length} machines (${options.mode}) against ${BASE}`);

const reporter = setInterval(
  () => {
    const seconds = Number(options.report);
    console.error(
      JSON.stringify({ ...summary(window.latencies, window.heartbeats, seconds), window: `${seconds} s` }),
    );
    window = { heartbeats: 0, latencies: [] };
  },
  Number(options.report) * 1000,
);

const beat = (device) =>
  device.beat().catch((error) => {
    stats.errors++;
    if (stats.errors <= 5) console.error(String(error.message ?? error));
  });

async function paced(device, offset) {
  await sleep(offset);
  while (!stopping) {
    const at = Date.now();
    await beat(device);
    await sleep(Math.max(0, INTERVAL_MS - (Date.now() - at)));
  }
}

async function loaded(worker) {
  let next = worker;
  while (!stopping) {
    await beat(devices[next % devices.length]);
    next += CONCURRENCY;
  }
}

const stop = () => {
  if (stopping) return;
  stopping = true;
  // bench/fleet-processes.mjs reads this line as the end of the heartbeats.
  console.error('stopping');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
/** The end of the warm-up: the totals start again from here. */
function measureFromNow() {
  Object.assign(stats, { heartbeats: 0, errors: 0, refunds: 0, commands: 0, updates: 0, latencies: [] });
  started = performance.now();
  // bench/fleet-processes.mjs reads this line as the start of the measured heartbeats.
  console.error('warm-up over: measuring');
  if (DURATION_MS > 0) setTimeout(stop, DURATION_MS).unref();
}
if (WARMUP_MS > 0) setTimeout(measureFromNow, WARMUP_MS).unref();
else if (DURATION_MS > 0) setTimeout(stop, DURATION_MS).unref();
await Promise.all(
  CONCURRENCY > 0
    ? Array.from({ length: CONCURRENCY }, (_, k) => loaded(k))
    : devices.map((device, i) => paced(device, (i / devices.length) * INTERVAL_MS)),
);
clearInterval(reporter);
await Promise.all(pending);
await Promise.all(devices.map((device) => device.close()));
console.log(JSON.stringify(summary()));
