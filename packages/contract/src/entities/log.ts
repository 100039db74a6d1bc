import { Type, type Static } from 'typebox';
import { Nullable } from '../schema.js';

// Logs (issue 7): blade_log_api, blade_log_error, blade_log_usual. Read-only on the wire.

const S = () => Nullable(Type.String());

/** The fields every log row carries (BladeX's log tables; no audit columns). */
const logFields = {
  id: Type.String(),
  tenantId: Type.String(),
  serviceId: S(),
  serverHost: S(),
  serverIp: S(),
  env: S(),
  method: S(),
  requestUri: S(),
  userAgent: S(),
  remoteIp: S(),
  methodClass: S(),
  methodName: S(),
  /** The request's query and body as JSON, passwords, secrets and tokens masked. */
  params: S(),
  /** api/error: milliseconds taken; usual: when the event happened (YYYY-MM-DD HH:mm:ss). */
  time: S(),
  /** The account that acted. */
  createBy: S(),
  createTime: Type.String(),
};

export const LogFieldsSchema = Type.Object(logFields);
export type LogFields = Static<typeof LogFieldsSchema>;

export const LogApiSchema = Type.Object({ ...logFields, type: S(), title: S() });
export type LogApi = Static<typeof LogApiSchema>;

export const LogErrorSchema = Type.Object({
  ...logFields,
  stackTrace: S(),
  exceptionName: S(),
  message: S(),
  lineNumber: Nullable(Type.Integer()),
  fileName: S(),
  /**
   * The failed request's id (its X-Request-Id answer header). A tenant's administrator sees this
   * and a message; stack, file, line, host and address are the platform administrator's only.
   */
  requestId: S(),
});
export type LogError = Static<typeof LogErrorSchema>;

export const LogUsualSchema = Type.Object({
  ...logFields,
  logLevel: S(),
  /** What happened: sign-in, sign-out, console (an uploaded local log entry), sms, … */
  logId: S(),
  logData: S(),
});
export type LogUsual = Static<typeof LogUsualSchema>;
