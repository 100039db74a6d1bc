import type { MachineCommand, MachineCommandInput, Page } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/zxgxg-api';

/**
 * Sends a command to a machine (machine_command). The same requestId sent again answers the
 * command it made, so a retry after a failure cannot send it twice.
 */
export function issue(input: MachineCommandInput): Promise<MachineCommand> {
  return post<MachineCommand>(`${BASE}/machine/command`, input);
}

/** A page of the commands the caller may see, newest first (filters: machineId, state, kind). */
export function list(
  current: number,
  size: number,
  filters: QueryParams = {},
): Promise<Page<MachineCommand>> {
  return get<Page<MachineCommand>>(`${BASE}/command/list`, { ...filters, current, size });
}

export function detail(id: string): Promise<MachineCommand> {
  return get<MachineCommand>(`${BASE}/command/detail`, { id });
}
