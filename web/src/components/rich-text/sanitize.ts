// The console's own allow-list for rich text (security S10). The server cleans notice content on
// write (server/src/core/sanitize-html.ts); the console still never trusts stored HTML: it parses
// it with DOMParser (an inert document: nothing runs, nothing loads) and keeps only the elements,
// attributes, URLs and styles below, as plain data that SafeHtml turns into React elements. No
// HTML string from the server is ever injected.

/** A cleaned node: text, or an allowed element with allowed attributes. */
export type CleanNode = string | CleanElement;

export interface CleanElement {
  tag: string;
  attributes: Record<string, string>;
  children: CleanNode[];
}

const ALLOWED = new Set(
  (
    'p br hr div span b strong i em u s strike del ins sub sup small mark h1 h2 h3 h4 h5 h6 ' +
    'blockquote pre code ul ol li dl dt dd a img table thead tbody tfoot tr th td caption colgroup col ' +
    'figure figcaption'
  ).split(' '),
);

/** Elements that go with everything inside them (code, embeds, forms); others keep their text. */
const DROP_CONTENT = new Set(
  (
    'script style iframe frame frameset object embed applet template noscript noembed noframes ' +
    'textarea select option xmp plaintext title head svg math button form input canvas audio video ' +
    'source track base link meta'
  ).split(' '),
);

const GLOBAL_ATTRIBUTES = new Set(['title', 'class', 'style', 'dir', 'lang']);
const ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  a: new Set(['href', 'target']),
  img: new Set(['src', 'alt', 'width', 'height']),
  ol: new Set(['start']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan', 'scope']),
  col: new Set(['span']),
  colgroup: new Set(['span']),
};

const CSS_PROPERTIES = new Set([
  'color',
  'background-color',
  'text-align',
  'text-decoration',
  'text-indent',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'vertical-align',
  'width',
  'max-width',
  'margin-left',
  'padding-left',
]);

/**
 * A link (or, with `image`, a picture's) address that cannot run script: http(s), mailto, tel or
 * relative; pictures also raster data: URLs. Null for anything else (javascript:, data:text/html, …).
 */
export function safeUrl(raw: string, image: boolean): string | null {
  // The parser has decoded character references; control and invisible characters are how
  // "java\tscript:" slips past naive checks, so they go before the scheme is read.
  // eslint-disable-next-line no-control-regex
  const url = raw.replace(/[\u0000-\u0020\u007f-\u009f\u200b-\u200f\ufeff]/g, '');
  if (url === '' || url.startsWith('\\') || url.startsWith('//')) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return url;
  if (scheme === 'http' || scheme === 'https') return url;
  if (!image && (scheme === 'mailto' || scheme === 'tel')) return url;
  if (image && /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=]+$/i.test(url)) return url;
  return null;
}

/** Only the listed properties, with values made of words, numbers and colours. */
function safeStyle(raw: string): string | null {
  const kept: string[] = [];
  for (const part of raw.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (!CSS_PROPERTIES.has(property) || value === '') continue;
    if (!/^[-#%.,()\w\s]*$/.test(value) || /url|expression|javascript/i.test(value)) continue;
    kept.push(`${property}: ${value}`);
  }
  return kept.length > 0 ? kept.join('; ') : null;
}

function cleanAttribute(tag: string, name: string, value: string): string | null {
  if (!GLOBAL_ATTRIBUTES.has(name) && !ATTRIBUTES[tag]?.has(name)) return null;
  switch (name) {
    case 'href':
      return safeUrl(value, false);
    case 'src':
      return safeUrl(value, true);
    case 'style':
      return safeStyle(value);
    case 'target':
      return value === '_blank' ? '_blank' : null;
    case 'class':
      return /^[\w\s-]*$/.test(value) ? value : null;
    default:
      return value;
  }
}

function cleanChildren(parent: Node): CleanNode[] {
  const out: CleanNode[] = [];
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent ?? '';
      if (text !== '') out.push(text);
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue; // comments, processing instructions
    const element = node as Element;
    const tag = element.localName.toLowerCase();
    if (DROP_CONTENT.has(tag) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') continue;
    if (!ALLOWED.has(tag)) {
      out.push(...cleanChildren(element)); // an unknown wrapper: its text stays
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const attribute of Array.from(element.attributes)) {
      const clean = cleanAttribute(tag, attribute.name.toLowerCase(), attribute.value);
      if (clean !== null) attributes[attribute.name.toLowerCase()] = clean;
    }
    out.push({
      tag,
      attributes,
      children: tag === 'br' || tag === 'hr' || tag === 'img' ? [] : cleanChildren(element),
    });
  }
  return out;
}

/** Parses rich text into cleaned nodes; empty for empty input. */
export function cleanHtml(html: string | null | undefined): CleanNode[] {
  if (!html) return [];
  const document = new DOMParser().parseFromString(html, 'text/html');
  return cleanChildren(document.body);
}
