import * as contractSchemas from '@console/contract/schema';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { isMessageKey, translate, type Language } from '../../src/core/i18n.js';
// The modules' messages, as the app adds them.
import '../../src/messages.js';

// The contract's schemas name the wording of their validation errors by message key ('x-label',
// 'x-required'). The contract cannot see the server's catalogue, so this checks every key.

function annotationKeys(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  const keys: string[] = [];
  for (const [name, child] of Object.entries(value)) {
    if ((name === 'x-label' || name === 'x-required') && typeof child === 'string') keys.push(child);
    else keys.push(...annotationKeys(child, seen));
  }
  return keys;
}

const LANGUAGES: readonly Language[] = ['zh', 'en'];

/** The keys that are not messages of the server in every language. */
function unknownKeys(keys: readonly string[]): string[] {
  return [...new Set(keys)].filter(
    (key) =>
      !isMessageKey(key) ||
      LANGUAGES.some((language) => {
        try {
          return translate(language, key).trim() === '';
        } catch {
          return true;
        }
      }),
  );
}

describe('the contract’s schemas', () => {
  it('name only message keys the server has, in both languages', () => {
    const keys = annotationKeys(Object.values(contractSchemas));
    expect(keys.length).toBeGreaterThan(100);
    expect(unknownKeys(keys)).toEqual([]);
  });

  it('would show a wrong key', () => {
    const schema = Type.Object({
      name: contractSchemas.RequiredText(10, { label: 'post.postName', required: 'post.noSuchKey' }),
    });
    expect(unknownKeys(annotationKeys(schema))).toEqual(['post.noSuchKey']);
  });
});
