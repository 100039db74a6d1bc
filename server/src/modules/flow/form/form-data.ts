import {
  FORM_LIMITS,
  ID_PATTERN,
  compiledPattern,
  textCap,
  type FormDefinition,
  type FormField,
} from '@console/contract/schema';
import { Script, createContext } from 'node:vm';
import { ApiError } from '../../../core/errors.js';
import type { MessageKey, MessageParams } from '../../../core/i18n.js';

// Form data checked against its form's definition (issue 51), on the server, whatever the browser
// checked: required fields, each type's shape, min/max, patterns, a dictionary entry of the named
// dictionary, users, departments and attachments of the caller's tenant. Answers the faults by field
// key (none: the data is valid). Used by form/validate now, by starting a process and completing a
// task from a form later.

/** What the checks read from the database: the ids and keys of the list that exist for the tenant. */
export interface FormDataLookups {
  /** The keys among `keys` that are entries of the dictionary (a business one of the tenant with `biz`). */
  dictKeys(code: string, biz: boolean, keys: readonly string[]): Promise<ReadonlySet<string>>;
  /** The ids among `ids` of live users of the tenant. */
  users(ids: readonly string[]): Promise<ReadonlySet<string>>;
  /** The ids among `ids` of live departments of the tenant. */
  depts(ids: readonly string[]): Promise<ReadonlySet<string>>;
  /** The ids among `ids` of live attachments of the tenant. */
  attachments(ids: readonly string[]): Promise<ReadonlySet<string>>;
}

/** One field's fault: a message key and its parameters. */
export interface FormDataError {
  key: MessageKey;
  params: MessageParams;
}

export type FormDataErrors = Record<string, FormDataError>;

const fault = (key: MessageKey, params: MessageParams = {}): FormDataError => ({ key, params });

const idPattern = new RegExp(ID_PATTERN);
const isId = (value: unknown): value is string => typeof value === 'string' && idPattern.test(value);

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** A calendar date: yyyy-MM-dd that exists. */
function isDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A time of day on a date: yyyy-MM-dd HH:mm:ss. */
function isDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  return (
    !!match && isDate(match[1]) && Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4]) < 60
  );
}

const given = (bound: number | null | undefined): bound is number => bound !== null && bound !== undefined;

/** How long one pattern may take on one value (ms): a backstop behind the definition's checks. */
export const PATTERN_TIMEOUT_MS = 100;

// A pattern runs under a time limit: a designer's pattern is refused when it repeats a repetition,
// but other shapes backtrack too ((a|a)*b, \d*\d*\d*x), and a pattern hanging the event loop would
// stop the server for every tenant. vm's timeout interrupts the match (V8 checks for it while
// backtracking). A timeout is tried once more before it counts: the limit is wall time, and a busy
// machine can stretch a match of microseconds past it now and then.
const matcher = new Script('pattern.test(value)');
const sandbox = createContext({ pattern: /(?:)/u, value: '' });

function runPattern(pattern: RegExp, value: string): boolean | 'timeout' {
  sandbox.pattern = pattern;
  sandbox.value = value;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return matcher.runInContext(sandbox, { timeout: PATTERN_TIMEOUT_MS }) === true;
      } catch (error) {
        if ((error as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
        if (attempt > 0) return 'timeout';
      }
    }
  } finally {
    sandbox.value = '';
  }
}

/** The fault of a value by its shape and bounds alone (nothing read), or undefined. */
function shapeFault(field: FormField, value: unknown): FormDataError | undefined {
  const { min, max } = field;
  switch (field.type) {
    case 'text':
    case 'textarea': {
      if (typeof value !== 'string') return fault('flow.form.data.notText');
      const length = [...value].length;
      const cap = textCap(field.type);
      if (length > (given(max) ? Math.min(max, cap) : cap))
        return fault('flow.form.data.tooLong', { max: given(max) ? Math.min(max, cap) : cap });
      if (given(min) && length < min) return fault('flow.form.data.tooShort', { min });
      if (field.pattern) {
        const pattern = compiledPattern(field.pattern);
        const matched = pattern ? runPattern(pattern, value) : false;
        if (matched === 'timeout') return fault('flow.form.data.patternTimeout');
        if (!matched) return fault('flow.form.data.patternMismatch');
      }
      return undefined;
    }
    case 'number':
    case 'money': {
      if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > FORM_LIMITS.number)
        return fault(field.type === 'money' ? 'flow.form.data.notMoney' : 'flow.form.data.notNumber');
      if (field.type === 'money' && Math.abs(value * 100 - Math.round(value * 100)) > 1e-6)
        return fault('flow.form.data.notMoney');
      if (given(min) && value < min) return fault('flow.form.data.belowMin', { min });
      if (given(max) && value > max) return fault('flow.form.data.aboveMax', { max });
      return undefined;
    }
    case 'date':
      return isDate(value) ? undefined : fault('flow.form.data.notDate');
    case 'datetime':
      return isDateTime(value) ? undefined : fault('flow.form.data.notDateTime');
    case 'dict':
      return typeof value === 'string' || typeof value === 'number'
        ? undefined
        : fault('flow.form.data.notInDict', { dict: field.dict ?? '' });
    case 'user':
      return isId(value) ? undefined : fault('flow.form.data.noSuchUser');
    case 'dept':
      return isId(value) ? undefined : fault('flow.form.data.noSuchDept');
    case 'attachment': {
      if (!Array.isArray(value) || !value.every(isId) || new Set(value).size !== value.length)
        return fault('flow.form.data.notAttachments');
      const cap = given(max) ? Math.min(max, FORM_LIMITS.attachments) : FORM_LIMITS.attachments;
      if (value.length > cap) return fault('flow.form.data.tooMany', { max: cap });
      if (given(min) && value.length < min) return fault('flow.form.data.tooFew', { min });
      return undefined;
    }
    default:
      // A stored definition holds known types only (checked when saved).
      return fault('flow.form.data.unknownField');
  }
}

