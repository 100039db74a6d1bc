import type { PasswordPolicy } from '@console/contract';
import type { TFunction } from 'i18next';

// The tenant's password policy, checked on the typed password before the console hashes it: the
// server receives only the MD5 and cannot see length or characters (issue 44). The server refuses
// what it can see itself (common passwords, the last N).

/** The four character classes a policy counts. */
export const PASSWORD_CLASSES = ['lower', 'upper', 'digit', 'symbol'] as const;
export type PasswordClass = (typeof PASSWORD_CLASSES)[number];

/** The class of one character: ASCII letters and digits, everything else a symbol. */
function classOf(char: string): PasswordClass {
  if (char >= 'a' && char <= 'z') return 'lower';
  if (char >= 'A' && char <= 'Z') return 'upper';
  if (char >= '0' && char <= '9') return 'digit';
  return 'symbol';
}

/** What a typed password lacks under a policy; undefined when it meets it. */
export interface PasswordShortfall {
  /** Characters are counted as people count them (code points, not UTF-16 units). */
  length: number;
  tooShort: boolean;
  /** The classes the password does not have, when it has fewer than the policy asks for. */
  missingClasses: PasswordClass[];
}

export function checkPassword(policy: PasswordPolicy, typed: string): PasswordShortfall | undefined {
  const chars = [...typed];
  const present = new Set(chars.map(classOf));
  const tooShort = chars.length < policy.minLength;
  const missingClasses =
    present.size < policy.minClasses ? PASSWORD_CLASSES.filter((c) => !present.has(c)) : [];
  if (!tooShort && missingClasses.length === 0) return undefined;
  return { length: chars.length, tooShort, missingClasses };
}

/** The console's t (useTranslation's, or i18n.t). */
type Translate = TFunction;

/** What the policy asks for, for a hint under the field: "至少 8 个字符，包含 2 类字符（…）". */
export function describePolicy(policy: PasswordPolicy, t: Translate): string {
  return t('password.policy', {
    min: policy.minLength,
    classes: policy.minClasses,
    names: PASSWORD_CLASSES.map((c) => t(`password.class.${c}`)).join(t('password.listSeparator')),
  });
}

/** What is missing, one sentence per rule broken: the inline message of the password field. */
export function describeShortfall(
  policy: PasswordPolicy,
  shortfall: PasswordShortfall,
  t: Translate,
): string {
  const parts: string[] = [];
  if (shortfall.tooShort)
    parts.push(t('password.tooShort', { min: policy.minLength, length: shortfall.length }));
  if (shortfall.missingClasses.length > 0)
    parts.push(
      t('password.fewClasses', {
        classes: policy.minClasses,
        have: PASSWORD_CLASSES.length - shortfall.missingClasses.length,
        missing: shortfall.missingClasses
          .map((c) => t(`password.class.${c}`))
          .join(t('password.listSeparator')),
      }),
    );
  return parts.join(t('password.sentenceSeparator'));
}

/**
 * An antd form rule holding a password field to the policy (none while the policy is loading: the
 * form's submit waits for it, see usePasswordPolicy). An empty field is left to `required`.
 */
export function passwordPolicyRule(policy: PasswordPolicy | undefined, t: Translate) {
  return {
    validator: (_: unknown, value: unknown) => {
      if (!policy || typeof value !== 'string' || value === '') return Promise.resolve();
      const shortfall = checkPassword(policy, value);
      return shortfall
        ? Promise.reject(new Error(describeShortfall(policy, shortfall, t)))
        : Promise.resolve();
    },
  };
}
