import {
  BACKGROUND_HEADER,
  type CacheMonitor,
  type DatabaseMonitor,
  type ServerMonitor,
} from '@console/contract';
import { get } from '../request';

const BASE = '/api/blade-system/monitor';

/**
 * `background`: the page refreshing itself (every 10 s while it shows), which is not the person's
 * activity (the tenant's idle timeout does not count it), as the dashboard's refresh.
 */
const options = (background: boolean) => (background ? { headers: { [BACKGROUND_HEADER]: '1' } } : {});

/** 服务监控: every live server process, as each last published itself. */
export function server(background = false): Promise<ServerMonitor> {
  return get<ServerMonitor>(`${BASE}/server`, undefined, options(background));
}

/** 服务监控: the database's engine, size, connections and slowest kinds of statement. */
export function database(background = false): Promise<DatabaseMonitor> {
  return get<DatabaseMonitor>(`${BASE}/database`, undefined, options(background));
}

/** 缓存监控: the shared cache's engine, memory, keys by prefix, and the console's hit rates. */
export function cache(background = false): Promise<CacheMonitor> {
  return get<CacheMonitor>(`${BASE}/cache`, undefined, options(background));
}
