// The console's cleaning of rich text (security S10). The server cleans notice content on
// write (server/src/core/sanitize-html.ts); the console still never trusts stored HTML: it parses
// it with DOMParser (an inert document: nothing runs, nothing loads) and keeps only the elements,
// attributes, URLs and styles of the shared allow-list (@console/contract, rich-text-policy.ts, the
// server's too), as plain data that SafeHtml turns into React elements. No HTML string from the
// server is ever injected.

import {
  RICH_TEXT_DROP_CONTENT_TAGS,
  RICH_TEXT_TAGS,
  RICH_TEXT_VOID_TAGS,
  cleanAttribute,
  safeUrl,
} from '@console/contract/rich-text-policy';

/** A cleaned node: text, or an allowed element with allowed attributes. */
export type CleanNode = string | CleanElement;

export interface CleanElement {
  tag: string;
  attributes: Record<string, string>;
  children: CleanNode[];
}

/**
 * A link (or, with `image`, a picture's) address that cannot run script: http(s), mailto, tel or
 * relative; pictures also raster data: URLs. Null for anything else (javascript:, data:text/html, …).
 * The parser has decoded character references already.
 */
export { safeUrl };

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
    if (RICH_TEXT_DROP_CONTENT_TAGS.has(tag) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml')
      continue;
    if (!RICH_TEXT_TAGS.has(tag)) {
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
      children: RICH_TEXT_VOID_TAGS.has(tag) ? [] : cleanChildren(element),
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
