// Rich text from the console (notice content) is cleaned on the server before it is stored
// (security S10): an allow-list of elements and attributes, re-serialised from scratch, so what
// comes out is well-formed and holds no script, no event handler, no javascript: (or other
// non-allowed) URL and no style that can load or run anything. Elements outside the list are
// dropped but their text is kept, except for those whose content is code or embeds (script,
// style, iframe, …), which go with their content.

const ALLOWED = new Set([
  'p',
  'br',
  'hr',
  'div',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'sub',
  'sup',
  'small',
  'big',
  'mark',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
  'figure',
  'figcaption',
]);
const VOID = new Set(['br', 'hr', 'img', 'col']);
/** Dropped together with everything inside them. */
const DROP_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'select',
  'option',
  'xmp',
  'plaintext',
  'title',
  'head',
  'svg',
  'math',
  'button',
  'form',
  'input',
  'canvas',
  'audio',
  'video',
  'source',
  'track',
  'base',
  'link',
  'meta',
]);

const GLOBAL_ATTRS = new Set(['title', 'class', 'style', 'align', 'dir', 'lang']);
const ATTRS: Record<string, Set<string>> = {
  a: new Set(['href', 'target', 'rel', 'name']),
  img: new Set(['src', 'alt', 'width', 'height']),
  font: new Set(['color', 'size', 'face']),
  ol: new Set(['start', 'type']),
  ul: new Set(['type']),
  td: new Set(['colspan', 'rowspan', 'width', 'height', 'valign']),
  th: new Set(['colspan', 'rowspan', 'width', 'height', 'valign', 'scope']),
  table: new Set(['border', 'cellpadding', 'cellspacing', 'width']),
  col: new Set(['span', 'width']),
  colgroup: new Set(['span', 'width']),
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
  'font-family',
  'line-height',
  'letter-spacing',
  'vertical-align',
  'width',
  'height',
  'max-width',
  'margin',
  'margin-left',
  'margin-right',
  'margin-top',
  'margin-bottom',
  'padding',
  'padding-left',
  'padding-right',
  'padding-top',
  'padding-bottom',
  'border',
  'border-collapse',
  'border-color',
  'border-style',
  'border-width',
  'white-space',
  'float',
]);

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

/** A link or image address: http(s), mailto, tel, relative, or (images) a raster data: URL. */
export function safeUrl(raw: string, image: boolean): string | null {
  // eslint-disable-next-line no-control-regex
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f\u200b-\u200f\ufeff]/g, '');
  if (url === '') return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return url.startsWith('\\') ? null : url;
  if (['http', 'https'].includes(scheme)) return url;
  if (!image && ['mailto', 'tel'].includes(scheme)) return url;
  if (image && /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=]+$/i.test(url)) return url;
  return null;
}

function safeStyle(raw: string): string | null {
  const declarations: string[] = [];
  for (const part of decodeEntities(raw).split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (!CSS_PROPERTIES.has(property) || value === '') continue;
    // Values are words, numbers, colours and lists of them: nothing that loads or evaluates.
    if (!/^[-#%.,()\w\s"']*$/.test(value) || /url\s*\(|expression|javascript|\\|@import/i.test(value))
      continue;
    declarations.push(`${property}: ${value}`);
  }
  return declarations.length > 0 ? declarations.join('; ') : null;
}

function cleanAttribute(tag: string, name: string, value: string): string | null {
  if (!GLOBAL_ATTRS.has(name) && !ATTRS[tag]?.has(name)) return null;
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
    case 'face':
      return /^[\w\s,"'-]*$/.test(value) ? decodeEntities(value) : null;
    default:
      return decodeEntities(value);
  }
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

    if (DROP_CONTENT.has(tag)) {
      if (!closing) {
        const end = input.toLowerCase().indexOf(`</${tag}`, i);
        const endGt = end < 0 ? -1 : input.indexOf('>', end);
        i = endGt < 0 ? n : endGt + 1;
      }
      continue;
    }
    if (!ALLOWED.has(tag)) continue;
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
      const clean = cleanAttribute(tag, name, value);
      if (clean !== null) attrs += ` ${name}="${escapeAttr(clean)}"`;
    }
    if (tag === 'a' && seen.has('target')) attrs += ' rel="noopener noreferrer"';
    out += `<${tag}${attrs}>`;
    if (!VOID.has(tag)) open.push(tag);
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
