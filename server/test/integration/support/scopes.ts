import { systemAudit } from '../../../src/db/seed/menus.js';
import type { TestApp } from './test-app.js';

/** A data scope or API scope row inserted directly; answers its id. */
export async function insertScope(
  t: Pick<TestApp, 'store'>,
  kind: 'data' | 'api',
  options: {
    menuId: string;
    resourceCode?: string;
    scopeName?: string;
    scopeType?: number;
    scopeColumn?: string | null;
    scopeValue?: string | null;
    scopePath?: string;
    scopeMethod?: string | null;
  },
): Promise<string> {
  const id = t.store.ids.next();
  const common = {
    id: BigInt(id),
    menu_id: BigInt(options.menuId),
    resource_code: options.resourceCode ?? 'user',
    scope_name: options.scopeName ?? `scope ${id.slice(-4)}`,
    remark: null,
    ...systemAudit(),
  };
  if (kind === 'data') {
    await t.store.db
      .insertInto('blade_scope_data')
      .values({
        ...common,
        scope_field: '*',
        scope_class: null,
        scope_column: options.scopeColumn ?? null,
        scope_type: options.scopeType ?? 1,
        scope_value: options.scopeValue ?? null,
      })
      .execute();
  } else {
    await t.store.db
      .insertInto('blade_scope_api')
      .values({
        ...common,
        scope_path: options.scopePath ?? '/api/blade-user/**',
        scope_method: options.scopeMethod ?? null,
        scope_type: options.scopeType ?? 1,
      })
      .execute();
  }
  return id;
}

/** Grants scopes to a role (blade_role_scope), replacing its scopes of that kind. */
export async function setRoleScopes(
  t: Pick<TestApp, 'store'>,
  roleId: string,
  kind: 'data' | 'api',
  scopeIds: string[],
): Promise<void> {
  const category = kind === 'data' ? 1 : 2;
  await t.store.db
    .deleteFrom('blade_role_scope')
    .where('role_id', '=', BigInt(roleId))
    .where('scope_category', '=', category)
    .execute();
  if (scopeIds.length === 0) return;
  await t.store.db
    .insertInto('blade_role_scope')
    .values(
      scopeIds.map((scopeId) => ({
        id: BigInt(t.store.ids.next()),
        scope_category: category,
        scope_id: BigInt(scopeId),
        role_id: BigInt(roleId),
      })),
    )
    .execute();
}
