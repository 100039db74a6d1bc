import { createRequire } from 'node:module';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../src/core/i18n.js';
import { ANNOTATION_KEYWORDS, IdString, OptionalText, RequiredText } from '../../src/core/schema.js';
import { pickValidationError, validationMessage } from '../../src/core/validation-errors.js';

// The top-level 'ajv' package is eslint's ajv 6 (its errors have dataPath, not instancePath).
// Fastify validates with the ajv 8 that @fastify/ajv-compiler depends on: load that one.
interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
}
interface ValidateFunction {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
  schema: object;
}
interface AjvInstance {
  addKeyword(keyword: string): unknown;
  compile(schema: object): ValidateFunction;
}
const requireFromFastifyCompiler = createRequire(
  createRequire(import.meta.url).resolve('@fastify/ajv-compiler'),
);
const Ajv = (requireFromFastifyCompiler('ajv') as { default: new (options: object) => AjvInstance }).default;
const ajvVersion = (requireFromFastifyCompiler('ajv/package.json') as { version: string }).version;

// As app.ts configures Fastify's ajv.
const ajv = new Ajv({ verbose: true, allErrors: true });
for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword(keyword);

const ParamInput = Type.Object({
  id: Type.Optional(IdString),
  paramName: RequiredText(255, { label: 'param.paramName', required: 'param.paramName.required' }),
  paramKey: RequiredText(255, { label: 'param.paramKey', required: 'param.paramKey.required' }),
  remark: OptionalText(255, { label: 'param.remark' }),
});
const validateParam = ajv.compile(ParamInput);
const valid = { paramName: 'Name', paramKey: 'a.key' };

function errorsOf(validate: ValidateFunction, data: unknown): AjvError[] {
  expect(validate(data)).toBe(false);
  return validate.errors!;
}

/** The message for the first error, as the error handler sends it. */
function message(language: Language, data: unknown, validate = validateParam, context = 'body'): string {
  return validationMessage(language, pickValidationError(errorsOf(validate, data), validate.schema), context);
}

describe('the ajv under test', () => {
  it('is ajv 8, as Fastify uses', () => {
    expect(ajvVersion.split('.')[0]).toBe('8');
    expect(validateParam(valid)).toBe(true);
  });
});

describe('validationMessage for a required text with x-required', () => {
  it('answers the x-required message for a missing field', () => {
    const errors = errorsOf(validateParam, { paramKey: 'k' });
    expect(errors[0]!.keyword).toBe('required');
    expect(validationMessage('zh', errors[0]!, 'body')).toBe('请输入参数名称');
    expect(validationMessage('en', errors[0]!, 'body')).toBe('Please enter the parameter name');
  });

  it('answers the message of the field that is missing', () => {
    expect(message('zh', { paramName: 'n' })).toBe('请输入参数键名');
    expect(message('en', { paramName: 'n' })).toBe('Please enter the parameter key');
  });

  it('answers the same message for a blank value', () => {
    for (const blank of ['   ', '\t', ' \n ']) {
      const errors = errorsOf(validateParam, { ...valid, paramName: blank });
      expect(errors.map((e) => e.keyword)).toEqual(['pattern']);
      expect(validationMessage('zh', errors[0]!, 'body')).toBe('请输入参数名称');
      expect(validationMessage('en', errors[0]!, 'body')).toBe('Please enter the parameter name');
    }
  });

  it('answers the same message for an empty string, whichever of its errors comes first', () => {
    const errors = errorsOf(validateParam, { ...valid, paramName: '' });
    expect(errors.map((e) => e.keyword)).toEqual(['minLength', 'pattern']);
    for (const error of errors) {
      expect(validationMessage('zh', error, 'body')).toBe('请输入参数名称');
      expect(validationMessage('en', error, 'body')).toBe('Please enter the parameter name');
    }
  });

  it('names the field and the limit for a value that is too long', () => {
    const data = { ...valid, paramName: 'x'.repeat(256) };
    expect(errorsOf(validateParam, data)[0]!.keyword).toBe('maxLength');
    expect(message('zh', data)).toBe('参数名称不能超过255个字符');
    expect(message('en', data)).toBe('parameter name must be at most 255 characters');
    expect(validateParam({ ...valid, paramName: 'x'.repeat(255) })).toBe(true);
  });

  it('answers field.type for a value of the wrong type', () => {
    for (const wrong of [42, true, {}, ['a']]) {
      const data = { ...valid, paramName: wrong };
      expect(errorsOf(validateParam, data).map((e) => e.keyword)).toEqual(['type']);
      expect(message('zh', data)).toBe('参数名称格式不正确');
      expect(message('en', data)).toBe('parameter name has the wrong format');
    }
  });
});

