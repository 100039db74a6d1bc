import type { Sms, SmsInput } from '@console/contract';
import { post } from '../request';
import { crudResource } from '../resource';

const BASE = '/api/blade-resource/sms';

export const { list, detail, submit, remove } = crudResource<Sms, SmsInput>(BASE);

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
