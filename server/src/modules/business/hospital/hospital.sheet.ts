import type { Hospital } from '@console/contract';
import type { DictLabels, SheetColumn } from '../sheets/sheet.js';

/** The hospitals' sheet: exported as the list shows them, imported by these columns. */
export function hospitalColumns(levels: DictLabels): SheetColumn<Hospital>[] {
  return [
    { header: 'hospital.hospitalCode', field: 'hospitalCode', value: (h) => h.hospitalCode },
    { header: 'hospital.hospitalName', field: 'hospitalName', width: 28, value: (h) => h.hospitalName },
    {
      header: 'hospital.level',
      field: 'level',
      kind: 'int',
      labels: levels,
      value: (h) => h.level,
    },
    { header: 'hospital.regionCode', field: 'regionCode', value: (h) => h.regionCode },
    {
      header: 'hospital.region',
      width: 28,
      value: (h) => [h.provinceName, h.cityName, h.districtName].filter(Boolean).join(' ') || null,
    },
    { header: 'hospital.address', field: 'address', width: 32, value: (h) => h.address },
    { header: 'hospital.contactName', field: 'contactName', value: (h) => h.contactName },
    { header: 'hospital.contactPhone', field: 'contactPhone', value: (h) => h.contactPhone },
    { header: 'hospital.longitude', field: 'longitude', value: (h) => h.longitude },
    { header: 'hospital.latitude', field: 'latitude', value: (h) => h.latitude },
    { header: 'hospital.remark', field: 'remark', width: 28, value: (h) => h.remark },
  ];
}
