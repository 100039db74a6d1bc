import { MESSAGE_RETENTION_DAYS, type Tenant } from '@console/contract';
import type { FormInstance, RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './date-time';
import { rangeRule, tenantInput } from './index';

const tenant = { id: '5', tenantId: '123456', tenantName: '旧名' } as Tenant;

describe('tenant submit body', () => {
  it('creates with the licence and package, unlimited and active by default', () => {
    expect(tenantInput({ tenantName: ' 第一医院 ', linkman: '', packageId: '9' }, undefined)).toEqual({
      tenantName: '第一医院',
      linkman: null,
      contactNumber: null,
      address: null,
      domain: null,
      backgroundUrl: null,
      status: 1,
      accountNumber: -1,
      expireTime: null,
      packageId: '9',
    });
  });

  it('updates without the generated code, the licence or the package (their own dialogs change them)', () => {
    const input = tenantInput(
      {
        tenantId: '123456',
        tenantName: '新名',
        accountNumber: 3,
        expireTime: '2030-01-01 00:00:00',
        packageId: '9',
        status: 0,
      },
      tenant,
    );
    expect(input).toEqual({
      id: '5',
      tenantName: '新名',
      linkman: null,
      contactNumber: null,
      address: null,
      domain: null,
      backgroundUrl: null,
      status: 0,
    });
  });
});

describe('storage quota', () => {
  it('is sent on add and on edit when the form has one, and left to the server otherwise', () => {
    const gb = 1024 ** 3;
    expect(tenantInput({ tenantName: 'a', uploadQuota: 2 * gb }, undefined)).toMatchObject({
      uploadQuota: 2 * gb,
    });
    expect(tenantInput({ tenantName: 'a', uploadQuota: 0 }, tenant)).toMatchObject({
      id: '5',
      uploadQuota: 0,
    });
    expect(tenantInput({ tenantName: 'a', uploadQuota: null }, tenant)).not.toHaveProperty('uploadQuota');
  });
});

describe('tenant password policy', () => {
  it('sends the policy the form holds, on create and on edit', () => {
    const policy = { passwordMinLength: 12, passwordMinClasses: 3, passwordHistory: 0 };
    expect(tenantInput({ tenantName: '医院', ...policy }, undefined)).toMatchObject(policy);
    expect(tenantInput({ tenantName: '医院', ...policy }, tenant)).toMatchObject({ id: '5', ...policy });
  });
});

describe('message retention', () => {
  it('is sent on add and on edit when the form has one, and left to the server otherwise', () => {
    expect(tenantInput({ tenantName: '医院', messageRetentionDays: 30 }, undefined)).toMatchObject({
      messageRetentionDays: 30,
    });
    expect(tenantInput({ tenantName: '医院', messageRetentionDays: 365 }, tenant)).toMatchObject({
      id: '5',
      messageRetentionDays: 365,
    });
    expect(tenantInput({ tenantName: '医院', messageRetentionDays: null }, tenant)).not.toHaveProperty(
      'messageRetentionDays',
    );
  });

  it('takes whole days from 1 to 3650 only', async () => {
    // rangeRule answers antd's rule-as-a-function form (the form in, the rule out).
    const ruleOf = rangeRule(MESSAGE_RETENTION_DAYS) as (form: FormInstance) => RuleObject;
    const rule = ruleOf({} as FormInstance);
    const check = (value: unknown) => rule.validator!(rule, value, () => undefined) as Promise<void>;
    for (const value of [1, 90, 3650, null, undefined]) await expect(check(value)).resolves.toBeUndefined();
    for (const value of [0, -5, 3651, 1.5]) await expect(check(value)).rejects.toThrow('1 到 3650');
  });
});

describe('expiry field', () => {
  it('turns wire date-times into the picker’s value and back', () => {
    expect(toLocalInput('2030-06-01 08:30:00')).toBe('2030-06-01T08:30');
    expect(toLocalInput('2030-06-01')).toBe('2030-06-01T00:00');
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('2030-06-01T08:30')).toBe('2030-06-01 08:30:00');
    expect(fromLocalInput('')).toBeNull();
  });
});

describe('single-session policy and idle timeout', () => {
  it('is sent when the form has one (an edit keeps the server’s otherwise)', () => {
    expect(tenantInput({ tenantName: '医院', singleSession: 1 }, undefined)).toMatchObject({
      singleSession: 1,
    });
    expect(tenantInput({ tenantName: '医院', singleSession: 0 }, tenant)).toMatchObject({ singleSession: 0 });
    expect(tenantInput({ tenantName: '医院' }, tenant)).not.toHaveProperty('singleSession');
    expect(tenantInput({ tenantName: '医院', idleTimeoutMinutes: 30 }, tenant)).toMatchObject({
      idleTimeoutMinutes: 30,
    });
  });
});
