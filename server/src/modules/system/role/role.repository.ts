import type { Role } from '@console/contract';
import { RoleSchema } from '@console/contract/schema';
import type { Actor, Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';
import { liveRows, unscoped } from '../../../core/repository/unscoped.js';

export type { Role };

export const roleTable = defineTable(
  RoleSchema,
  'blade_role',
  { tenantScoped: true },
  {
    kinds: { parentId: 'id' },
    filter: ['parentId', 'roleName', 'roleAlias'],
    sort: ['roleName', 'sort', 'roleAlias'],
  },
);

export class RoleRepository extends TableRepository<Role, 'blade_role'> {
  constructor(store: Store) {
    super(store, roleTable);
  }

  /** The caller's tenant's roles among ids, in the order given. */
  async findMany(actor: Actor, ids: string[]): Promise<Role[]> {
    const roles = new Map((await this.findByIds(actor, ids)).map((role) => [role.id, role]));
    return ids.map((id) => roles.get(id)).filter((r): r is Role => r !== undefined);
  }

  /** The tenant a role belongs to, whatever the caller's tenant (the platform administrator's reads). */
  async tenantOf(roleId: string): Promise<string | undefined> {
    const row = await unscoped(this.store)
      .selectFrom('blade_role')
      .select('tenant_id')
      .where('id', '=', BigInt(roleId))
      .where(liveRows('blade_role'))
      .executeTakeFirst();
    return row?.tenant_id;
  }

  /** The tenant's roles whose alias (its code) or name is the text (an import names roles so). */
  async findByAliasOrName(actor: Actor, text: string): Promise<Role[]> {
    const rows = await this.scopedSelect(actor)
      .selectAll()
      .where((eb) => eb.or([eb('role_alias', '=', text), eb('role_name', '=', text)]))
      .limit(3)
      .execute();
    const roles = rows.map((row) => this.toEntity(row));
    // An alias names one role; a name that is another role's alias is the alias's.
    const byAlias = roles.filter((role) => role.roleAlias === text);
    return byAlias.length > 0 ? byAlias : roles;
  }

  /** The ids of the tenant's roles with an alias (its administrator roles: `admin`). */
  async idsWithAlias(actor: Actor, alias: string): Promise<string[]> {
    const rows = await this.scopedSelect(actor).select('id').where('role_alias', '=', alias).execute();
    return rows.map((row) => String(row.id));
  }

  /** Names of roles directly below the given ones that are not among them (at most five). */
  async remainingChildren(actor: Actor, roleIds: readonly string[]): Promise<string[]> {
    const ids = roleIds.map((id) => BigInt(id));
    const rows = await this.scopedSelect(actor)
      .select('role_name')
      .where('parent_id', 'in', ids)
      .where('id', 'not in', ids)
      .orderBy('sort')
      .orderBy('id')
      .limit(5)
      .execute();
    return rows.map((row) => String(row.role_name));
  }
}
