// How a text of a code record is written into a generated file (issue 44, item 3): one function per
// place it lands. A comment and a string literal take any text, escaped so that it stays a comment
// or a string; a name (an identifier, a path, a key) is never escaped: the plan refuses one that is
// not a name (plan.ts). No generated file puts a text in JSX (the page is a CRUD-kit configuration),
// so there is no function for it. Every other part of a generated file is the generator's own.

/**
 * Characters that end a line in JavaScript (LF, CR, U+2028, U+2029: ECMA-262's LineTerminator),
 * the other control characters (C0, DEL, C1 with U+0085, which editors take for a line break), the
 * bidirectional embeddings, overrides and isolates that show a line other than it reads (Trojan
 * Source, CVE-2021-42574), and halves of a surrogate pair without their other half.
 */
const HIDDEN = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;

/** Whether a text holds a character of HIDDEN: such titles and labels are refused at submit. */
export const holdsHiddenCharacters = (text: string): boolean => HIDDEN.test(text);

const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

/**
 * The text inside a line comment (`// …`) or a block comment (`/* … *\/`, `/** … *\/`): every
 * HIDDEN character becomes a space, so the comment ends only where the generator ends it, and
 * `*\/` is broken up, so a block comment does too.
 */
export const commentText = (text: string): string => text.replace(HIDDEN_ALL, ' ').replace(/\*\//g, '* /');

/** The short escapes; any other character to escape is written as `\uXXXX`. */
const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

const ESCAPED = new RegExp(`[\\\\']|${HIDDEN.source}`, 'gu');

/**
 * A single-quoted string literal whose value is exactly the text: the backslash and the quote
 * escaped, and every HIDDEN character as an escape (a raw CR or LF cannot stand in a literal; the
 * others would be read wrongly by a person or a tool). Double quotes, backquotes, `${`, `*\/` and
 * `</` mean nothing inside single quotes.
 */
export const stringLiteral = (text: string): string =>
  `'${text.replace(ESCAPED, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;

/** An ASCII identifier of JavaScript: what the generator writes as a variable, type or property name. */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The name as it is when it is an identifier, else the refusal: a name is written unescaped, so
 * one that is not a name never reaches a file.
 */
export function identifier(name: string, refusal: () => Error): string {
  if (!IDENTIFIER.test(name)) throw refusal();
  return name;
}
