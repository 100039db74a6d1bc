// Forms designed in the console (issue 51, 流程管理 › 表单设计): the field types, the limits and the
// checks of a definition, without TypeBox, so that the designer runs the same checks the server
// does before it saves (the server checks again: it never trusts the browser).

/** What a field holds. */
export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'datetime',
  'dict',
  'user',
  'dept',
  'attachment',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const FORM_LIMITS = {
  formKey: 64,
  name: 100,
  category: 64,
  remark: 255,
  fields: 60,
  fieldKey: 64,
  label: 100,
  pattern: 200,
  dictCode: 64,
  /** The longest text a `text` field takes, whatever its max. */
  textValue: 500,
  /** The longest text a `textarea` field takes. */
  longTextValue: 5000,
  /** The most attachments one field holds. */
  attachments: 20,
  /** The largest number or amount (and the most negative). */
  number: 1e15,
} as const;

/** A field key: a name a process variable can take. */
export const FORM_FIELD_KEY_PATTERN = '^[A-Za-z_][A-Za-z0-9_]*$';
/** A form key: as a model's key. */
export const FORM_KEY_PATTERN = '^[A-Za-z_][A-Za-z0-9_.-]*$';

/** A field of a form definition. */
export interface FormField {
  key: string;
  /** One of FORM_FIELD_TYPES (anything else is refused by name). */
  type: string;
  /** The label in both languages; English falls back to Chinese when blank. */
  label: { zh: string; en?: string | null | undefined };
  required?: boolean | undefined;
  /** Offered as a filter where a form's records are listed. */
  searchable?: boolean | undefined;
  /** text, textarea: length; number, money: value; attachment: how many. */
  min?: number | null | undefined;
  max?: number | null | undefined;
  /** text, textarea: a regular expression (JavaScript, `u` flag) the value must match. */
  pattern?: string | null | undefined;
  /** dict: the dictionary's code; `biz`: a business dictionary of the tenant (else a system one). */
  dict?: string | null | undefined;
  biz?: boolean | undefined;
}

/** A form definition: its fields in order, laid out in one or two columns. */
export interface FormDefinition {
  layout: 1 | 2;
  fields: FormField[];
}

/** What min/max mean for a type, or undefined when the type takes none. */
export function rangeOf(type: string): 'length' | 'value' | 'count' | undefined {
  if (type === 'text' || type === 'textarea') return 'length';
  if (type === 'number' || type === 'money') return 'value';
  if (type === 'attachment') return 'count';
  return undefined;
}

/** The longest text a text type holds. */
export const textCap = (type: string): number =>
  type === 'textarea' ? FORM_LIMITS.longTextValue : FORM_LIMITS.textValue;

/** A fault of a definition: a code (the message's last part) and what it names. */
export interface FormDefinitionProblem {
  code:
    | 'noFields'
    | 'tooManyFields'
    | 'badKey'
    | 'duplicateKey'
    | 'unknownType'
    | 'noLabel'
    | 'noDict'
    | 'badPattern'
    | 'unsafePattern'
    | 'patternNotAllowed'
    | 'rangeNotAllowed'
    | 'badRange'
    | 'minAboveMax';
  params: Record<string, string>;
}

const isBlank = (value: string | null | undefined) => value === null || value === undefined || !value.trim();
const given = (value: number | null | undefined): value is number => value !== null && value !== undefined;

/**
 * Whether a pattern repeats a group that itself repeats ((a+)+, (\d*)*, (x{2,})+): the shape whose
 * backtracking grows exponentially with the input (ReDoS). Patterns run on the server against what
 * users type, so they are refused; the values are capped in length too.
 */
export function nestsRepetition(pattern: string): boolean {
  const stack: boolean[] = [false];
  let groupRepeats = false;
  let i = 0;
  // A repetition of variable count (a fixed count, {3}, repeats nothing by choice).
  const repetition = /^(?:[*+]|\{\d+,\d*\})/;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\') {
      i += 2;
      groupRepeats = false;
      continue;
    }
    if (c === '[') {
      i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i++;
      groupRepeats = false;
      continue;
    }
    if (c === '(') {
      stack.push(false);
      i++;
      continue;
    }
    if (c === ')') {
      groupRepeats = stack.length > 1 ? stack.pop()! : false;
      if (groupRepeats) stack[stack.length - 1] = true;
      i++;
      continue;
    }
    const quantifier = repetition.exec(pattern.slice(i));
    if (quantifier) {
      if (groupRepeats) return true;
      stack[stack.length - 1] = true;
      i += quantifier[0].length;
      continue;
    }
    groupRepeats = false;
    i++;
  }
  return false;
}

/** The pattern compiled as fields use it, or undefined when it does not compile. */
export function compiledPattern(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

/** A definition's faults, in field order; none means it may be saved. */
export function formDefinitionProblems(definition: FormDefinition): FormDefinitionProblem[] {
  const problems: FormDefinitionProblem[] = [];
  const fields = definition.fields;
  if (fields.length === 0) problems.push({ code: 'noFields', params: {} });
  if (fields.length > FORM_LIMITS.fields)
    problems.push({ code: 'tooManyFields', params: { max: String(FORM_LIMITS.fields) } });
  const keys = new Set<string>();
  const keyPattern = new RegExp(FORM_FIELD_KEY_PATTERN);
  for (const field of fields) {
    const key = field.key;
    const type = field.type;
    if (!keyPattern.test(key) || key.length > FORM_LIMITS.fieldKey)
      problems.push({ code: 'badKey', params: { key } });
    else if (keys.has(key)) problems.push({ code: 'duplicateKey', params: { key } });
    keys.add(key);
    if (!(FORM_FIELD_TYPES as readonly string[]).includes(type)) {
      problems.push({ code: 'unknownType', params: { key, type } });
      continue;
    }
    if (isBlank(field.label.zh)) problems.push({ code: 'noLabel', params: { key } });
    if (type === 'dict' && isBlank(field.dict)) problems.push({ code: 'noDict', params: { key } });
    if (!isBlank(field.pattern)) {
      const pattern = field.pattern!;
      if (rangeOf(type) !== 'length') problems.push({ code: 'patternNotAllowed', params: { key, type } });
      else if (!compiledPattern(pattern)) problems.push({ code: 'badPattern', params: { key, pattern } });
      else if (nestsRepetition(pattern)) problems.push({ code: 'unsafePattern', params: { key, pattern } });
    }
    const range = rangeOf(type);
    if (!given(field.min) && !given(field.max)) continue;
    if (range === undefined) {
      problems.push({ code: 'rangeNotAllowed', params: { key, type } });
      continue;
    }
    const cap =
      range === 'length' ? textCap(type) : range === 'count' ? FORM_LIMITS.attachments : FORM_LIMITS.number;
    const low = range === 'value' ? -FORM_LIMITS.number : 0;
    const bad = [field.min, field.max].some(
      (bound) =>
        given(bound) &&
        (!Number.isFinite(bound) ||
          bound < low ||
          bound > cap ||
          (range !== 'value' && !Number.isInteger(bound))),
    );
    if (bad) problems.push({ code: 'badRange', params: { key, low: String(low), high: String(cap) } });
    else if (given(field.min) && given(field.max) && field.min > field.max)
      problems.push({ code: 'minAboveMax', params: { key, min: String(field.min), max: String(field.max) } });
  }
  return problems;
}
