import { apkTable } from '../business/apk/apk.repository.js';
import { hospitalTable } from '../business/hospital/hospital.repository.js';
import { machineTable } from '../business/machine/machine.repository.js';
import { refundTable } from '../business/refund/refund.repository.js';
import { slotGrantTable } from '../business/slot/slot-grant.repository.js';
import { slotTable } from '../business/slot/slot.repository.js';
import { userTable } from '../user/user.repository.js';
import type { LogKind } from '../log/log.repository.js';
import type { TableDef } from '../../core/repository/table.js';

// The data sets reports are built over (issue 19), declared here and nowhere else: a definition
// names fields by their key, and the server accepts only the keys below (security.md S2: no SQL
// text from a request or a stored definition; columns come from this file, values are bound).
// Each data set is a business table read through its table definition, so the repository base
// scopes every report query as it scopes the pages: tenant, soft delete, and the row scope the
// table declares (an operator's slot grants for machines, slots and refund reviews). The logs are
// read as the log pages read them: by administrators only, a tenant's administrator its own rows.

export type ReportFieldType = 'string' | 'int' | 'money' | 'datetime' | 'id';

export interface ReportField {
  key: string;
  /** The column of the data set's table (never from a request). */
  column: string;
  label: { zh: string; en: string };
  type: ReportFieldType;
  groupable?: boolean;
  aggregatable?: boolean;
  filterable?: boolean;
  /** Group and column values are shown by the name of the record the id names. */
  names?: 'hospital' | 'user' | 'machine';
  /** Group and column values are shown by their label in this system dictionary. */
  dict?: string;
}

interface DataSetCommon {
  code: string;
  label: { zh: string; en: string };
  fields: ReportField[];
  /** Read by administrators only, as the pages that show these rows (logs, slot grants). */
  administratorsOnly?: boolean;
}

/** A data set over a table with BladeX's audit columns, read through the repository base. */
export interface TableDataSet extends DataSetCommon {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any business table definition
  table: TableDef<any, any>;
  /**
   * Where its rows are: the business records in the tenant's own database (`tenant`, routed per
   * call), the platform's tables (users) in the main one (`main`).
   */
  database: 'tenant' | 'main';
}

/** A data set over a log: administrators only, as the log pages (main database, no soft delete). */
export interface LogDataSet extends DataSetCommon {
  log: LogKind;
  database: 'main';
  administratorsOnly: true;
}

export type ReportDataSetDef = TableDataSet | LogDataSet;

export const isLogDataSet = (d: ReportDataSetDef): d is LogDataSet => 'log' in d;

const f = (
  key: string,
  column: string,
  zh: string,
  en: string,
  type: ReportFieldType,
  options: Omit<ReportField, 'key' | 'column' | 'label' | 'type'> = {},
): ReportField => ({ key, column, label: { zh, en }, type, ...options });

const id = f('id', 'id', '编号', 'id', 'id');
const createTime = f('createTime', 'create_time', '创建时间', 'created', 'datetime', {
  groupable: true,
  filterable: true,
  aggregatable: true,
});

