import type { Dashboard } from '@console/contract';
import { get } from '../request';

/** The home page's numbers for the signed-in user (tenant and grants applied, cached ~10 s). */
export function dashboard(): Promise<Dashboard> {
  return get<Dashboard>('/api/zxgxg-api/dashboard');
}
