import {
  RICH_TEXT_DROP_CONTENT_TAGS,
  RICH_TEXT_TAGS,
  RICH_TEXT_VOID_TAGS,
  cleanAttribute,
  safeUrl as policySafeUrl,
} from '@console/contract/rich-text-policy';

// Rich text from the console (notice content) is cleaned on the server before it is stored
// (security S10): an allow-list of elements and attributes, re-serialised from scratch, so what
// comes out is well-formed and holds no script, no event handler, no javascript: (or other
// non-allowed) URL and no style that can load or run anything. Elements outside the list are
// dropped but their text is kept, except for those whose content is code or embeds (script,
// style, iframe, …), which go with their content. The policy (elements, attributes, URLs,
// styles) is the one the console applies too (@console/contract, rich-text-policy.ts); it works on
// decoded values, so attribute values are decoded here first.

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
};

/** Character references decoded (enough to see through `jav&#x61;script:`). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * A link or image address as written in the HTML (character references not yet decoded): http(s),
 * mailto, tel, relative, or (images) a raster data: URL; null for anything else. The rule is the
 * shared allow-list's (@console/contract, rich-text-policy.ts).
 */
export function safeUrl(raw: string, image: boolean): string | null {
  return policySafeUrl(decodeEntities(raw), image);
}

const ATTRIBUTE = /[\s/]*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;

/** Cleans rich text; an empty result for input that holds nothing allowed. */
export function sanitizeHtml(input: string): string {
  let out = '';
  let i = 0;
  const open: string[] = [];
  const n = input.length;
  const text = (s: string) => {
    // Keep character references as they are; escape everything else that could start markup.
    out += s
      .replace(/&(?!(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);)/gi, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;');
  };
  while (i < n) {
    const lt = input.indexOf('<', i);
    if (lt < 0) {
      text(input.slice(i));
      break;
    }
    text(input.slice(i, lt));
    i = lt;
    if (input.startsWith('<!--', i)) {
      const end = input.indexOf('-->', i + 4);
      i = end < 0 ? n : end + 3;
      continue;
    }
    if (input[i + 1] === '!' || input[i + 1] === '?') {
      const end = input.indexOf('>', i);
      i = end < 0 ? n : end + 1;
      continue;
    }
    const tagMatch = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(input.slice(i, i + 64));
    if (!tagMatch) {
      text('<');
      i += 1;
      continue;
    }
    const closing = tagMatch[1] === '/';
    const tag = tagMatch[2]!.toLowerCase();
    // Attributes up to the closing '>', honouring quotes.
    let j = i + tagMatch[0].length;
    const attributes: Array<[string, string]> = [];
    for (;;) {
      ATTRIBUTE.lastIndex = j;
      const m = ATTRIBUTE.exec(input);
      if (!m || m.index !== j) break;
      attributes.push([m[1]!.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '']);
      j = ATTRIBUTE.lastIndex;
    }
    const gt = input.indexOf('>', j);
    i = gt < 0 ? n : gt + 1;

    if (RICH_TEXT_DROP_CONTENT_TAGS.has(tag)) {
      if (!closing) {
        const end = input.toLowerCase().indexOf(`</${tag}`, i);
        const endGt = end < 0 ? -1 : input.indexOf('>', end);
        i = endGt < 0 ? n : endGt + 1;
      }
      continue;
    }
    if (!RICH_TEXT_TAGS.has(tag)) continue;
    if (closing) {
      const at = open.lastIndexOf(tag);
      if (at < 0) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    let attrs = '';
    const seen = new Set<string>();
    for (const [name, value] of attributes) {
      if (seen.has(name)) continue;
      seen.add(name);
      const clean = cleanAttribute(tag, name, decodeEntities(value));
      if (clean !== null) attrs += ` ${name}="${escapeAttr(clean)}"`;
    }
    if (tag === 'a' && seen.has('target')) attrs += ' rel="noopener noreferrer"';
    out += `<${tag}${attrs}>`;
    if (!RICH_TEXT_VOID_TAGS.has(tag)) open.push(tag);
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