/**
 * The faults of `data` under `definition`, by field key: a key the form does not have, a required
 * field left empty (undefined, null, blank text, no attachments), a value of the wrong shape or out
 * of its bounds, and ids or dictionary keys the tenant does not have. Empty: the data is valid.
 */
export async function checkFormData(
  definition: FormDefinition,
  data: Readonly<Record<string, unknown>>,
  lookups: FormDataLookups,
): Promise<FormDataErrors> {
  const errors: FormDataErrors = {};
  const byKey = new Map(definition.fields.map((field) => [field.key, field]));
  for (const key of Object.keys(data))
    if (!byKey.has(key)) errors[key] = fault('flow.form.data.unknownField');

  // Values whose existence is read afterwards, each kind in one query.
  const dictWanted = new Map<string, { code: string; biz: boolean; fields: Array<[FormField, string]> }>();
  const idWanted: Record<'user' | 'dept' | 'attachment', Array<[FormField, string[]]>> = {
    user: [],
    dept: [],
    attachment: [],
  };
  for (const field of definition.fields) {
    const value = data[field.key];
    if (isEmpty(value)) {
      if (field.required) errors[field.key] = fault('flow.form.data.required');
      continue;
    }
    const shape = shapeFault(field, value);
    if (shape) {
      errors[field.key] = shape;
      continue;
    }
    if (field.type === 'dict') {
      const code = field.dict ?? '';
      const biz = field.biz === true;
      const group = dictWanted.get(`${biz ? 'biz' : 'sys'}:${code}`) ?? { code, biz, fields: [] };
      group.fields.push([field, String(value)]);
      dictWanted.set(`${biz ? 'biz' : 'sys'}:${code}`, group);
    } else if (field.type === 'user' || field.type === 'dept')
      idWanted[field.type].push([field, [value as string]]);
    else if (field.type === 'attachment') idWanted.attachment.push([field, value as string[]]);
  }

  for (const { code, biz, fields } of dictWanted.values()) {
    const present = await lookups.dictKeys(code, biz, [...new Set(fields.map(([, key]) => key))]);
    for (const [field, key] of fields)
      if (!present.has(key)) errors[field.key] = fault('flow.form.data.notInDict', { dict: code });
  }
  const missing = {
    user: 'flow.form.data.noSuchUser',
    dept: 'flow.form.data.noSuchDept',
    attachment: 'flow.form.data.noSuchAttachment',
  } as const;
  for (const kind of ['user', 'dept', 'attachment'] as const) {
    const wanted = idWanted[kind];
    if (wanted.length === 0) continue;
    const ids = [...new Set(wanted.flatMap(([, values]) => values))];
    const present =
      kind === 'user'
        ? await lookups.users(ids)
        : kind === 'dept'
          ? await lookups.depts(ids)
          : await lookups.attachments(ids);
    for (const [field, values] of wanted)
      if (values.some((id) => !present.has(id))) errors[field.key] = fault(missing[kind]);
  }
  return errors;
}

/**
 * The 400 of data that failed its checks, naming each faulty field with its message (for calls that
 * take form data and answer only a message: starting a process, completing a task).
 */
export function formDataRefusal(
  errors: FormDataErrors,
  describe: (error: FormDataError) => string,
): ApiError | undefined {
  const faults = Object.entries(errors);
  if (faults.length === 0) return undefined;
  return new ApiError(400, 'flow.form.data.invalid', {
    fields: faults.map(([key, error]) => `${key}: ${describe(error)}`).join('; '),
  });
}
