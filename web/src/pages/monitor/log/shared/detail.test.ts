import type { LogApi, LogError, LogUsual } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { LOG_FIELDS, logDetailItems } from './detail';

const common = {
  id: '9',
  tenantId: '000000',
  serviceId: 'console',
  serverHost: 'host-1',
  serverIp: '10.0.0.1',
  env: 'prod',
  method: 'POST',
  requestUri: '/api/blade-system/param/submit',
  userAgent: 'Chromium',
  remoteIp: '10.0.0.9',
  methodClass: null,
  methodName: null,
  params: '{"paramKey":"a","password":"******"}',
  time: '35',
  createBy: 'admin',
  createTime: '2026-11-21 10:00:00',
};

// A stand-in for i18next: the key with its options, so the test reads what was asked for.
const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key}:${JSON.stringify(options)}` : key;

describe('the log detail builder', () => {
  it('lists every field of the error log, the stack trace as a preformatted block', () => {
    const row: LogError = {
      ...common,
      stackTrace: 'Error: boom\n    at handler (app.js:1:1)',
      exceptionName: 'Error',
      message: 'boom',
      lineNumber: 1,
      fileName: 'app.js',
      requestId: 'req-1',
    };
    const items = logDetailItems('error', row, t);
    expect(items.map((item) => item.field)).toEqual(LOG_FIELDS.error);
    expect(new Set(items.map((item) => item.field))).toEqual(new Set(Object.keys(row)));
    const stack = items.find((item) => item.field === 'stackTrace')!;
    expect(stack).toMatchObject({
      block: true,
      value: row.stackTrace,
      label: 'monitor.log.fields.stackTrace',
    });
    expect(items.find((item) => item.field === 'lineNumber')).toMatchObject({ value: '1', block: false });
    expect(items.find((item) => item.field === 'methodClass')!.value).toBe('');
  });

  it('indents JSON request data and gives the api log’s time its unit', () => {
    const row: LogApi = { ...common, type: '1', title: '参数提交' };
    const items = logDetailItems('api', row, t);
    expect(new Set(items.map((item) => item.field))).toEqual(new Set(Object.keys(row)));
    expect(items.find((item) => item.field === 'params')!.value).toBe(
      '{\n  "paramKey": "a",\n  "password": "******"\n}',
    );
    expect(items.find((item) => item.field === 'time')).toMatchObject({
      label: 'monitor.log.fields.time',
      value: 'monitor.log.millis:{"time":"35"}',
    });
  });

  it('reads the usual log’s time as the moment of the event', () => {
    const row: LogUsual = {
      ...common,
      time: '2026-11-21 09:59:59',
      params: 'not json {',
      logLevel: 'INFO',
      logId: 'login',
      logData: '{"account":"admin"}',
    };
    const items = logDetailItems('usual', row, t);
    expect(new Set(items.map((item) => item.field))).toEqual(new Set(Object.keys(row)));
    expect(items.find((item) => item.field === 'time')).toMatchObject({
      label: 'monitor.log.fields.eventTime',
      value: '2026-11-21 09:59:59',
    });
    expect(items.find((item) => item.field === 'params')!.value).toBe('not json {');
    expect(items.find((item) => item.field === 'logData')).toMatchObject({
      block: true,
      value: '{\n  "account": "admin"\n}',
    });
  });
});
