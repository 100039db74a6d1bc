import { describe, expect, it } from 'vitest';
import { policyPassword } from '../../src/modules/user/user-admin.service.js';

// The passwords `npm run demo` prints (issue 45): they meet the tenant's policy, whatever it asks.

const classes = (password: string) =>
  [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/].filter((pattern) => pattern.test(password)).length;

describe('policyPassword', () => {
  it('meets the default policy with at least 14 characters of three classes', () => {
    for (let i = 0; i < 200; i++) {
      const password = policyPassword({ minLength: 8, minClasses: 2, history: 5 });
      expect(password.length).toBe(14);
      expect(classes(password)).toBeGreaterThanOrEqual(3);
    }
  });

  it('meets the strictest policy: the length asked for, and all four classes', () => {
    for (let i = 0; i < 200; i++) {
      const password = policyPassword({ minLength: 40, minClasses: 4, history: 24 });
      expect(password.length).toBeGreaterThanOrEqual(40);
      expect(classes(password)).toBe(4);
    }
  });
});
