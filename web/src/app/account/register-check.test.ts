import { describe, expect, it } from 'vitest';
import { checkRegistration, type RegisterForm } from './register-check';

const complete: RegisterForm = {
  tenantId: '000000',
  name: '张三',
  account: 'zhangsan',
  password: 'secret',
  password2: 'secret',
};

describe('registration checks', () => {
  it('passes a complete form; the name is optional', () => {
    expect(checkRegistration(complete)).toBeUndefined();
    expect(checkRegistration({ ...complete, name: '' })).toBeUndefined();
  });

  it('reports one problem at a time, in the spec’s order', () => {
    const empty = { tenantId: '', name: '', account: '', password: '', password2: '' };
    const steps: [Partial<RegisterForm>, string, string][] = [
      [empty, 'tenantId', 'register.tenantIdRequired'],
      [{ ...empty, tenantId: '000000' }, 'account', 'register.accountRequired'],
      [{ ...empty, tenantId: '000000', account: 'zs' }, 'password', 'register.passwordRequired'],
      [
        { ...empty, tenantId: '000000', account: 'zs', password: 'a' },
        'password2',
        'register.passwordRequired',
      ],
      [
        { ...empty, tenantId: '000000', account: 'zs', password: 'a', password2: 'b' },
        'password2',
        'register.passwordMismatch',
      ],
    ];
    for (const [form, field, message] of steps) {
      expect(checkRegistration(form), JSON.stringify(form)).toEqual({ field, message });
    }
  });

  it('treats blank tenant id and account as missing, but not a blank password', () => {
    expect(checkRegistration({ ...complete, tenantId: '  ' })?.message).toBe('register.tenantIdRequired');
    expect(checkRegistration({ ...complete, account: ' ' })?.message).toBe('register.accountRequired');
    expect(checkRegistration({ ...complete, password: ' ', password2: ' ' })).toBeUndefined();
  });

  it('asks for a password before comparing: an empty confirmation is "enter the password"', () => {
    expect(checkRegistration({ ...complete, password2: '' })?.message).toBe('register.passwordRequired');
    expect(checkRegistration({ ...complete, password: '', password2: 'x' })?.message).toBe(
      'register.passwordRequired',
    );
  });
});
