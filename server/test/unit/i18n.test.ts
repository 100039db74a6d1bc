import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isMessageKey, languageOf, translate, type MessageKey } from '../../src/core/i18n.js';
// The modules' messages, as the app adds them.
import '../../src/messages.js';

// The module exports no list of keys: read both catalogues' keys from its source.
const source = readFileSync(new URL('../../src/core/i18n.ts', import.meta.url), 'utf8');

function keysOf(declaration: string): string[] {
  const start = source.indexOf(declaration);
  expect(start).toBeGreaterThanOrEqual(0);
  const body = source.slice(start + declaration.length, source.indexOf('\n}', start));
  return [...body.matchAll(/^\s+(?:'([^']+)'|(\w+)):/gm)].map((m) => m[1] ?? m[2]!);
}

const zhKeys = keysOf('const zh = {');
const enKeys = keysOf('const en: Record<keyof SharedMessages, string> = {');
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const CJK = /[\u4e00-\u9fff]/;

describe('languageOf', () => {
  it.each([
    [undefined, 'zh'],
    ['', 'zh'],
    ['en-US,en;q=0.9', 'en'],
    ['en', 'en'],
    ['EN-gb', 'en'],
    ['zh-CN', 'zh'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['fr', 'zh'],
    ['fr, en;q=0.5', 'en'],
    ['fr-FR, de;q=0.8', 'zh'],
    ['*', 'zh'],
  ] as const)('%j → %s', (header, language) => {
    expect(languageOf(header)).toBe(language);
  });

  it('follows the q-values, not only the order, when the request prefers English over Chinese', () => {
    // RFC 9110 §12.4.2: the quality value, not the position, states the preference.
    expect(languageOf('zh;q=0.1, en;q=0.9')).toBe('en');
  });
});

describe('translate', () => {
  it('substitutes {params} in both languages', () => {
    expect(translate('zh', 'field.tooLong', { field: '参数名称', limit: 255 })).toBe(
      '参数名称不能超过255个字符',
    );
    expect(translate('en', 'field.tooLong', { field: 'parameter name', limit: 255 })).toBe(
      'parameter name must be at most 255 characters',
    );
    expect(translate('zh', 'error.routeNotFound', { path: '/api/x' })).toBe('接口不存在: /api/x');
    expect(translate('en', 'error.routeNotFound', { path: '/api/x' })).toBe('No such API: /api/x');
    expect(translate('zh', 'param.paramKey.exists', { key: 'a.b' })).toBe('参数键名已存在: a.b');
    expect(translate('en', 'param.paramKey.exists', { key: 'a.b' })).toBe(
      'Parameter key already exists: a.b',
    );
  });

  it('answers plain messages unchanged', () => {
    expect(translate('zh', 'ok')).toBe('操作成功');
    expect(translate('en', 'ok')).toBe('Operation succeeded');
    expect(translate('zh', 'param.paramName.required')).toBe('请输入参数名称');
    expect(translate('en', 'param.paramName.required')).toBe('Please enter the parameter name');
  });

  it('leaves a placeholder without a param as it is, ignores extra params and does not re-expand values', () => {
    expect(translate('zh', 'field.tooLong', { field: '备注' })).toBe('备注不能超过{limit}个字符');
    expect(translate('en', 'ok', { field: 'x' })).toBe('Operation succeeded');
    expect(translate('en', 'field.min', { field: '{limit}', limit: 0 })).toBe('{limit} must be at least 0');
  });

  it('does not take placeholders from the prototype chain', () => {
    expect(translate('en', 'error.routeNotFound', {})).toBe('No such API: {path}');
    expect(translate('en', 'field.type', { field: 'toString' })).toBe('toString has the wrong format');
  });
});

describe('the catalogues', () => {
  it('were read from the source', () => {
    expect(zhKeys.length).toBeGreaterThan(30);
    expect(zhKeys).toContain('ok');
    expect(zhKeys).toContain('param.paramName.required');
  });

  it('have the same keys in both languages', () => {
    expect([...enKeys].sort()).toEqual([...zhKeys].sort());
    expect(new Set(zhKeys).size).toBe(zhKeys.length);
  });

  it('have a text for every key in both languages, with the same placeholders', () => {
    const problems: string[] = [];
    for (const key of zhKeys) {
      if (!isMessageKey(key)) {
        problems.push(`${key}: not a message key`);
        continue;
      }
      const zh = translate('zh', key as MessageKey);
      const en = translate('en', key as MessageKey);
      if (typeof en !== 'string' || en.trim() === '') problems.push(`${key}: no English text`);
      else if (CJK.test(en)) problems.push(`${key}: English text is Chinese: ${en}`);
      if (!CJK.test(zh)) problems.push(`${key}: Chinese text has no Chinese: ${zh}`);
      if (typeof en === 'string' && placeholders(zh).join() !== placeholders(en).join()) {
        problems.push(`${key}: placeholders differ: ${zh} / ${en}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('know no other keys', () => {
    expect(isMessageKey('nope')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
    expect(isMessageKey('__proto__')).toBe(false);
  });
});
