import { type Hospital, type HospitalInput } from '@console/contract';
import { HOSPITAL_LIMITS } from '@console/contract/business';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';
import * as hospitalApi from '../../../api/business/hospital';
import { CrudPage, defineCrud, type CrudColumn, type FieldRenderContext } from '../../../crud';
import { RegionCascader, RegionText, regionNames } from './RegionCascader';
import { useSheetImport } from '../../../components/sheet-import/SheetImport';
import { UserSelect } from '../../work/shared/UserSelect';

// The contract's patterns (HospitalInputSchema), checked in the dialog before the server does.
const PHONE = /^[0-9+() -]{3,20}$/;
const LONGITUDE = /^-?(?:1[0-7]\d|\d{1,2})(?:\.\d{1,8})?$|^-?180(?:\.0{1,8})?$/;
const LATITUDE = /^-?[1-8]?\d(?:\.\d{1,8})?$|^-?90(?:\.0{1,8})?$/;

/** The region field: the cascader, or the region's names when viewing. */
function RegionField({
  context,
  ...props
}: {
  context: FieldRenderContext;
  id?: string;
  value?: string | null;
  onChange?: (code: string | null) => void;
}) {
  const { t } = useTranslation();
  if (context.mode === 'view')
    return <RegionText id={props.id} names={context.record ? regionNames(context.record as Hospital) : ''} />;
  return (
    <RegionCascader
      {...props}
      disabled={context.disabled}
      placeholder={t('crud.placeholder.choose', { label: t('business.hospital.region') })}
    />
  );
}

/**
 * The maintainer (issue 51): a user of the tenant, who gets the repair orders of the hospital's
 * machines; the name when viewing. Cleared, it is null (none), not absent (which keeps it).
 */
function MaintainerField({
  context,
  onChange,
  ...props
}: {
  context: FieldRenderContext;
  id?: string;
  value?: string | null;
  onChange?: (userId: string | null) => void;
}) {
  const { t } = useTranslation();
  if (context.mode === 'view')
    return <span id={props.id}>{(context.record as Hospital | undefined)?.maintainerName ?? '-'}</span>;
  return (
    <UserSelect
      {...props}
      value={props.value ?? undefined}
      offerSelf
      disabled={context.disabled}
      placeholder={t('crud.placeholder.choose', { label: t('business.hospital.maintainer') })}
      onChange={(userId) => onChange?.(typeof userId === 'string' ? userId : null)}
    />
  );
}

const hospitalColumns: CrudColumn<Hospital>[] = [
  {
    prop: 'hospitalCode',
    label: 'business.hospital.hospitalCode',
    search: true,
    table: { content: 'code' },
    form: { required: 'business.hospital.hospitalCodeRequired', maxLength: HOSPITAL_LIMITS.hospitalCode },
  },
  {
    prop: 'hospitalName',
    label: 'business.hospital.hospitalName',
    search: true,
    form: { required: 'business.hospital.hospitalNameRequired', maxLength: HOSPITAL_LIMITS.hospitalName },
  },
  {
    prop: 'level',
    label: 'business.hospital.level',
    dict: { code: 'hospital_level', numeric: true },
    search: true,
  },
  {
    prop: 'regionCode',
    label: 'business.hospital.region',
    // The server names the region (province, city, district) beside its code.
    table: { render: (_, row) => regionNames(row) },
    form: {
      help: 'business.hospital.regionHelp',
      // Form.Item hands the field's id, value and onChange to the control it wraps.
      render: (context) => <RegionField context={context} />,
    },
  },
  {
    prop: 'address',
    label: 'business.hospital.address',
    table: { ellipsis: true },
    form: { maxLength: HOSPITAL_LIMITS.address, span: 24 },
  },
  {
    prop: 'contactName',
    label: 'business.hospital.contactName',
    form: { maxLength: HOSPITAL_LIMITS.contactName },
  },
  {
    prop: 'contactPhone',
    label: 'business.hospital.contactPhone',
    table: { content: 'phone' },
    form: {
      maxLength: HOSPITAL_LIMITS.contactPhone,
      pattern: { regex: PHONE, message: 'business.hospital.contactPhoneInvalid' },
    },
  },
  {
    prop: 'maintainerId',
    label: 'business.hospital.maintainer',
    // The server names the maintainer beside the id.
    table: { render: (_, row) => row.maintainerName },
    form: {
      help: 'business.hospital.maintainerHelp',
      render: (context) => <MaintainerField context={context} />,
    },
  },
  {
    prop: 'longitude',
    label: 'business.hospital.longitude',
    // In the form and the detail: at 1366×768 the table holds the maintainer instead (issue 45).
    table: false,
    form: { pattern: { regex: LONGITUDE, message: 'business.hospital.longitudeInvalid' } },
  },
  {
    prop: 'latitude',
    label: 'business.hospital.latitude',
    table: false,
    form: { pattern: { regex: LATITUDE, message: 'business.hospital.latitudeInvalid' } },
  },
  {
    prop: 'remark',
    label: 'business.hospital.remark',
    type: 'textarea',
    table: false,
    form: { maxLength: HOSPITAL_LIMITS.remark },
  },
];

/**
 * Hospitals (/api/zxgxg-api/hospital): where the tenant's machines stand, each with its maintainer
 * (a user of the tenant, who gets its machines' repair orders). Besides add, edit, view and delete
 * (refused while machines stand in the hospital), 导出 (hospital_export: the kit's, the visible
 * columns of the search) and a filled template imports (hospital_add; the maintainer by account).
 */
/** Rows of an import update the hospitals their code names, when asked. */
const HOSPITAL_KEYS = [{ field: 'hospitalCode', label: 'business.hospital.hospitalCode' as const }];

export default function HospitalPage() {
  const sheets = useSheetImport<Hospital>({
    api: hospitalApi.imports,
    permission: 'hospital_add',
    keys: HOSPITAL_KEYS,
  });
  const config = useMemo(
    () =>
      defineCrud<Hospital, HospitalInput>({
        name: 'hospital',
        title: 'business.hospital.title',
        rowTitle: 'hospitalName',
        api: hospitalApi,
        permissions: {
          add: 'hospital_add',
          edit: 'hospital_edit',
          delete: 'hospital_delete',
          view: 'hospital_view',
        },
        export: { url: '/api/zxgxg-api/hospital/export', permission: 'hospital_export' },
        columns: hospitalColumns,
        toolbarActions: sheets.actions,
      }),
    [sheets.actions],
  );
  return <CrudPage config={config}>{sheets.element}</CrudPage>;
}
