import { PHONE_MESSAGES, phoneProblem } from '../../../utils/validate';

/** The numbers typed in the phones field: split at commas (either width), semicolons or spaces. */
export function splitPhones(text: string | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(/[,，;；\s]+/)
        .map((phone) => phone.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The first reason the phones are refused, as a text key and the number it concerns: none typed,
 * or a number that is not 11 digits of a mobile number (utils/validate.ts).
 */
export function phonesProblem(
  phones: readonly string[],
): { key: (typeof PHONE_MESSAGES)[keyof typeof PHONE_MESSAGES]; phone?: string } | undefined {
  if (phones.length === 0) return { key: PHONE_MESSAGES.empty };
  for (const phone of phones) {
    const problem = phoneProblem(phone);
    if (problem) return { key: PHONE_MESSAGES[problem], phone };
  }
  return undefined;
}

export interface ParamPair {
  key?: string;
  value?: string;
}

/** The template's parameters as the server takes them: a JSON object of texts ('' for none). */
export function paramsJson(pairs: readonly ParamPair[] | undefined): string {
  const params: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const key = pair.key?.trim();
    if (key) params[key] = pair.value ?? '';
  }
  return Object.keys(params).length > 0 ? JSON.stringify(params) : '';
}
