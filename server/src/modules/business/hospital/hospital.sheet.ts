import type { Hospital } from '@console/contract';
import { HospitalInputSchema } from '@console/contract/schema';
import { Type, type Static } from 'typebox';
import { OptionalText } from '../../../core/schema.js';
import type { DictLabels, SheetColumn } from '../../../core/workbook/sheet-columns.js';

const { maintainerId: _maintainerId, ...hospitalFields } = HospitalInputSchema.properties;

/** The longest account a user has (blade_user.account). */
const ACCOUNT_MAX = 45;

/**
 * An imported hospital row: the form's fields, its maintainer named by account (a sheet knows no
 * ids). A blank or absent account leaves an existing hospital's maintainer as it is (a sheet made
 * before the column, or by someone who does not know the accounts): it is cleared in the console.
 */
export const HospitalImportSchema = Type.Object(
  {
    ...hospitalFields,
    maintainerAccount: OptionalText(ACCOUNT_MAX, { label: 'hospital.maintainerAccount' }),
  },
  { additionalProperties: true },
);
export type HospitalImport = Static<typeof HospitalImportSchema>;

/**
 * The hospitals' import columns (core/workbook/sheet-import.ts); the export is the list's, by the
 * page's visible columns (decision 0045: the maintainer's name there).
 */
export function hospitalColumns(levels: DictLabels): SheetColumn<Hospital>[] {
  return [
    { header: 'hospital.hospitalCode', field: 'hospitalCode' },
    { header: 'hospital.hospitalName', field: 'hospitalName', width: 28 },
    { header: 'hospital.level', field: 'level', kind: 'int', labels: levels },
    { header: 'hospital.regionCode', field: 'regionCode' },
    { header: 'hospital.address', field: 'address', width: 32 },
    { header: 'hospital.contactName', field: 'contactName' },
    { header: 'hospital.contactPhone', field: 'contactPhone' },
    { header: 'hospital.maintainerAccount', field: 'maintainerAccount' },
    { header: 'hospital.longitude', field: 'longitude' },
    { header: 'hospital.latitude', field: 'latitude' },
    { header: 'hospital.remark', field: 'remark', width: 28 },
  ];
}
