import type { Post } from '@console/contract';
import { PostSchema } from '@console/contract/schema';
import type { Actor, Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';

/** Posts (blade_post): the job positions of a tenant. */
export const postTable = defineTable(
  PostSchema,
  'blade_post',
  { tenantScoped: true },
  {
    filter: ['category', 'postCode', 'postName', 'remark'],
    sort: ['category', 'postCode', 'postName', 'sort'],
  },
);

export class PostRepository extends TableRepository<Post, 'blade_post'> {
  constructor(store: Store) {
    super(store, postTable);
  }

  /** The tenant's posts of this name (an import names posts by code or name: several is ambiguous). */
  async findByName(actor: Actor, postName: string): Promise<Post[]> {
    const rows = await this.scopedSelect(actor)
      .selectAll()
      .where('post_name', '=', postName)
      .limit(2)
      .execute();
    return rows.map((row) => this.toEntity(row));
  }

  async findByCode(actor: Actor, postCode: string): Promise<Post | undefined> {
    const row = await this.scopedSelect(actor)
      .selectAll()
      .where('post_code', '=', postCode)
      .executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }
}
