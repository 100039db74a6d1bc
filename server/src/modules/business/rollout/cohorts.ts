import { createHash } from 'node:crypto';
import type { RolloutStage } from '@console/contract';

// Which stage of a staged update a machine is in (issue 50): the first stage whose cohort holds it.
// A percent stage holds the machines whose bucket — a stable hash of the machine number, 0 to 99 —
// is below its share, so a share grows from stage to stage over the same machines; a hospitals stage
// holds the machines of those hospitals; a machines stage those machines.

export interface FleetMachine {
  id: string;
  machineNo: string;
  hospitalId: string | null;
}

/** The machine's bucket: the first four bytes of SHA-256 of its number, modulo 100. */
export function bucketOf(machineNo: string): number {
  return createHash('sha256').update(machineNo).digest().readUInt32BE(0) % 100;
}

export function holds(stage: RolloutStage, machine: FleetMachine): boolean {
  switch (stage.cohort) {
    case 'percent':
      return bucketOf(machine.machineNo) < (stage.percent ?? 0);
    case 'hospitals':
      return machine.hospitalId !== null && (stage.ids ?? []).includes(machine.hospitalId);
    case 'machines':
      return (stage.ids ?? []).includes(machine.id);
  }
}

/** The index of the first stage holding the machine, or undefined when none does. */
export function stageOf(stages: readonly RolloutStage[], machine: FleetMachine): number | undefined {
  const index = stages.findIndex((stage) => holds(stage, machine));
  return index < 0 ? undefined : index;
}
