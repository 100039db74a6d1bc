import type {
  CancelGrantInput,
  GrantMachineInput,
  GrantResult,
  GrantSlotInput,
  GrantTreeMachine,
  Page,
  Slot,
  SlotStatusInput,
} from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/zxgxg-api/slot';

/** The slots the caller sees (filters: machineId, machineNo, status, …). */
export function list(params: QueryParams): Promise<Page<Slot>> {
  return get<Page<Slot>>(`${BASE}/list`, params);
}

/** The machine with its slots (those the caller sees), each with who holds it. */
export function grantTree(machineNo: string): Promise<GrantTreeMachine[]> {
  return get<GrantTreeMachine[]>(`${BASE}/grant-tree`, { machineNo });
}

export function setStatus(input: SlotStatusInput): Promise<boolean> {
  return post<boolean>(`${BASE}/status`, input);
}

export function grantMachines(input: GrantMachineInput): Promise<GrantResult> {
  return post<GrantResult>(`${BASE}/grant/machine`, input);
}

export function grantSlots(input: GrantSlotInput): Promise<GrantResult> {
  return post<GrantResult>(`${BASE}/grant/slot`, input);
}

export function cancelGrant(input: CancelGrantInput): Promise<GrantResult> {
  return post<GrantResult>(`${BASE}/cancel/grant`, input);
}
