import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { formatFiles } from '../../src/modules/develop/code/generator/format.js';
import {
  commentText,
  holdsHiddenCharacters,
  identifier,
  stringLiteral,
} from '../../src/modules/develop/code/generator/source-text.js';
import { readSource } from '../support/generated-source.js';

// The code generator's escaping (issue 44, item 3): each function against every JavaScript line
// terminator, every quote, `${`, `*/`, `</`, backslashes and the characters that hide what a line
// says, read back as TypeScript sees it (its parser), as Node runs it (evaluated), and after the
// project's prettier has laid it out (the generator's last step).

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Each would run code, end the text early or break the file if written as it is. */
const HOSTILE = [
  'T\u2028globalThis.PWNED=1;\u2028//',
  'T\u2029globalThis.PWNED=1;\u2029//',
  'T\nglobalThis.PWNED=1;\n//',
  'T\rglobalThis.PWNED=1;\r//',
  'T\r\nglobalThis.PWNED=1;\r\n//',
  '*/ globalThis.PWNED=1; /*',
  "'; globalThis.PWNED=1; '",
  '"; globalThis.PWNED=1; "',
  '`; globalThis.PWNED=1; `',
  '${(globalThis.PWNED=1)}',
  '</script><script>globalThis.PWNED=1</script>',
  "\\'; globalThis.PWNED=1; //",
  '\\u0027; globalThis.PWNED=1; //',
  'ends with a backslash \\',
  'a\rb',
  'NEL\u0085globalThis.PWNED=1;',
  'bidi \u202egnirts\u202c and isolates \u2066x\u2069',
  'controls \u0000 \u0007 \u0008 \t \u000b \u000c \u001b \u007f \u009f',
  'lone halves \ud800 and \udfff',
  '设备管理 😀 👩‍💻',
];

/** Characters worth mixing into random texts: each has a meaning somewhere in a source file. */
const SPECIAL = ['\n', '\r', '\u2028', '\u2029', '\u0085', '\u202e', "'", '"', '`', '$', '{', '}', '*', '/'];
const texts = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...SPECIAL, '\\', '<', ' ', 'a', '设'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

const LINE_TERMINATORS = /[\n\r\u2028\u2029]/;

afterEach(() => {
  delete (globalThis as { PWNED?: unknown }).PWNED;
});

/** What a module made of `source` sets when run (new Function: a script body, as a module runs it). */
const run = (source: string): unknown => new Function(source)();

describe('stringLiteral', () => {
  const file = (text: string) => ({
    path: 'x.ts',
    content: `export const value = ${stringLiteral(text)};\n`,
  });
  const valueOf = (content: string) => {
    const read = readSource({ path: 'x.ts', content });
    expect(read.syntaxErrors).toEqual([]);
    expect(read.statements).toEqual(['FirstStatement']);
    expect(read.identifiers).toEqual(new Set(['value']));
    return read.strings;
  };

  it('is a single-quoted literal whose value is exactly the text, for every hostile text', () => {
    for (const text of HOSTILE) {
      const literal = stringLiteral(text);
      expect(literal, text).toMatch(/^'.*'$/s);
      expect(literal, text).not.toMatch(LINE_TERMINATORS);
      expect(valueOf(file(text).content), text).toEqual([text]);
      expect(run(`return ${literal};`), text).toBe(text);
      expect((globalThis as { PWNED?: unknown }).PWNED).toBeUndefined();
    }
  });

  it('keeps its value once prettier has laid it out (a lone CR was a 500 there)', async () => {
    const formatted = await formatFiles(HOSTILE.map(file), ROOT);
    formatted.forEach((formattedFile, i) =>
      expect(valueOf(formattedFile.content), HOSTILE[i]).toEqual([HOSTILE[i]]),
    );
  });

  it('keeps any text as it is', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(valueOf(file(text).content)).toEqual([text]);
        expect(run(`return ${stringLiteral(text)};`)).toBe(text);
      }),
    );
  });
});

describe('commentText', () => {
  // The comments the generator writes: a line comment, a JSDoc line and a line of a JSDoc block.
  const files = (text: string) =>
    [
      `// ${commentText(text)} (module x)\nexport const after = 1;\n`,
      `/** ${commentText(text)} (module x) */\nexport const after = 1;\n`,
      `/**\n * ${commentText(text)} (module x)\n */\nexport const after = 1;\n`,
    ].map((content) => ({ path: 'x.ts', content }));
  const onlyAfter = (content: string) => {
    const read = readSource({ path: 'x.ts', content });
    expect(read.syntaxErrors, content).toEqual([]);
    expect(read.statements, content).toEqual(['FirstStatement']);
    expect(read.identifiers, content).toEqual(new Set(['after']));
  };

  it('stays one comment, ending where the generator ends it, for every hostile text', () => {
    for (const text of HOSTILE) {
      const comment = commentText(text);
      expect(comment, text).not.toMatch(LINE_TERMINATORS);
      expect(comment, text).not.toContain('*/');
      expect(holdsHiddenCharacters(comment), text).toBe(false);
      for (const { content } of files(text)) {
        onlyAfter(content);
        expect(run(content.replace('export ', '') + 'return after;'), content).toBe(1);
        expect((globalThis as { PWNED?: unknown }).PWNED).toBeUndefined();
      }
    }
    expect(commentText('设备管理 */ a\u2028b')).toBe('设备管理 * / a b');
  });

  it('stays one comment once prettier has laid it out', async () => {
    const formatted = await formatFiles(HOSTILE.flatMap(files), ROOT);
    for (const { content } of formatted) onlyAfter(content);
  });

  it('keeps any text inside its comment', () => {
    fc.assert(
      fc.property(texts, (text) => {
        for (const { content } of files(text)) onlyAfter(content);
      }),
    );
  });
});

describe('identifier', () => {
  const refusal = () => new Error('not a name');

  it('lets an identifier through as it is', () => {
    for (const name of ['cabinetDoor', 'CABINET_DOOR', '_x', '$y', 'a1'])
      expect(identifier(name, refusal)).toBe(name);
  });

  it('refuses anything else rather than escaping it', () => {
    for (const name of [
      '',
      '1a',
      'a-b',
      'a b',
      'a;b',
      'a\u2028b',
      "a'b",
      'a`b',
      'a${b}',
      'a*/b',
      'é',
      'a\\u0062',
    ])
      expect(() => identifier(name, refusal), name).toThrow('not a name');
  });
});

describe('holdsHiddenCharacters (the submit check)', () => {
  it('finds line terminators, other control characters, direction controls and lone surrogate halves', () => {
    for (const c of [
      '\n',
      '\r',
      '\u2028',
      '\u2029',
      '\t',
      '\u0000',
      '\u007f',
      '\u0085',
      '\u202e',
      '\u2067',
      '\ud800',
    ])
      expect(holdsHiddenCharacters(`标题${c}x`), JSON.stringify(c)).toBe(true);
  });

  it('lets ordinary titles through, Chinese, quotes and emoji included', () => {
    for (const text of ['设备管理', 'Cabinet doors', 'O\'Brien "x" `y` ${z} */ </', '😀 👩‍💻', 'a\u00a0b'])
      expect(holdsHiddenCharacters(text), text).toBe(false);
  });
});
