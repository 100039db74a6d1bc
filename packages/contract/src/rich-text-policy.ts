// The rich-text allow-list (security S10), shared by the server, which cleans notice content on
// write (server/src/core/sanitize-html.ts: the sanitize-html library, configured from this list),
// and the console, which cleans stored HTML again before showing it
// (web/src/components/rich-text/sanitize.ts, DOMParser). One policy: the elements, attributes, URLs
// and styles listed here. The functions take values whose character references are already decoded
// (both parsers decode them).

/** Elements kept (with their allowed attributes); any other element is dropped but its text stays. */
export const RICH_TEXT_TAGS: ReadonlySet<string> = new Set(
  (
    'p br hr div span b strong i em u s strike del ins sub sup small mark h1 h2 h3 h4 h5 h6 ' +
    'blockquote pre code ul ol li dl dt dd a img table thead tbody tfoot tr th td caption colgroup col ' +
    'figure figcaption'
  ).split(' '),
);

/** Allowed elements that have no content and no end tag. */
export const RICH_TEXT_VOID_TAGS: ReadonlySet<string> = new Set(['br', 'hr', 'img', 'col']);

/** Elements that go with everything inside them (code, embeds, forms); others keep their text. */
export const RICH_TEXT_DROP_CONTENT_TAGS: ReadonlySet<string> = new Set(
  (
    'script style iframe frame frameset object embed applet template noscript noembed noframes ' +
    'textarea select option xmp plaintext title head svg math button form input canvas audio video ' +
    'source track base link meta'
  ).split(' '),
);

/** Attributes allowed on every kept element. */
export const RICH_TEXT_GLOBAL_ATTRIBUTES: ReadonlySet<string> = new Set([
  'title',
  'class',
  'style',
  'dir',
  'lang',
]);

/** Attributes allowed on one element only. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, ReadonlySet<string>>> = {
  a: new Set(['href', 'target']),
  img: new Set(['src', 'alt', 'width', 'height']),
  ol: new Set(['start']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan', 'scope']),
  col: new Set(['span']),
  colgroup: new Set(['span']),
};

/** CSS properties kept in a style attribute. */
export const RICH_TEXT_CSS_PROPERTIES: ReadonlySet<string> = new Set([
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
 * relative; pictures also raster data: URLs. Null for anything else (javascript:, data:text/html,
 * protocol-relative //host, …). `url` has its character references decoded already.
 */
export function safeUrl(url: string, image: boolean): string | null {
  // Control and invisible characters are how "java\tscript:" slips past naive checks, so they go
  // before the scheme is read.
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f\u200b-\u200f\ufeff]/g, '');
  // Browsers read /\host and \host like //host: another site, not a path of this one.
  if (cleaned === '' || /^[/\\]{2}|^\\/.test(cleaned)) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase();
  if (scheme === undefined) return cleaned;
  if (scheme === 'http' || scheme === 'https') return cleaned;
  if (!image && (scheme === 'mailto' || scheme === 'tel')) return cleaned;
  if (image && /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=]+$/i.test(cleaned)) return cleaned;
  return null;
}

/**
 * A style attribute (decoded) reduced to the listed properties, with values made of words,
 * numbers, colours and lists of them: nothing that loads or evaluates. Null when nothing is left.
 */
export function safeStyle(style: string): string | null {
  const kept: string[] = [];
  for (const part of style.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (!RICH_TEXT_CSS_PROPERTIES.has(property) || value === '') continue;
    if (!/^[-#%.,()\w\s]*$/.test(value) || /url|expression|javascript|\\|@import/i.test(value)) continue;
    kept.push(`${property}: ${value}`);
  }
  return kept.length > 0 ? kept.join('; ') : null;
}

/**
 * The value to keep for attribute `name` (lower case) of an allowed element `tag` (lower case), or
 * null to drop it. `value` has its character references decoded already; the result is plain text
 * (the caller escapes it when it writes HTML).
 */
export function cleanAttribute(tag: string, name: string, value: string): string | null {
  if (!RICH_TEXT_GLOBAL_ATTRIBUTES.has(name) && !RICH_TEXT_ATTRIBUTES[tag]?.has(name)) return null;
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
