import { BACKGROUND_HEADER, type Dashboard } from '@console/contract';
import { get } from '../request';

/**
 * The home page's numbers for the signed-in user (tenant and grants applied, cached ~10 s).
 * `background`: the page refreshing them by itself, which is not the person's activity (the
 * tenant's idle timeout does not count it).
 */
export function dashboard(background = false): Promise<Dashboard> {
  return get<Dashboard>(
    '/api/zxgxg-api/dashboard',
    undefined,
    background ? { headers: { [BACKGROUND_HEADER]: '1' } } : {},
  );
}
