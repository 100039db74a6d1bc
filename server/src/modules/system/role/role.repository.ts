import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';

export interface Role {
  id: string;
  tenantId: string;
  parentId: string;
  roleName: string;
  sort: number;
  roleAlias: string;
  status: number;
}

export const roleTable = defineTable<Role>(
  'blade_role',
  { tenantScoped: true },
  {
    parentId: ['id', { filter: true }],
    roleName: ['string', { filter: true, sort: true }],
    sort: ['int', { sort: true }],
    roleAlias: ['string', { filter: true }],
  },
);

export class RoleRepository extends TableRepository<Role> {
  constructor(store: Store) {
    super(store, roleTable);
  }

  /** The caller's tenant's roles among ids, in the order given. */
  async findMany(actor: Actor, ids: string[]): Promise<Role[]> {
    if (ids.length === 0) return [];
    const rows = await this.scopedSelect(actor)
      .selectAll()
      .where(
        'id',
        'in',
        ids.map((id) => BigInt(id)),
      )
      .execute();
    const roles = rows.map((r) => this.toEntity(r));
    return ids.map((id) => roles.find((r) => r.id === id)).filter((r): r is Role => r !== undefined);
  }
}
