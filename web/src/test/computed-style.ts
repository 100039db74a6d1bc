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
// - Anything else (sizes, padding, overflow, pointer-events …): the element's inline style, else the
//   property's initial value (INITIAL_VALUE below), else ''. Delegating those to jsdom cost as much
//   as the role queries did: antd reads a table's padding and width, a textarea's font metrics and a
//   dialog's transform on every render, and each read ran jsdom's cascade over antd's stylesheet
//   (CrudPage.test.tsx: 62 s → 16 s). jsdom lays nothing out, so the stylesheet's sizes were never
//   real anyway.
//
// What it does not see: any rule of a stylesheet. An element hidden only by a stylesheet
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
  const valueOf = (element: Element, pseudo: boolean, property: string): string => {
    const answer = answered.get(property);
    if (answer) return answer(element, pseudo);
    return inlineValue(element, property) || (INITIAL_VALUE[property] ?? '');
  };

  window.getComputedStyle = function getComputedStyle(element: Element, pseudoElement?: string | null) {
    // Not an element: let jsdom throw its TypeError.
    if (!(element instanceof window.Element)) return real(element, pseudoElement);
    const pseudo = !!pseudoElement;
    const target = Object.create(window.CSSStyleDeclaration.prototype) as CSSStyleDeclaration;
    return new Proxy(target, {
      get(_target, key) {
        if (typeof key !== 'string') return undefined;
        if (key === 'getPropertyValue') return (property: string) => valueOf(element, pseudo, property);
        if (key === 'getPropertyPriority') return () => '';
        if (key === 'length') return 0;
        if (key === 'item') return () => '';
        if (key === 'cssText') return '';
        return valueOf(element, pseudo, kebab(key));
      },
    });
  } as typeof window.getComputedStyle;
}

/** `overflowY` → `overflow-y`, `cssFloat` → `float`. */
function kebab(property: string): string {
  if (property === 'cssFloat') return 'float';
  return property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * What a property reads when no inline style sets it: CSS's initial value, as a browser reports it
 * for an element no stylesheet touches. jsdom lays nothing out, so a size read from a stylesheet
 * would be as meaningless as the 0 that offsetWidth already gives; only the shape of the value
 * matters to the code that parses it (antd's table width, a textarea's autosize, a popup's
 * scroll containers).
 */
const INITIAL_VALUE: Record<string, string> = {
  width: 'auto',
  height: 'auto',
  'box-sizing': 'content-box',
  overflow: 'visible',
  'overflow-x': 'visible',
  'overflow-y': 'visible',
  position: 'static',
  'pointer-events': 'auto',
  opacity: '1',
  transform: 'none',
  'line-height': 'normal',
  'font-size': '16px',
  'letter-spacing': 'normal',
  'text-indent': '0px',
  'text-transform': 'none',
  'word-break': 'normal',
  'white-space': 'normal',
  'z-index': 'auto',
  ...Object.fromEntries(
    ['top', 'right', 'bottom', 'left'].flatMap((side) => [
      [`padding-${side}`, '0px'],
      [`margin-${side}`, '0px'],
      [`border-${side}-width`, '0px'],
    ]),
  ),
};

if (typeof window !== 'undefined') installFastComputedStyle(window);
