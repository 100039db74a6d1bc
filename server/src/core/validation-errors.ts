import { isMessageKey, translate, type Language, type MessageKey } from './i18n.js';

// Turns ajv's first validation error into the contract's 400 message naming the field.

export interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
}

function labelOf(language: Language, schema: Record<string, unknown> | undefined, fallback: string): string {
  const label = schema?.['x-label'];
  return typeof label === 'string' && isMessageKey(label) ? translate(language, label) : fallback;
}

/**
 * Of all ajv's errors, the one to tell the user about: the first bad field in the form's (the
 * schema's) order, and for that field the most telling error. A nullable field fails both the
 * null branch ("not null") and the string branch ("too long"): the branch with the field's label
 * carries the real reason.
 */
export function pickValidationError<E extends AjvError>(errors: E[], schema: unknown): E {
  const order = Object.keys((schema as { properties?: object } | undefined)?.properties ?? {});
  const fieldRank = (e: E) => {
    const field =
      e.keyword === 'required' ? String(e.params.missingProperty) : (e.instancePath.split('/')[1] ?? '');
    const at = order.indexOf(field);
    return at === -1 ? order.length : at;
  };
  const detailRank = (e: E) =>
    e.keyword === 'required'
      ? 0
      : e.parentSchema?.['x-label'] !== undefined
        ? 1
        : e.keyword === 'anyOf'
          ? 3
          : 2;
  return errors.reduce((best, e) => {
    const byField = fieldRank(e) - fieldRank(best);
    return byField < 0 || (byField === 0 && detailRank(e) < detailRank(best)) ? e : best;
  });
}

export function validationMessage(language: Language, error: AjvError, context: string): string {
  const segments = error.instancePath.split('/').filter(Boolean);
  let field = segments.at(-1) ?? context;
  let schema = error.parentSchema;

  if (error.keyword === 'required') {
    field = String(error.params.missingProperty);
    const properties = schema?.properties as Record<string, Record<string, unknown>> | undefined;
    schema = properties?.[field];
  }

  const required = schema?.['x-required'];
  const label = labelOf(language, schema, field);
  const blank =
    error.keyword === 'required' ||
    error.keyword === 'minLength' ||
    error.keyword === 'minItems' ||
    error.keyword === 'pattern';
  if (
    blank &&
    typeof required === 'string' &&
    isMessageKey(required) &&
    ((error.keyword !== 'minLength' && error.keyword !== 'minItems') || error.params.limit === 1)
  ) {
    return translate(language, required);
  }

  const limit = error.params.limit as number;
  const key: MessageKey =
    error.keyword === 'required'
      ? 'field.required'
      : error.keyword === 'maxLength'
        ? 'field.tooLong'
        : error.keyword === 'minLength'
          ? limit === 1
            ? 'field.required'
            : 'field.tooShort'
          : error.keyword === 'type'
            ? 'field.type'
            : error.keyword === 'minimum'
              ? 'field.min'
              : error.keyword === 'maximum'
                ? 'field.max'
                : 'field.invalid';
  return translate(language, key, { field: label, limit });
}
