import { PASSWORD_POLICY_DEFAULTS } from '@console/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../i18n';
import { checkPassword, describePolicy, describeShortfall, passwordPolicyRule } from './password-policy';

const t = i18n.t.bind(i18n) as typeof i18n.t;
const policy = (minLength: number, minClasses: number) => ({ minLength, minClasses, history: 5 });

afterEach(() => changeLanguage('zh'));

describe('the password policy check', () => {
  it('counts each of the four classes: lower case, upper case, digits, symbols', () => {
    const four = policy(1, 4);
    expect(checkPassword(four, 'aB3$')).toBeUndefined();
    expect(checkPassword(four, 'B3$')?.missingClasses).toEqual(['lower']);
    expect(checkPassword(four, 'a3$')?.missingClasses).toEqual(['upper']);
    expect(checkPassword(four, 'aB$')?.missingClasses).toEqual(['digit']);
    expect(checkPassword(four, 'aB3')?.missingClasses).toEqual(['symbol']);
    // Anything but ASCII letters and digits is a symbol: a space, a CJK character.
    expect(checkPassword(four, 'aB3 ')).toBeUndefined();
    expect(checkPassword(four, 'aB3密')).toBeUndefined();
  });

  it('asks for K classes of four, whichever they are', () => {
    const two = policy(1, 2);
    for (const enough of ['ab12', 'AB!!', 'a-', 'Zz'])
      expect(checkPassword(two, enough), enough).toBeUndefined();
    expect(checkPassword(two, 'abcdef')).toEqual({
      length: 6,
      tooShort: false,
      missingClasses: ['upper', 'digit', 'symbol'],
    });
  });

  it('counts the length in characters as typed (code points), from the minimum on', () => {
    const eight = policy(8, 1);
    expect(checkPassword(eight, 'abcdefg')).toEqual({ length: 7, tooShort: true, missingClasses: [] });
    expect(checkPassword(eight, 'abcdefgh')).toBeUndefined();
    // Four characters outside the BMP are four characters, not eight UTF-16 units.
    expect(checkPassword(eight, '😀😀😀😀')?.length).toBe(4);
  });

  it('holds the defaults to 8 characters of 2 classes', () => {
    expect(checkPassword(PASSWORD_POLICY_DEFAULTS, 'admin')).toMatchObject({ tooShort: true });
    expect(checkPassword(PASSWORD_POLICY_DEFAULTS, 'abcdefgh')?.tooShort).toBe(false);
    expect(checkPassword(PASSWORD_POLICY_DEFAULTS, 'abcdefg1')).toBeUndefined();
  });

  it('says what is missing, in Chinese and in English', async () => {
    const shortfall = checkPassword(policy(10, 3), 'abc12')!;
    expect(describeShortfall(policy(10, 3), shortfall, t)).toBe(
      '密码至少需要 10 个字符，现在只有 5 个；密码需要包含至少 3 类字符（现有 2 类），可加入：大写字母、符号',
    );
    expect(describePolicy(policy(10, 3), t)).toBe(
      '至少 10 个字符，包含小写字母、大写字母、数字、符号中至少 3 类',
    );
    await changeLanguage('en');
    expect(describeShortfall(policy(10, 3), shortfall, t)).toBe(
      'The password needs at least 10 characters; it has 5. The password needs at least 3 kinds of characters (it has 2); add some of: upper-case letters, symbols',
    );
  });

  it('as a form rule: refuses with that message, leaves an empty field to `required`, waits for the policy', async () => {
    const rule = passwordPolicyRule(policy(8, 2), t);
    await expect(rule.validator(null, 'short')).rejects.toThrow('密码至少需要 8 个字符，现在只有 5 个');
    await expect(rule.validator(null, 'long-enough')).resolves.toBeUndefined();
    await expect(rule.validator(null, '')).resolves.toBeUndefined();
    await expect(passwordPolicyRule(undefined, t).validator(null, 'x')).resolves.toBeUndefined();
  });
});
