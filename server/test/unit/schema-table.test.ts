import type { Post } from '@console/contract';
import {
  ApkSchema,
  AuditFieldsSchema,
  HospitalSchema,
  IdString,
  NoticeSchema,
  Nullable,
  OptionalText,
  PostInputSchema,
  PostSchema,
  RequiredText,
  SubmitId,
} from '@console/contract/schema';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { inputValues } from '../../src/core/entity-service.js';
import { defineTable, type Column } from '../../src/core/repository/table.js';

// A table definition read from its entity's schema (core/repository/table.ts, SchemaTableSpec)
// holds the columns the field-by-field form wrote out, and inputValues the values the plain
// submits built by hand (issue 46 item 9).

const columnsOf = (columns: ReadonlyMap<string, Column>) => [...columns.values()];

describe('a table defined from its schema', () => {
  it('has the columns, kinds and options the field-by-field form declares', () => {
    const fromSchema = defineTable(
      PostSchema,
      'blade_post',
      { tenantScoped: true },
      {
        filter: ['category', 'postCode', 'postName', 'remark'],
        sort: ['category', 'postCode', 'postName', 'sort'],
      },
    );
    const byHand = defineTable<Post, 'blade_post'>(
      'blade_post',
      { tenantScoped: true },
      {
        category: ['int', { filter: true, sort: true }],
        postCode: ['string', { filter: true, sort: true }],
        postName: ['string', { filter: true, sort: true }],
        sort: ['int', { sort: true }],
        remark: ['string', { filter: true }],
      },
    );
    expect(columnsOf(fromSchema.columns)).toEqual(columnsOf(byHand.columns));
    expect([...fromSchema.byName.keys()]).toEqual([...byHand.byName.keys()]);
    expect(fromSchema.key).toBe('id');
  });

  it('reads integers (an integer over a bigint column too) and takes the kinds it cannot read', () => {
    const apk = defineTable(
      ApkSchema,
      'zx_apk',
      { tenantScoped: true },
      { kinds: { attachId: 'id', publishTime: 'datetime' }, readOnly: ['md5'] },
    );
    const kind = (field: string) => apk.columns.get(field)?.kind;
    expect([kind('versionCode'), kind('fileSize'), kind('appName')]).toEqual(['int', 'int', 'string']);
    expect([kind('attachId'), kind('publishTime')]).toEqual(['id', 'datetime']);
    expect(apk.columns.get('md5')).toMatchObject({ readOnly: true, filter: false, sort: false });
    expect(apk.columns.get('tenantId')).toMatchObject({ kind: 'string', filter: true, readOnly: true });
  });

  it('leaves out the fields without a column and adds the write-only columns', () => {
    const hospital = defineTable(
      HospitalSchema,
      'zx_hospital',
      { tenantScoped: true },
      {
        kinds: { maintainerId: 'id' },
        computed: { provinceName: true, cityName: true, districtName: true, maintainerName: true },
      },
    );
    expect(hospital.columns.has('provinceName')).toBe(false);
    expect(hospital.byName.get('region_code')?.field).toBe('regionCode');
    const withSecret = defineTable(
      Type.Object({ ...AuditFieldsSchema, paramName: Type.String(), paramKey: Type.String() }),
      'blade_param',
      { tenantScoped: false },
      { writeOnly: { paramValue: 'text' } },
    );
    expect(withSecret.columns.get('paramValue')).toMatchObject({ kind: 'text', writeOnly: true });
    expect(withSecret.columns.has('tenantId')).toBe(false);
  });
});

describe('the compile-time checks against the row type (npm run typecheck)', () => {
  it('refuse a missing or wrong kind, a missing computed field, and names the table lacks', () => {
    const post = { tenantScoped: true } as const;
    const checks = [
      // @ts-expect-error attachId's column is an id and publishTime's an instant: kinds must say so
      () => defineTable(ApkSchema, 'zx_apk', post, {}),
      // @ts-expect-error provinceName, cityName and districtName have no column: computed must list them
      () => defineTable(HospitalSchema, 'zx_hospital', post, {}),
      // @ts-expect-error a filter on a field the table lacks
      () => defineTable(PostSchema, 'blade_post', post, { filter: ['nope'] }),
      // @ts-expect-error release_time is an instant, not an id
      () => defineTable(NoticeSchema, 'blade_notice', post, { kinds: { releaseTime: 'id' } }),
      // @ts-expect-error blade_post has no password column
      () => defineTable(PostSchema, 'blade_post', post, { writeOnly: { password: 'string' } }),
      // @ts-expect-error remark has a column
      () => defineTable(PostSchema, 'blade_post', post, { computed: { remark: true } }),
    ];
    expect(checks).toHaveLength(6);
  });
});

describe('inputValues', () => {
  it('trims the required strings, makes an absent optional field null and leaves the id out', () => {
    const values = inputValues(PostInputSchema, {
      id: '12',
      category: 2,
      postCode: '  ceo ',
      postName: ' Chief ',
      sort: 1,
    });
    expect(values).toEqual({ category: 2, postCode: 'ceo', postName: 'Chief', sort: 1, remark: null });
    expect(
      inputValues(PostInputSchema, { category: 1, postCode: 'a', postName: 'b', sort: 1, remark: ' x ' })
        .remark,
    ).toBe(' x ');
  });

  it('keeps a blank optional text and makes a blank optional code (an id, a date) null', () => {
    const schema = Type.Object({
      id: SubmitId,
      name: RequiredText(10, { label: 'x' }),
      note: OptionalText(10, { label: 'x' }),
      ownerId: Type.Optional(Nullable(Type.Union([IdString, Type.Literal('')]))),
      day: Type.Optional(Nullable(Type.String({ pattern: '^(?:\\d{4}-\\d{2}-\\d{2})?$' }))),
      count: Type.Optional(Nullable(Type.Integer())),
    });
    expect(inputValues(schema, { name: 'n', note: '', ownerId: '', day: '', count: null })).toEqual({
      name: 'n',
      note: '',
      ownerId: null,
      day: null,
      count: null,
    });
    expect(inputValues(schema, { name: 'n', ownerId: '7', day: '2024-01-02', count: 0 })).toEqual({
      name: 'n',
      note: null,
      ownerId: '7',
      day: '2024-01-02',
      count: 0,
    });
  });
});
