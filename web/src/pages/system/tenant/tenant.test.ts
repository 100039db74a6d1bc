import type { Tenant } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './date-time';
import { tenantInput } from './index';

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

describe('expiry field', () => {
  it('turns wire date-times into the picker’s value and back', () => {
    expect(toLocalInput('2030-06-01 08:30:00')).toBe('2030-06-01T08:30');
    expect(toLocalInput('2030-06-01')).toBe('2030-06-01T00:00');
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('2030-06-01T08:30')).toBe('2030-06-01 08:30:00');
    expect(fromLocalInput('')).toBeNull();
  });
});