describe('validationMessage for an optional text', () => {
  it('accepts null, absence and text within the limit', () => {
    expect(validateParam({ ...valid, remark: null })).toBe(true);
    expect(validateParam({ ...valid, remark: '' })).toBe(true);
    expect(validateParam({ ...valid, remark: 'r'.repeat(255) })).toBe(true);
  });

  it('names the field and the limit for a value that is too long', () => {
    const data = { ...valid, remark: 'r'.repeat(256) };
    expect(message('zh', data)).toBe('备注不能超过255个字符');
    expect(message('en', data)).toBe('remark must be at most 255 characters');
  });

  it('names the field by its label for a value of the wrong type', () => {
    const data = { ...valid, remark: { text: 'x' } };
    expect(message('zh', data)).toBe('备注格式不正确');
    expect(message('en', data)).toBe('remark has the wrong format');
  });
});

describe('validationMessage for other keywords', () => {
  const Labelled = ajv.compile(
    Type.Object({
      title: Type.String({ minLength: 1, 'x-label': 'param.paramValue' }),
      code: Type.Optional(Type.String({ minLength: 3, maxLength: 5 })),
      count: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
      kind: Type.Optional(Type.String({ enum: ['a', 'b'] })),
      meta: Type.Optional(
        Type.Object({
          name: RequiredText(20, { label: 'param.paramName', required: 'param.paramName.required' }),
        }),
      ),
      unknown: Type.Optional(Type.String({ maxLength: 2, 'x-label': 'no.such.key' })),
    }),
  );

  it.each([
    [{}, '请输入参数键值', 'Please enter parameter value'],
    [{ title: '' }, '请输入参数键值', 'Please enter parameter value'],
    [{ title: 'x', code: 'ab' }, 'code不能少于3个字符', 'code must be at least 3 characters'],
    [{ title: 'x', code: 'abcdef' }, 'code不能超过5个字符', 'code must be at most 5 characters'],
    [{ title: 'x', count: 0 }, 'count不能小于1', 'count must be at least 1'],
    [{ title: 'x', count: 11 }, 'count不能大于10', 'count must be at most 10'],
    [{ title: 'x', count: 1.5 }, 'count格式不正确', 'count has the wrong format'],
    [{ title: 'x', kind: 'c' }, 'kind的值不正确', 'kind has an invalid value'],
    [{ title: 'x', meta: {} }, '请输入参数名称', 'Please enter the parameter name'],
    [{ title: 'x', meta: { name: ' ' } }, '请输入参数名称', 'Please enter the parameter name'],
    [
      { title: 'x', meta: { name: 'n'.repeat(21) } },
      '参数名称不能超过20个字符',
      'parameter name must be at most 20 characters',
    ],
    [{ title: 'x', unknown: 'abc' }, 'unknown不能超过2个字符', 'unknown must be at most 2 characters'],
  ])('%j → %s', (data, zh, en) => {
    expect(message('zh', data, Labelled)).toBe(zh);
    expect(message('en', data, Labelled)).toBe(en);
  });

  it('answers field.invalid naming the id for a malformed id', () => {
    expect(message('zh', { ...valid, id: 'abc' })).toBe('主键的值不正确');
    expect(message('en', { ...valid, id: '0' })).toBe('id has an invalid value');
  });

  it('names the context when the whole body or query is wrong', () => {
    expect(message('zh', 'text')).toBe('body格式不正确');
    expect(message('en', [valid], validateParam, 'body')).toBe('body has the wrong format');
    const query = ajv.compile(Type.Object({ ids: Type.String({ minLength: 1 }) }));
    expect(message('zh', {}, query, 'querystring')).toBe('请输入ids');
    expect(message('en', 7, query, 'querystring')).toBe('querystring has the wrong format');
  });
});
