import { describe, expect, it } from 'vitest';
import type { ChangeListener } from '../../src/core/events/event-hub.js';
import {
  DeviceDirectory,
  DIRECTORY_TTL_MS,
  MACHINE_TOPIC,
} from '../../src/modules/business/device/device-directory.js';
import type { DeviceRecord } from '../../src/modules/business/machine/machine.repository.js';

// The external broker's machines are read once and kept (device/device-directory.ts): a tenant's
// `machine` change, or the time limit, has them read again; an unknown number is never kept.

const record = (tenantId: string, machineNo: string): DeviceRecord => ({
  id: `${tenantId}-${machineNo}`,
  tenantId,
  machineNo,
  secretHash: null,
  apkPackageName: null,
  apkVersionCode: null,
  heardAt: null,
  disconnectedAt: null,
});

function directoryOver(stored: Map<string, DeviceRecord>) {
  let now = 1_000_000;
  const reads: string[] = [];
  const listeners: ChangeListener[] = [];
  let pending: (() => void) | null = null;
  let holdReads = false;
  const directory = new DeviceDirectory(
    async (tenantId, machineNo) => {
      reads.push(`${tenantId}/${machineNo}`);
      const found = stored.get(`${tenantId}/${machineNo}`);
      // A held read has read the row; its answer is still on the way.
      if (holdReads) await new Promise<void>((resolve) => (pending = resolve));
      return found && { ...found };
    },
    { onChange: (listener) => listeners.push(listener) },
    () => now,
  );
  return {
    directory,
    reads,
    announce: (tenantId: string, topic: string) => listeners.forEach((listener) => listener(tenantId, topic)),
    wait: (ms: number) => (now += ms),
    hold: () => (holdReads = true),
    release: () => {
      holdReads = false;
      pending?.();
    },
  };
}

describe('the device directory', () => {
  it('reads a machine once and hands the same record to its next messages', async () => {
    const stored = new Map([['t1/M1', record('t1', 'M1')]]);
    const { directory, reads } = directoryOver(stored);
    const first = await directory.deviceOf('t1', 'M1');
    first!.heardAt = new Date(5);
    const second = await directory.deviceOf('t1', 'M1');
    expect(second).toBe(first);
    expect(second!.heardAt).toEqual(new Date(5));
    expect(reads).toEqual(['t1/M1']);
  });

  it('reads the tenant’s machines again after a change of its machine topic, not another tenant’s', async () => {
    const stored = new Map([
      ['t1/M1', record('t1', 'M1')],
      ['t2/M2', record('t2', 'M2')],
    ]);
    const { directory, reads, announce } = directoryOver(stored);
    await directory.deviceOf('t1', 'M1');
    await directory.deviceOf('t2', 'M2');
    announce('t1', 'apk');
    await directory.deviceOf('t1', 'M1');
    expect(reads).toHaveLength(2);

    stored.delete('t1/M1');
    announce('t1', MACHINE_TOPIC);
    expect(await directory.deviceOf('t1', 'M1')).toBeUndefined();
    await directory.deviceOf('t2', 'M2');
    expect(reads).toEqual(['t1/M1', 't2/M2', 't1/M1']);
  });

  it('does not keep a read that a change overtook', async () => {
    const stored = new Map([['t1/M1', record('t1', 'M1')]]);
    const { directory, reads, announce, hold, release } = directoryOver(stored);
    hold();
    const reading = directory.deviceOf('t1', 'M1');
    // Removed while the read was on its way: the next message reads again.
    stored.delete('t1/M1');
    announce('t1', MACHINE_TOPIC);
    release();
    expect(await reading).toBeDefined();
    expect(await directory.deviceOf('t1', 'M1')).toBeUndefined();
    expect(reads).toEqual(['t1/M1', 't1/M1']);
  });

  it('reads a record again once it is older than the limit, and never keeps an unknown number', async () => {
    const stored = new Map([['t1/M1', record('t1', 'M1')]]);
    const { directory, reads, wait } = directoryOver(stored);
    await directory.deviceOf('t1', 'M1');
    wait(DIRECTORY_TTL_MS - 1);
    await directory.deviceOf('t1', 'M1');
    wait(1);
    await directory.deviceOf('t1', 'M1');
    expect(await directory.deviceOf('t1', 'NONE')).toBeUndefined();
    stored.set('t1/NONE', record('t1', 'NONE'));
    expect(await directory.deviceOf('t1', 'NONE')).toBeDefined();
    expect(reads).toEqual(['t1/M1', 't1/M1', 't1/NONE', 't1/NONE']);
  });
});
