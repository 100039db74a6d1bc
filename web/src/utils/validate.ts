// Validation helpers of spec §5. The phone check is the corrected one (docs/decisions/0004):
// the spec observed a check whose pattern test was inverted.

/**
 * Whether a value counts as empty: null, undefined, '', an empty array and an object without own
 * keys. Numbers (0 and NaN included) and booleans (false included) are values, never empty.
 */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    // Dates, maps and the like are values even without own enumerable keys.
    if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) {
      return false;
    }
    return Object.keys(value).length === 0;
  }
  return false;
}

/** Mainland China mobile numbers: 1, then 3–9, then nine digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** The length a phone number must have (spec §9). */
export const PHONE_LENGTH = 11;

/** Why a phone number is refused, in the order the checks run. */
export type PhoneProblem = 'empty' | 'length' | 'format';

/**
 * Checks a phone number: empty, then not 11 characters long, then not a mobile number. Answers the
 * first problem, or undefined for a good number. Surrounding spaces are not part of the number.
 */
export function phoneProblem(value: unknown): PhoneProblem | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (text === '') return 'empty';
  if (text.length !== PHONE_LENGTH) return 'length';
  if (!MOBILE_PATTERN.test(text)) return 'format';
  return undefined;
}

/** The i18n key of each problem's message. */
export const PHONE_MESSAGES = {
  empty: 'shell.validate.phoneEmpty',
  length: 'shell.validate.phoneLength',
  format: 'shell.validate.phoneFormat',
} as const satisfies Record<PhoneProblem, string>;
