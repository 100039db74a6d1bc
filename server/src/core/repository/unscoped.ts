import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Store } from './store.js';

// Repositories of BladeX tables read and write through TableRepository, which scopes every query to
// the caller's tenant and live rows. What remains is written here once and named so it can be found
// (`grep -rn "unscoped(" server/src`): the lint rule on server/src/modules forbids `store.db`.

/**
 * The database handle without the base's scoping, for the queries whose scope is deliberate and
 * written beside them: link tables scoped through their owner row (a role's menus and scopes, a top
 * menu's menus), tables without audit columns (logs, sign-in locks, third-party identities), sign-in
 * before a caller exists, and the platform's reads across tenants.
 */
export function unscoped(store: Pick<Store, 'db'>): Kysely<Database> {
  return store.db;
}

/**
 * The live rows of a joined table (`alias`), of one tenant when tenantId is given: the scoping of a
 * join written once, e.g. `.where(liveRows('r', actor.tenantId))` on a role join.
 */
export function liveRows(alias: string, tenantId?: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the alias names whichever table was joined
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
    eb.and([
      eb(`${alias}.is_deleted`, '=', 0),
      ...(tenantId === undefined ? [] : [eb(`${alias}.tenant_id`, '=', tenantId)]),
    ]);
}
