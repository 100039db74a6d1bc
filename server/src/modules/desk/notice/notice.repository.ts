import type { Notice } from '@console/contract';
import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';

/** Notices belong to a tenant (BladeX's blade_notice). */
export const noticeTable = defineTable<Notice, 'blade_notice'>(
  'blade_notice',
  { tenantScoped: true },
  {
    title: ['string', { filter: true, sort: true }],
    category: ['int', { filter: true, sort: true }],
    releaseTime: ['datetime', { filter: true, sort: true }],
    content: ['text', { filter: true }],
  },
);

export class NoticeRepository extends TableRepository<Notice, 'blade_notice'> {
  constructor(store: Store) {
    super(store, noticeTable);
  }
}
