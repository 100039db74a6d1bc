import { describe, expect, it } from 'vitest';
import { fieldRules, type Translate } from './rules';
import type { ColumnShape } from './types';

// Keys and values shown as they are, so the rules' messages can be read in the expectations.
const t: Translate = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key);
const label = 'system.param.paramName' as const;

describe('form rules from the configuration', () => {
  it('requires text with the configured message; blanks alone are no text', () => {
    const column: ColumnShape = {
      prop: 'paramName',
      label,
      form: { required: 'system.param.paramNameRequired' },
    };
    expect(fieldRules(column, t)).toEqual([
      { required: true, whitespace: true, message: 'system.param.paramNameRequired' },
    ]);
  });

  it('says 请输入/请选择 + label when the column gives no message', () => {
    expect(fieldRules({ prop: 'a', label, form: { required: true } }, t)[0]).toMatchObject({
      message: `crud.rule.required {"label":"${label}"}`,
    });
    expect(
      fieldRules({ prop: 'a', label, options: [{ value: 1, label }], form: { required: true } }, t)[0],
    ).toEqual({ required: true, message: `crud.rule.choose {"label":"${label}"}` });
  });

  it('requires an array for several values, so an empty choice is missing', () => {
    const column: ColumnShape = {
      prop: 'menuId',
      label,
      type: 'treeSelect',
      multiple: true,
      form: { required: 'system.tenantPackage.menuIdRequired', maxLength: 3000 },
    };
    expect(fieldRules(column, t)).toEqual([
      { required: true, type: 'array', message: 'system.tenantPackage.menuIdRequired' },
    ]);
  });

  it('limits the length and checks the pattern, then adds the column’s own rules', () => {
    const own = { len: 4 };
    const column: ColumnShape = {
      prop: 'code',
      label,
      form: { maxLength: 255, pattern: { regex: /^\w+$/, message: 'crud.rule.required' }, rules: [own] },
    };
    expect(fieldRules(column, t)).toEqual([
      { type: 'string', max: 255, message: `crud.rule.maxLength {"label":"${label}","max":255}` },
      { pattern: /^\w+$/, message: 'crud.rule.required' },
      own,
    ]);
  });

  it('requires a number as a number, and has no rules outside the dialog', () => {
    expect(fieldRules({ prop: 'sort', label, type: 'number', form: { required: true } }, t)).toEqual([
      { required: true, type: 'number', message: `crud.rule.required {"label":"${label}"}` },
    ]);
    expect(fieldRules({ prop: 'sort', label, form: false }, t)).toEqual([]);
  });
});
