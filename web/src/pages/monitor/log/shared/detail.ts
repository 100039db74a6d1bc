import type { LogKind, LogRows } from '../../../../api/monitor/log';
import type { TextKey } from '../../../../crud';

// What the detail dialog shows of a log entry: every field of its log, in reading order, long
// texts (request data, stack traces) as preformatted blocks.

type AnyLog = LogRows[LogKind];
type LogField = keyof LogRows['usual'] | keyof LogRows['api'] | keyof LogRows['error'];

const COMMON_HEAD: LogField[] = ['id', 'createTime', 'createBy', 'tenantId'];
const COMMON_REQUEST: LogField[] = [
  'serviceId',
  'serverHost',
  'serverIp',
  'env',
  'remoteIp',
  'method',
  'requestUri',
  'methodClass',
  'methodName',
  'time',
  'userAgent',
  'params',
];

/** The fields of each log, in the order the dialog shows them. */
export const LOG_FIELDS: Record<LogKind, readonly LogField[]> = {
  usual: [...COMMON_HEAD, 'logLevel', 'logId', ...COMMON_REQUEST, 'logData'],
  api: [...COMMON_HEAD, 'type', 'title', ...COMMON_REQUEST],
  error: [
    ...COMMON_HEAD,
    'exceptionName',
    'message',
    'requestId',
    'fileName',
    'lineNumber',
    ...COMMON_REQUEST,
    'stackTrace',
  ],
};

/** Long texts: a block of their own, whitespace kept, scrollable. */
const BLOCK_FIELDS = new Set<LogField>(['params', 'userAgent', 'logData', 'stackTrace', 'message']);

export interface LogDetailItem {
  field: LogField;
  label: TextKey;
  /** The value as shown; '' when the entry has none. */
  value: string;
  /** Shown as a preformatted, scrollable block across the dialog. */
  block: boolean;
}

/** JSON (request data, event data) indented for reading; anything else as it is. */
function readable(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}

/**
 * The dialog's items for an entry of `kind`. `time` is milliseconds taken in the api and error
 * logs and the moment of the event in the usual log, so it gets a label and a unit to match.
 */
export function logDetailItems(
  kind: LogKind,
  row: AnyLog,
  t: (key: TextKey, options?: Record<string, unknown>) => string,
): LogDetailItem[] {
  const record = row as unknown as Record<string, unknown>;
  return LOG_FIELDS[kind].map((field) => {
    const raw = record[field];
    let value = raw === null || raw === undefined ? '' : String(raw);
    let label: TextKey = `monitor.log.fields.${field}`;
    if (field === 'time') {
      if (kind === 'usual') label = 'monitor.log.fields.eventTime';
      else if (value !== '') value = t('monitor.log.millis', { time: value });
    }
    const block = BLOCK_FIELDS.has(field);
    return { field, label, value: block ? readable(value) : value, block };
  });
}
