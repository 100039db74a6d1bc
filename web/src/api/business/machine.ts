import type {
  Machine,
  MachineInput,
  MachineRepairForm,
  MachineRepairInput,
  MachineRepairStarted,
} from '@console/contract';
import { get, post } from '../request';
import { crudResource } from '../resource';
import { importResource } from '../sheet-import';

const BASE = '/api/zxgxg-api/machine';

export const { list, detail, submit, remove } = crudResource<Machine, MachineInput>(BASE);
/** The import's calls (template, dry run, commit, report); the export is the kit's (`export`). */
export const imports = importResource(BASE);

/** Binds the WeChat account answering for the machine; both empty unbinds. */
export function bindWxAccount(id: string, wxOpenId: string, wxNickname: string): Promise<boolean> {
  return post<boolean>(`${BASE}/bindWxAccount`, undefined, { params: { id, wxOpenId, wxNickname } });
}

/** Unbinds the WeChat account answering for the machine (machine_edit). */
export function unbindWxAccount(id: string): Promise<boolean> {
  return post<boolean>(`${BASE}/unbindWxAccount`, undefined, { params: { id } });
}

/** A new device secret: in the answer's deviceSecret, this once. */
export function rotateSecret(id: string): Promise<Machine> {
  return post<Machine>(`${BASE}/rotate-secret`, undefined, { params: { id } });
}

/** 报修 (machine_repair): what the dialog starts from — the machine's slots, its hospital's maintainer. */
export function repairForm(id: string): Promise<MachineRepairForm> {
  return get<MachineRepairForm>(`${BASE}/repair-form`, { id });
}

/** 报修: starts the machine's repair order (the tenant's 设备报修 process), assigned to the maintainer. */
export function repair(input: MachineRepairInput): Promise<MachineRepairStarted> {
  return post<MachineRepairStarted>(`${BASE}/repair`, input);
}
