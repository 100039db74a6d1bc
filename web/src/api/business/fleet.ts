import { BACKGROUND_HEADER, type FleetHospital } from '@console/contract';
import { get } from '../request';

/**
 * 设备总览: the machines and slots of each hospital the signed-in user sees (slot grants applied),
 * largest hospitals first; machines placed in no hospital answer as one entry whose id and name
 * are null. `background`: the page refreshing them by itself, which is not the person's activity
 * (the tenant's idle timeout does not count it), as the dashboard's refresh.
 */
export function overview(background = false): Promise<FleetHospital[]> {
  return get<FleetHospital[]>(
    '/api/zxgxg-api/fleet/overview',
    undefined,
    background ? { headers: { [BACKGROUND_HEADER]: '1' } } : {},
  );
}
