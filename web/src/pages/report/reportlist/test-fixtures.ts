// Answers for the report page's tests (the app never imports this). Loads no app code, so a
// vi.mock factory can load it.
import type { Report, ReportDataSet, ReportResult } from '@console/contract';
import { vi } from 'vitest';
import { auditColumns, onePage } from '../../../test/fixtures';

export const refundDataSet: ReportDataSet = {
  code: 'refund',
  label: '退款审核',
  fields: [
    { key: 'id', label: '编号', type: 'id', groupable: false, aggregatable: false, filterable: false },
    {
      key: 'orderNo',
      label: '订单号',
      type: 'string',
      groupable: false,
      aggregatable: false,
      filterable: true,
    },
    {
      key: 'machineNo',
      label: '机器编号',
      type: 'string',
      groupable: true,
      aggregatable: false,
      filterable: true,
    },
    {
      key: 'hospitalId',
      label: '所属医院',
      type: 'id',
      groupable: true,
      aggregatable: false,
      filterable: true,
      names: 'hospital',
    },
    {
      key: 'refundAmount',
      label: '退款金额',
      type: 'money',
      groupable: false,
      aggregatable: true,
      filterable: true,
    },
    {
      key: 'applyTime',
      label: '申请时间',
      type: 'datetime',
      groupable: true,
      aggregatable: true,
      filterable: true,
    },
  ],
};

export const hospitalDataSet: ReportDataSet = {
  code: 'hospital',
  label: '医院',
  fields: [
    { key: 'id', label: '编号', type: 'id', groupable: false, aggregatable: false, filterable: false },
    {
      key: 'hospitalName',
      label: '医院名称',
      type: 'string',
      groupable: true,
      aggregatable: false,
      filterable: true,
    },
  ],
};

export const machineDataSet: ReportDataSet = {
  code: 'machine',
  label: '机器',
  fields: [
    { key: 'id', label: '编号', type: 'id', groupable: false, aggregatable: false, filterable: false },
    {
      key: 'machineNo',
      label: '机器编号',
      type: 'string',
      groupable: true,
      aggregatable: false,
      filterable: true,
    },
    {
      key: 'runStatus',
      label: '运行状态',
      type: 'int',
      groupable: true,
      aggregatable: false,
      filterable: true,
      dict: 'machine_run_status',
    },
  ],
};

/** The entries of machine_run_status, as api/system/dict's dictionary answers them. */
export const machineRunStatuses = [
  { dictKey: '0', dictValue: '离线' },
  { dictKey: '1', dictValue: '正常' },
  { dictKey: '2', dictValue: '故障' },
];

/** What vi.mock answers for api/system/dict: machine_run_status, and nothing for other codes. */
export function dictApiMock() {
  return {
    dictionary: vi.fn((code: string) =>
      Promise.resolve(code === 'machine_run_status' ? machineRunStatuses : []),
    ),
  };
}

/** A report over machines, filtered by a dictionary-backed field (运行状态) and a text one. */
export function machineReport(): Report {
  return {
    ...auditColumns,
    id: '32',
    tenantId: '000000',
    name: '机器运行',
    dataSet: 'machine',
    author: 'admin',
    updateTime: '2026-05-02 10:00:00',
    definition: {
      filters: [
        { field: 'runStatus', op: 'eq' },
        { field: 'machineNo', op: 'like', defaultValue: 'M' },
      ],
      columns: ['machineNo', 'runStatus'],
      groupBy: [],
      aggregates: [],
      sort: [],
      chart: null,
    },
  };
}

export function refundReport(): Report {
  return {
    ...auditColumns,
    id: '31',
    tenantId: '000000',
    name: '退款汇总',
    dataSet: 'refund',
    author: 'admin',
    updateTime: '2026-05-01 10:00:00',
    definition: {
      filters: [{ field: 'machineNo', op: 'eq', defaultValue: 'M001' }],
      columns: ['orderNo', 'machineNo', 'refundAmount'],
      groupBy: ['hospitalId', 'machineNo'],
      aggregates: [
        { field: 'id', fn: 'count' },
        { field: 'refundAmount', fn: 'sum' },
      ],
      sort: [{ field: 'orderNo', dir: 'desc' }],
      chart: { type: 'bar', groupField: 'hospitalId', valueAggregate: 1 },
    },
  };
}

export function refundResult(): ReportResult {
  return {
    columns: [
      { key: 'orderNo', label: '订单号', type: 'string' },
      { key: 'machineNo', label: '机器编号', type: 'string' },
      { key: 'refundAmount', label: '退款金额', type: 'money' },
    ],
    rows: [
      { orderNo: 'R-1001', machineNo: 'M001', refundAmount: 300 },
      { orderNo: 'R-1002', machineNo: 'M002', refundAmount: 500 },
    ],
    total: 2,
    current: 1,
    size: 10,
    groups: [
      {
        level: 2,
        keys: { hospitalId: '7', machineNo: 'M001' },
        labels: { hospitalId: '协和医院', machineNo: 'M001' },
        values: [1, 300],
      },
      {
        level: 2,
        keys: { hospitalId: '7', machineNo: 'M002' },
        labels: { hospitalId: '协和医院', machineNo: 'M002' },
        values: [1, 500],
      },
      {
        level: 2,
        keys: { hospitalId: '8', machineNo: 'M009' },
        labels: { hospitalId: '同仁医院', machineNo: 'M009' },
        values: [3, 1200],
      },
      { level: 1, keys: { hospitalId: '7' }, labels: { hospitalId: '协和医院' }, values: [2, 800] },
      { level: 1, keys: { hospitalId: '8' }, labels: { hospitalId: '同仁医院' }, values: [3, 1200] },
    ],
    aggregates: [
      { field: 'id', fn: 'count', label: '计数 编号' },
      { field: 'refundAmount', fn: 'sum', label: '合计 退款金额' },
    ],
    grandTotal: [5, 2000],
    chart: {
      type: 'bar',
      series: [
        { name: '协和医院', value: 800 },
        { name: '同仁医院', value: 1200 },
      ],
    },
  };
}

/** What vi.mock answers for api/report/report. */
export function reportApiMock() {
  return {
    list: vi.fn(() => Promise.resolve(onePage(refundReport(), machineReport()))),
    detail: vi.fn((id: string) => Promise.resolve(id === '32' ? machineReport() : refundReport())),
    submit: vi.fn(() => Promise.resolve(refundReport())),
    remove: vi.fn(() => Promise.resolve(true)),
    dataSets: vi.fn(() => Promise.resolve([hospitalDataSet, refundDataSet, machineDataSet])),
    run: vi.fn(() => Promise.resolve(refundResult())),
    exportFile: vi.fn(() => Promise.resolve({ blob: new Blob(['csv']), filename: '退款汇总.csv' })),
  };
}
