// A fast `window.getComputedStyle` for the jsdom tests, installed for every web-unit test file by
// vitest.config.ts (setupFiles); in the node environment, where there is no window, it does nothing.
//
// Why: antd injects its whole CSS-in-JS stylesheet into the document, and jsdom's getComputedStyle
// matches every rule of it against the element, and again for every ancestor to resolve inherited
// properties (visibility, pointer-events, colour). testing-library's role queries ask it for
// every candidate element and each of its ancestors (is it hidden?), and dom-accessibility-api for
// every child while computing an accessible name (display, for the space between words): one
// page test spent 17.7 s of its 20.5 s in 239 of those calls.
//
// What it answers without a stylesheet, which is all those libraries ask:
// - `display`: the element's inline style; else `none` for the `hidden` attribute, for
//   `<input type="hidden">` and for antd's hiding classes (a class ending in `-hidden`, such as
//   ant-tabs-tabpane-hidden, ant-select-dropdown-hidden, ant-menu-submenu-hidden, which antd
//   styles `display: none`); else the browser's default for the tag (jsdom's own default
//   stylesheet, asked once per tag on an element in an empty document).
// - `visibility`: the nearest inline `visibility` of the element or an ancestor (it is
//   inherited), or `hidden` for the few antd classes styled `visibility: hidden` (INVISIBLE_CLASS
//   below); else `visible`.
// - `content` of a pseudo-element: `none` (jsdom implements no pseudo-elements).
// Anything else (sizes, padding, overflow, colours, pointer-events …) is delegated to jsdom's real
// implementation the first time it is read, so antd's own measurements behave as before.
//
// What it does not see: any other rule of a stylesheet. An element hidden only by a stylesheet
// rule (a class not ending in `-hidden`, `opacity: 0`, a descendant selector, a media query) counts
// as visible, and a stylesheet's `display: flex` on a `<span>` counts as the tag's `inline` (that
// only changes the spaces inside an accessible name). A test that means "the user cannot see this"
// should assert what a screen reader gets: an aria attribute, or a role query's `hidden` option.

type StyleReader = (element: Element, pseudoElement?: string | null) => CSSStyleDeclaration;

/**
 * antd classes styled `visibility: hidden` rather than `display: none`: an input's clear icon with
 * nothing to clear, the tabs' overflow button while nothing overflows, and a tree table's expand
 * button kept on a leaf row only to indent it.
 */
const INVISIBLE_CLASS = /-(clear-icon-hidden|nav-operations-hidden|row-expand-icon-spaced)$/;
/** Classes ending in `-hidden` that antd does not use to hide the element itself. */
const NOT_HIDING_CLASS = /-(required-mark|splitter-panel)-hidden$/;

function hidingClass(element: Element): 'display' | 'visibility' | undefined {
  for (const name of element.classList) {
    if (INVISIBLE_CLASS.test(name)) return 'visibility';
    if (name.endsWith('-hidden') && !NOT_HIDING_CLASS.test(name)) return 'display';
  }
  return undefined;
}

function inlineValue(element: Element, property: string): string {
  const style = (element as HTMLElement).style as CSSStyleDeclaration | undefined;
  const value = style?.getPropertyValue(property) ?? '';
  return value === 'inherit' || value === 'initial' || value === 'unset' ? '' : value;
}

export function installFastComputedStyle(window: Window & typeof globalThis): void {
  const real: StyleReader = window.getComputedStyle.bind(window);
  const blankDocument = window.document.implementation.createHTMLDocument('');
  const defaultDisplay = new Map<string, string>();

  const tagDisplay = (element: Element): string => {
    const key = `${element.namespaceURI ?? ''} ${element.localName}`;
    let display = defaultDisplay.get(key);
    if (display === undefined) {
      const blank = blankDocument.createElementNS(element.namespaceURI, element.localName);
      display = real(blank).display || 'inline';
      defaultDisplay.set(key, display);
    }
    return display;
  };

  const display = (element: Element): string => {
    const inline = inlineValue(element, 'display');
    if (inline) return inline;
    if (element.hasAttribute('hidden')) return 'none';
    if (element.localName === 'input' && element.getAttribute('type')?.toLowerCase() === 'hidden')
      return 'none';
    if (hidingClass(element) === 'display') return 'none';
    return tagDisplay(element);
  };

  const visibility = (element: Element): string => {
    for (let current: Element | null = element; current; current = current.parentElement) {
      const inline = inlineValue(current, 'visibility');
      if (inline) return inline;
      if (hidingClass(current) === 'visibility') return 'hidden';
    }
    return 'visible';
  };

  const answered = new Map<string, (element: Element, pseudo: boolean) => string>([
    ['display', (element, pseudo) => (pseudo ? 'none' : display(element))],
    ['visibility', (element) => visibility(element)],
    ['content', (element, pseudo) => (pseudo ? 'none' : inlineValue(element, 'content') || 'normal')],
  ]);

  window.getComputedStyle = function getComputedStyle(element: Element, pseudoElement?: string | null) {
    // Not an element: let jsdom throw its TypeError.
    if (!(element instanceof window.Element)) return real(element, pseudoElement);
    const pseudo = !!pseudoElement;
    let resolved: CSSStyleDeclaration | undefined;
    // jsdom implements no pseudo-elements and logs "Not implemented" when asked for one: the
    // delegated properties of a pseudo-element are the element's own.
    const full = () => (resolved ??= real(element));
    const known = (property: string) => answered.get(property);

    return new Proxy(Object.create(window.CSSStyleDeclaration.prototype) as CSSStyleDeclaration, {
      get(_target, key) {
        if (typeof key === 'string') {
          const answer = known(key);
          if (answer) return answer(element, pseudo);
          if (key === 'getPropertyValue') {
            return (property: string) => {
              const own = known(property);
              return own ? own(element, pseudo) : full().getPropertyValue(property);
            };
          }
        }
        const style = full();
        const value: unknown = Reflect.get(style, key, style);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(style) : value;
      },
      has: (_target, key) => Reflect.has(full(), key),
      ownKeys: () => Reflect.ownKeys(full()),
      getOwnPropertyDescriptor(_target, key) {
        const descriptor = Reflect.getOwnPropertyDescriptor(full(), key);
        return descriptor && { ...descriptor, configurable: true };
      },
    });
  } as typeof window.getComputedStyle;
}

if (typeof window !== 'undefined') installFastComputedStyle(window);
