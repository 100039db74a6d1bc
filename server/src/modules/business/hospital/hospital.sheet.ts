import type { Hospital } from '@console/contract';
import type { DictLabels, SheetColumn } from '../../../core/workbook/sheet-columns.js';

/**
 * The hospitals' import columns (core/workbook/sheet-import.ts); the export is the list's, by the
 * page's visible columns (decision 0045).
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
    { header: 'hospital.longitude', field: 'longitude' },
    { header: 'hospital.latitude', field: 'latitude' },
    { header: 'hospital.remark', field: 'remark', width: 28 },
  ];
}
