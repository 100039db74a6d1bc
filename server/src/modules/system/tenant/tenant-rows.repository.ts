import type { Store } from '../../../core/repository/store.js';
import { unscoped } from '../../../core/repository/unscoped.js';
import { tenantRowsIn, type RoutedTable } from '../../../db/routed-tables.js';

/**
 * The first business or workflow table (db/routed-tables.ts) holding rows of a tenant in one
 * database, removed rows included, read across the module's tables on purpose: what binding a
 * tenant to a data source, or unbinding it, must find empty (decision 0020).
 */
export function tenantRows(
  store: Store,
  tenantId: string,
): Promise<{ table: RoutedTable; rows: number } | undefined> {
  return tenantRowsIn(unscoped(store), tenantId);
}