export const DATA_SETS: readonly ReportDataSetDef[] = [
  {
    code: 'hospital',
    label: { zh: '医院', en: 'Hospitals' },
    table: hospitalTable,
    database: 'tenant',
    fields: [
      id,
      f('hospitalCode', 'hospital_code', '医院编码', 'hospital code', 'string', { filterable: true }),
      f('hospitalName', 'hospital_name', '医院名称', 'hospital name', 'string', {
        filterable: true,
        groupable: true,
      }),
      f('level', 'level', '医院等级', 'level', 'int', {
        groupable: true,
        filterable: true,
        dict: 'hospital_level',
      }),
      f('regionCode', 'region_code', '所在地区', 'region', 'string', { groupable: true, filterable: true }),
      f('address', 'address', '地址', 'address', 'string', { filterable: true }),
      f('contactName', 'contact_name', '联系人', 'contact', 'string', { filterable: true }),
      createTime,
    ],
  },
  {
    code: 'machine',
    label: { zh: '机器', en: 'Machines' },
    table: machineTable,
    database: 'tenant',
    fields: [
      id,
      f('machineNo', 'machine_no', '机器编号', 'machine no.', 'string', { filterable: true }),
      f('machineName', 'machine_name', '机器名称', 'machine name', 'string', { filterable: true }),
      f('hospitalId', 'hospital_id', '所属医院', 'hospital', 'id', {
        groupable: true,
        filterable: true,
        names: 'hospital',
      }),
      f('location', 'location', '位置', 'location', 'string', { filterable: true }),
      f('model', 'model', '型号', 'model', 'int', {
        groupable: true,
        filterable: true,
        dict: 'machine_model',
      }),
      f('slotCount', 'slot_count', '格口数', 'slots', 'int', { aggregatable: true, filterable: true }),
      f('runStatus', 'run_status', '运行状态', 'run status', 'int', {
        groupable: true,
        filterable: true,
        dict: 'machine_run_status',
      }),
      f('lastHeartbeatTime', 'last_heartbeat_time', '最后心跳', 'last heartbeat', 'datetime', {
        filterable: true,
        groupable: true,
      }),
      f('apkVersionCode', 'apk_version_code', '应用版本号', 'app version', 'int', {
        groupable: true,
        filterable: true,
      }),
      createTime,
    ],
  },
  {
    code: 'slot',
    label: { zh: '格口', en: 'Slots' },
    table: slotTable,
    database: 'tenant',
    fields: [
      id,
      f('machineNo', 'machine_no', '机器编号', 'machine no.', 'string', {
        groupable: true,
        filterable: true,
      }),
      f('slotNo', 'slot_no', '格口号', 'slot no.', 'int', { filterable: true, aggregatable: true }),
      f('status', 'status', '状态', 'status', 'int', {
        groupable: true,
        filterable: true,
        dict: 'slot_status',
      }),
      createTime,
    ],
  },
  {
    code: 'slotGrant',
    label: { zh: '格口授权', en: 'Slot grants' },
    table: slotGrantTable,
    database: 'tenant',
    // Who may open which machine: what the slot page's grant dialog shows its administrators.
    administratorsOnly: true,
    fields: [
      id,
      f('userId', 'user_id', '授权用户', 'user', 'id', { groupable: true, filterable: true, names: 'user' }),
      f('machineId', 'machine_id', '机器', 'machine', 'id', {
        groupable: true,
        filterable: true,
        names: 'machine',
      }),
      f('slotId', 'slot_id', '格口', 'slot', 'id', { filterable: true }),
      createTime,
    ],
  },
  {
    code: 'apk',
    label: { zh: '应用版本', en: 'App releases' },
    table: apkTable,
    database: 'tenant',
    fields: [
      id,
      f('appName', 'app_name', '应用名称', 'app name', 'string', { groupable: true, filterable: true }),
      f('packageName', 'package_name', '包名', 'package', 'string', { groupable: true, filterable: true }),
      f('versionName', 'version_name', '版本名', 'version name', 'string', { filterable: true }),
      f('versionCode', 'version_code', '版本号', 'version code', 'int', {
        filterable: true,
        aggregatable: true,
      }),
      f('fileSize', 'file_size', '文件大小', 'file size', 'int', { aggregatable: true }),
      f('publishStatus', 'publish_status', '发布状态', 'published', 'int', {
        groupable: true,
        filterable: true,
        dict: 'apk_publish_status',
      }),
      f('publishTime', 'publish_time', '发布时间', 'published at', 'datetime', {
        groupable: true,
        filterable: true,
      }),
    ],
  },
  {
    code: 'refund',
    label: { zh: '退款审核', en: 'Refund reviews' },
    table: refundTable,
    database: 'tenant',
    // No customer phone or open id: a report shows no more of a customer than the masked list.
    fields: [
      id,
      f('orderNo', 'order_no', '订单号', 'order no.', 'string', { filterable: true }),
      f('machineNo', 'machine_no', '机器编号', 'machine no.', 'string', {
        groupable: true,
        filterable: true,
      }),
      f('slotNo', 'slot_no', '格口号', 'slot no.', 'int', { filterable: true }),
      f('hospitalId', 'hospital_id', '所属医院', 'hospital', 'id', {
        groupable: true,
        filterable: true,
        names: 'hospital',
      }),
      f('orderAmount', 'order_amount', '订单金额', 'order amount', 'money', {
        aggregatable: true,
        filterable: true,
      }),
      f('refundAmount', 'refund_amount', '退款金额', 'refund amount', 'money', {
        aggregatable: true,
        filterable: true,
      }),
      f('reason', 'reason', '退款原因', 'reason', 'string', { filterable: true }),
      f('applyTime', 'apply_time', '申请时间', 'applied at', 'datetime', {
        groupable: true,
        filterable: true,
        aggregatable: true,
      }),
      f('reviewStatus', 'review_status', '审核状态', 'review status', 'int', {
        groupable: true,
        filterable: true,
        dict: 'refund_review_status',
      }),
      f('reviewTime', 'review_time', '审核时间', 'reviewed at', 'datetime', { filterable: true }),
    ],
  },
  {
    code: 'user',
    label: { zh: '用户', en: 'Users' },
    table: userTable,
    database: 'main',
    // The user table's data scope (resource code `user`) applies as on the user page. No password,
    // phone, e-mail or token columns: a report is not a way round the page's masking.
    fields: [
      id,
      f('account', 'account', '登录账号', 'account', 'string', { filterable: true }),
      f('name', 'name', '用户昵称', 'name', 'string', { filterable: true }),
      f('realName', 'real_name', '用户姓名', 'real name', 'string', { filterable: true }),
      f('userType', 'user_type', '用户平台', 'user type', 'int', {
        groupable: true,
        filterable: true,
        dict: 'user_type',
      }),
      f('sex', 'sex', '性别', 'sex', 'int', { groupable: true, filterable: true, dict: 'sex' }),
      f('isLocked', 'is_locked', '锁定', 'locked', 'int', { groupable: true, filterable: true }),
      createTime,
    ],
  },
  {
    code: 'apiLog',
    label: { zh: '接口日志', en: 'API log' },
    log: 'api',
    database: 'main',
    administratorsOnly: true,
    // As a tenant's administrator sees the log page: no server host, address or environment.
    fields: [
      id,
      f('title', 'title', '日志名', 'title', 'string', { groupable: true, filterable: true }),
      f('method', 'method', '请求方法', 'method', 'string', { groupable: true, filterable: true }),
      f('requestUri', 'request_uri', '请求地址', 'request URI', 'string', {
        groupable: true,
        filterable: true,
      }),
      f('remoteIp', 'remote_ip', '操作IP', 'remote IP', 'string', { groupable: true, filterable: true }),
      f('createBy', 'create_by', '操作人', 'operator', 'string', { groupable: true, filterable: true }),
      f('time', 'time', '执行时间(ms)', 'duration (ms)', 'string'),
      createTime,
    ],
  },
  {
    code: 'usualLog',
    label: { zh: '通用日志', en: 'Usual log' },
    log: 'usual',
    database: 'main',
    administratorsOnly: true,
    fields: [
      id,
      f('logLevel', 'log_level', '日志级别', 'level', 'string', { groupable: true, filterable: true }),
      f('logId', 'log_id', '日志业务ID', 'log id', 'string', { groupable: true, filterable: true }),
      f('logData', 'log_data', '日志数据', 'data', 'string', { filterable: true }),
      f('requestUri', 'request_uri', '请求地址', 'request URI', 'string', {
        groupable: true,
        filterable: true,
      }),
      f('createBy', 'create_by', '操作人', 'operator', 'string', { groupable: true, filterable: true }),
      createTime,
    ],
  },
];

const byCode = new Map(DATA_SETS.map((d) => [d.code, d]));

export function dataSetOf(code: string): ReportDataSetDef | undefined {
  return byCode.get(code);
}

export function fieldOf(dataSet: ReportDataSetDef, key: string): ReportField | undefined {
  return dataSet.fields.find((field) => field.key === key);
}
