import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROP_CONTENT_TAGS,
  RICH_TEXT_GLOBAL_ATTRIBUTES,
  RICH_TEXT_TAGS,
  RICH_TEXT_VOID_TAGS,
  cleanAttribute,
} from '@console/contract/rich-text-policy';
import { createRequire } from 'node:module';
import type sanitize from 'sanitize-html';

// Rich text from the console (notice content) is cleaned on the server before it is stored
// (security S10) by sanitize-html, a maintained sanitiser, configured from the shared allow-list
// (@console/contract, rich-text-policy.ts), which the console applies too. What comes out is
// re-serialised from the allowed elements and attributes only, with text and attribute values
// escaped. Elements outside the list are dropped but their text is kept, except those whose
// content is code or embeds (script, style, iframe, svg, …), which go with their content.

/**
 * A link (or, with `image`, a picture's) address that cannot run script; null for anything else.
 * The shared rule; the parser has decoded character references before it is applied.
 */
export { safeUrl } from '@console/contract/rich-text-policy';

/**
 * Every attribute of an allowed element through the policy (its URL, style, class and target rules
 * included); the parser has decoded the values. A link that opens a new tab gets `rel`, so the page
 * it opens cannot reach back through window.opener.
 */
function cleanAttributes(tag: string, attribs: sanitize.Attributes): sanitize.Attributes {
  const kept: sanitize.Attributes = {};
  // Only elements the policy lists: it looks tags up in a plain object, where `constructor` exists.
  if (!RICH_TEXT_TAGS.has(tag)) return kept;
  for (const [name, value] of Object.entries(attribs)) {
    const clean = cleanAttribute(tag, name, value);
    if (clean !== null) kept[name] = clean;
  }
  if (tag === 'a' && kept.target !== undefined) kept.rel = 'noopener noreferrer';
  return kept;
}

// The library's own attribute and URL checks repeat the policy's, after it: a second line, not
// another rule. `rel` is the one attribute written here rather than taken from the input.
const allowedAttributes: Record<string, string[]> = { '*': [...RICH_TEXT_GLOBAL_ATTRIBUTES] };
for (const [tag, names] of Object.entries(RICH_TEXT_ATTRIBUTES)) allowedAttributes[tag] = [...names];
allowedAttributes.a!.push('rel');

// sanitize-html (with htmlparser2 and postcss) loads with the first notice written, not at start.
// It is CommonJS: require() keeps sanitizeHtml synchronous.
const require = createRequire(import.meta.url);
let loaded: typeof sanitize | undefined;
const sanitizer = (): typeof sanitize => (loaded ??= require('sanitize-html') as typeof sanitize);

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  // Runs before the library's checks, on every element.
  transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: cleanAttributes(tagName, attribs) }) },
  allowedAttributes,
  nonTextTags: [...RICH_TEXT_DROP_CONTENT_TAGS],
  disallowedTagsMode: 'discard',
  selfClosing: [...RICH_TEXT_VOID_TAGS],
  // safeUrl's schemes (it also limits data: to raster images).
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  // safeStyle has reduced the style; the library's CSS parser would only re-format it.
  parseStyleAttributes: false,
};

/** Cleans rich text; an empty result for input that holds nothing allowed. */
export function sanitizeHtml(input: string): string {
  return sanitizer()(input, OPTIONS);
}
