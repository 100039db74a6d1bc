import type { LogApi, LogError, LogUsual, Page } from '@console/contract';
import { get, type QueryParams } from '../request';

const BASE = '/api/blade-log';

/** The three server logs and the row each holds; read-only (append-only on the server). */
export interface LogRows {
  usual: LogUsual;
  api: LogApi;
  error: LogError;
}

export type LogKind = keyof LogRows;

/** A page of one log; `filters` use the contract's field-name grammar (`requestUri`, `createTime_dategt`, …). */
export function list<K extends LogKind>(
  kind: K,
  current: number,
  size: number,
  filters: QueryParams = {},
): Promise<Page<LogRows[K]>> {
  return get<Page<LogRows[K]>>(`${BASE}/${kind}/list`, { ...filters, current, size });
}

export function detail<K extends LogKind>(kind: K, id: string): Promise<LogRows[K]> {
  return get<LogRows[K]>(`${BASE}/${kind}/detail`, { id });
}
