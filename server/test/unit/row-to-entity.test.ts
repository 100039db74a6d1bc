import { describe, expect, it } from 'vitest';
import { defineTable, fromDb, rowToEntity, type ColumnKind } from '../../src/core/repository/table.js';

interface Sample {
  tenantId: string;
  name: string;
  body: string;
  count: number;
  ownerId: string;
  roleIds: string;
  secret: string;
  startsAt: string;
}

// Every column kind, a write-only field, and a name that must be quoted in generated code.
const sampleTable = defineTable<Sample, 'blade_param'>('blade_param', { tenantScoped: true }, {
  name: ['string', { filter: true }],
  body: ['text'],
  count: ['int'],
  ownerId: ['id'],
  roleIds: ['ids'],
  secret: ['string', { writeOnly: true }],
  startsAt: ['datetime'],
} as never);

const entityOf = (row: Record<string, unknown>, timeZone: string) =>
  rowToEntity(sampleTable, row, timeZone) as unknown as Record<string, unknown>;

/** What rowToEntity answered before it was compiled: fromDb field by field, write-only left out. */
function fieldByField(row: Record<string, unknown>, timeZone: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of sampleTable.columns.values()) {
    if (column.writeOnly) continue;
    out[column.field] = fromDb(column.kind as ColumnKind, row[column.name], timeZone);
  }
  return out;
}

describe('rowToEntity', () => {
  const full = {
    tenant_id: '000000',
    name: '柜机 "A"\\',
    body: 42,
    count: 7n,
    owner_id: 1123598821738675201n,
    role_ids: '1,2',
    secret: 'hidden',
    starts_at: new Date(Date.UTC(2024, 0, 1, 16, 30, 5)),
    id: 2126243048355022589n,
    create_user: null,
    create_dept: undefined,
    create_time: '2024-01-01T00:00:00.000Z',
    update_user: 5n,
    update_time: null,
    status: '1',
    is_deleted: 0,
  };

  it('answers what fromDb gives field by field, in the same order, without write-only fields', () => {
    for (const timeZone of ['Asia/Shanghai', 'UTC']) {
      const entity = entityOf(full, timeZone);
      const expected = fieldByField(full, timeZone);
      expect(entity).toEqual(expected);
      expect(Object.keys(entity)).toEqual(Object.keys(expected));
      expect(entity).not.toHaveProperty('secret');
    }
    const entity = entityOf(full, 'Asia/Shanghai');
    expect(entity.startsAt).toBe('2024-01-02 00:30:05');
    expect(entity.createTime).toBe('2024-01-01 08:00:00');
    expect(entity.ownerId).toBe('1123598821738675201');
    expect(entity.count).toBe(7);
    expect(entity.body).toBe('42');
  });

  it('maps missing and null columns to null', () => {
    const entity = entityOf({}, 'UTC');
    expect(Object.values(entity).every((v) => v === null)).toBe(true);
    expect(entity).toEqual(fieldByField({}, 'UTC'));
  });
});
