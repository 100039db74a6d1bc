import type { Client, ClientInput, Page } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-system/client';

/** A page of OAuth clients (the platform administrator's only). Never their secrets. */
export function list(current: number, size: number, filters: QueryParams = {}): Promise<Page<Client>> {
  return get<Page<Client>>(`${BASE}/list`, { ...filters, current, size });
}

export function detail(id: string): Promise<Client> {
  return get<Client>(`${BASE}/detail`, { id });
}

/**
 * Creates the client when it has no id, updates it otherwise. The secret is required to create;
 * on update an absent or empty one keeps the stored secret.
 */
export function submit(input: ClientInput): Promise<unknown> {
  return post<unknown>(`${BASE}/submit`, input);
}

/** Refused (with the server's message) for the client the console itself signs in with. */
export function remove(ids: readonly string[]): Promise<unknown> {
  return post<unknown>(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } });
}
