import { type Machine } from '@console/contract';
import { HOSPITAL_LIMITS } from '@console/contract/business';
import { MachineInputSchema } from '@console/contract/schema';
import { Type, type Static } from 'typebox';
import { RequiredText } from '../../../core/schema.js';
import type { DictLabels, SheetColumn } from '../sheets/sheet.js';

const {
  id: _id,
  hospitalId: _hospitalId,
  runStatus: _runStatus,
  ...machineFields
} = MachineInputSchema.properties;

/** An imported machine row: the form's fields, its hospital named by code (a sheet knows no ids). */
export const MachineImportSchema = Type.Object(
  {
    ...machineFields,
    hospitalCode: RequiredText(HOSPITAL_LIMITS.hospitalCode, {
      label: 'sheet.hospitalCode',
      required: 'machine.hospitalId.required',
    }),
  },
  { additionalProperties: false },
);
export type MachineImport = Static<typeof MachineImportSchema>;

/** The machines' sheet: exported as the list shows them, imported by the columns with a field. */
export function machineColumns(
  labels: { models: DictLabels; runStatuses: DictLabels },
  online: { yes: string; no: string },
): SheetColumn<Machine & { hospitalCode?: string | null }>[] {
  return [
    { header: 'machine.machineNo', field: 'machineNo', value: (m) => m.machineNo },
    { header: 'machine.machineName', field: 'machineName', width: 24, value: (m) => m.machineName },
    { header: 'sheet.hospitalCode', field: 'hospitalCode', value: (m) => m.hospitalCode ?? null },
    { header: 'machine.hospitalId', width: 28, value: (m) => m.hospitalName },
    { header: 'machine.location', field: 'location', width: 24, value: (m) => m.location },
    { header: 'machine.model', field: 'model', kind: 'int', labels: labels.models, value: (m) => m.model },
    { header: 'machine.slotCount', field: 'slotCount', kind: 'int', value: (m) => m.slotCount },
    { header: 'machine.onlineStatus', value: (m) => (m.onlineStatus === 1 ? online.yes : online.no) },
    { header: 'machine.runStatus', labels: labels.runStatuses, value: (m) => m.runStatus },
    { header: 'machine.lastHeartbeatTime', width: 20, value: (m) => m.lastHeartbeatTime },
    { header: 'machine.apkVersionCode', value: (m) => m.apkVersionCode },
    { header: 'machine.wxNickname', value: (m) => m.wxNickname },
    { header: 'machine.remark', field: 'remark', width: 28, value: (m) => m.remark },
  ];
}
