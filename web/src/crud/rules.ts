import type { FormRule } from 'antd';
import { formSpec, isChoice, isMultiple, fieldType } from './columns';
import type { ColumnShape, TextKey } from './types';
import '../i18n/console-texts';

/** Translates a text key (the component passes i18next's `t`). */
export type Translate = (key: TextKey, values?: Record<string, string | number>) => string;

/** The longest text a field takes; the message names the field and the limit. */
export function maxLengthRule(label: string, max: number, t: Translate): FormRule {
  return { max, message: t('crud.rule.maxLength', { label, max }) };
}

/**
 * The dialog's rules of a field, from its column: required (with the configured message, or
 * 请输入/请选择 + label), longest text, pattern, then the column's own rules.
 */
export function fieldRules(column: ColumnShape, t: Translate): FormRule[] {
  const spec = formSpec(column);
  if (!spec) return [];
  const label = t(column.label);
  const rules: FormRule[] = [];
  if (spec.required) {
    const message =
      spec.required === true
        ? t(isChoice(column) ? 'crud.rule.choose' : 'crud.rule.required', { label })
        : t(spec.required);
    // An empty array only counts as missing for an array rule; blanks alone are no text.
    if (isMultiple(column)) rules.push({ required: true, type: 'array', message });
    else if (fieldType(column) === 'number') rules.push({ required: true, type: 'number', message });
    else if (isChoice(column)) rules.push({ required: true, message });
    else rules.push({ required: true, whitespace: true, message });
  }
  if (spec.maxLength !== undefined && !isMultiple(column) && fieldType(column) !== 'number') {
    rules.push({ type: 'string', ...maxLengthRule(label, spec.maxLength, t) });
  }
  if (spec.pattern) rules.push({ pattern: spec.pattern.regex, message: t(spec.pattern.message) });
  return [...rules, ...(spec.rules ?? [])];
}
