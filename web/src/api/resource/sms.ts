import type { Page, Sms, SmsInput } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-resource/sms';

/** A page of SMS settings; `filters` use the contract's field-name grammar. */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<Sms>> {
  return get<Page<Sms>>(`${BASE}/list`, { ...filters, current, size });
}

/** One setting; its secret key is never part of the answer (security S5). */
export function detail(id: string): Promise<Sms> {
  return get<Sms>(`${BASE}/detail`, { id });
}

/** Creates without an id, updates with one; an empty secretKey on an update keeps the stored one. */
export function submit(sms: SmsInput): Promise<unknown> {
  return post<unknown>(`${BASE}/submit`, sms);
}

export function remove(ids: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } });
}

/** Makes this setting the tenant's SMS service; every other one of the tenant is turned off. */
export function enable(id: string): Promise<unknown> {
  return post<unknown>(`${BASE}/enable`, undefined, { params: { id } });
}

/** What `endpoint/send-message` takes: the setting's code, comma-joined phones, params as a JSON object text. */
export interface SmsSendRequest {
  code: string;
  phones: string;
  params: string;
}

/** Sends the setting's template to the phones (at most one message per phone per minute). */
export function sendMessage(request: SmsSendRequest): Promise<unknown> {
  return post<unknown>(`${BASE}/endpoint/send-message`, request);
}
