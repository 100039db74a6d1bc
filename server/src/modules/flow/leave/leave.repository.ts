import type { Leave } from '@console/contract';
import type { Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';

/** Leave requests (blade_process_leave): the business record of the leave process. */
export const leaveTable = defineTable<Leave, 'blade_process_leave'>(
  'blade_process_leave',
  { tenantScoped: true },
  {
    processDefinitionId: ['id', { filter: true }],
    processInstanceId: ['id', { filter: true }],
    leaveType: ['int', { filter: true }],
    startTime: ['datetime', { sort: true }],
    endTime: ['datetime', { sort: true }],
    days: ['int', { sort: true }],
    reason: ['string'],
    taskUser: ['id', { filter: true }],
    applyTime: ['datetime', { sort: true }],
    leaveState: ['int', { filter: true }],
  },
);

export class LeaveRepository extends TableRepository<Leave, 'blade_process_leave'> {
  constructor(store: Store) {
    super(store, leaveTable);
  }
}
