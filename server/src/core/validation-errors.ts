import { isMessageKey, translate, type Language, type MessageKey } from './i18n.js';

// Turns ajv's first validation error into the contract's 400 message naming the field.

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
}

function labelOf(language: Language, schema: Record<string, unknown> | undefined, fallback: string): string {
  const label = schema?.['x-label'];
  return typeof label === 'string' && isMessageKey(label) ? translate(language, label) : fallback;
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
  const blank = error.keyword === 'required' || error.keyword === 'minLength' || error.keyword === 'pattern';
  if (
    blank &&
    typeof required === 'string' &&
    isMessageKey(required) &&
    (error.keyword !== 'minLength' || error.params.limit === 1)
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
