import type { Notice } from '@console/contract';
import { NoticeSchema } from '@console/contract/schema';
import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';

/** Notices belong to a tenant (BladeX's blade_notice). */
export const noticeTable = defineTable(
  NoticeSchema,
  'blade_notice',
  { tenantScoped: true },
  {
    kinds: { releaseTime: 'datetime', content: 'text' },
    filter: ['title', 'category', 'releaseTime', 'content'],
    sort: ['title', 'category', 'releaseTime'],
  },
);

export class NoticeRepository extends TableRepository<Notice, 'blade_notice'> {
  constructor(store: Store) {
    super(store, noticeTable);
  }
}
