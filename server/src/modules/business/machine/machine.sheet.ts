import { type Machine } from '@console/contract';
import { HOSPITAL_LIMITS } from '@console/contract/business';
import { MachineInputSchema } from '@console/contract/schema';
import { Type, type Static } from 'typebox';
import { RequiredText } from '../../../core/schema.js';
import type { DictLabels, SheetColumn } from '../../../core/workbook/sheet-columns.js';

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

/**
 * The machines' import columns (core/workbook/sheet-import.ts); the export is the list's, by the
 * page's visible columns (decision 0045).
 */
export function machineColumns(labels: { models: DictLabels }): SheetColumn<Machine>[] {
  return [
    { header: 'machine.machineNo', field: 'machineNo' },
    { header: 'machine.machineName', field: 'machineName', width: 24 },
    { header: 'sheet.hospitalCode', field: 'hospitalCode' },
    { header: 'machine.location', field: 'location', width: 24 },
    { header: 'machine.model', field: 'model', kind: 'int', labels: labels.models },
    { header: 'machine.slotCount', field: 'slotCount', kind: 'int' },
    { header: 'machine.remark', field: 'remark', width: 28 },
  ];
}
