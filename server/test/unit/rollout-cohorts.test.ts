import { describe, expect, it } from 'vitest';
import type { RolloutStage } from '@console/contract';
import { bucketOf, holds, stageOf } from '../../src/modules/business/rollout/cohorts.js';

// Issue 50: which stage of a staged update a machine is in. A share is by a stable bucket of the
// machine number, so the machines of a small share stay in every larger one.

const machine = (n: number, hospitalId: string | null = 'h1') => ({
  id: String(1000 + n),
  machineNo: `M-${String(n).padStart(5, '0')}`,
  hospitalId,
});

describe('rollout cohorts', () => {
  it('buckets a machine number stably, spread over 0–99', () => {
    // The first four bytes of SHA-256 of the number, big-endian, modulo 100 (computed elsewhere).
    expect([bucketOf('M-00001'), bucketOf('SIM-000001')]).toEqual([60, 9]);
    const buckets = Array.from({ length: 10_000 }, (_, n) => bucketOf(machine(n).machineNo));
    expect(Math.min(...buckets)).toBe(0);
    expect(Math.max(...buckets)).toBe(99);
    // About a tenth of 10,000 machines in a 10 % share (within 1.5 points).
    const tenth = buckets.filter((b) => b < 10).length;
    expect(Math.abs(tenth - 1000)).toBeLessThan(150);
  });

  it('keeps a share’s machines in every larger share', () => {
    const five: RolloutStage = { cohort: 'percent', percent: 5, gate: 'manual' };
    const fifty: RolloutStage = { cohort: 'percent', percent: 50, gate: 'manual' };
    for (let n = 0; n < 2000; n++) if (holds(five, machine(n))) expect(holds(fifty, machine(n))).toBe(true);
  });

  it('puts a machine in the first stage that holds it: by machine, by hospital, by share', () => {
    const stages: RolloutStage[] = [
      { cohort: 'machines', ids: [machine(7).id], gate: 'manual' },
      { cohort: 'hospitals', ids: ['h2'], gate: 'manual' },
      { cohort: 'percent', percent: 100, gate: 'manual' },
    ];
    expect(stageOf(stages, machine(7, 'h2'))).toBe(0);
    expect(stageOf(stages, machine(8, 'h2'))).toBe(1);
    expect(stageOf(stages, machine(9, 'h1'))).toBe(2);
    expect(stageOf(stages.slice(0, 2), machine(9, 'h1'))).toBeUndefined();
    expect(stageOf(stages.slice(1, 2), machine(9, null))).toBeUndefined();
  });
});
