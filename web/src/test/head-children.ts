// A fast `document.head.children` for the jsdom tests, installed for every web-unit test file by
// vitest.config.ts (setupFiles); in the node environment, where there is no window, it does nothing.
//
// Why: antd's CSS-in-JS (and its icons) look for their own <style> elements before adding one, with
// `Array.from(document.head.children)`, once per style they register. jsdom's HTMLCollection is a
// Proxy that answers every property read it does not know, `length` included, by searching the
// collection for an element of that id or name: each lookup walks the head's hundreds of <style>
// elements once per element, and the page tests spent about a tenth of their time there.
//
// What changes: the head's `children` is an array of its element children taken when asked (not a
// live collection). Everything the tests and the libraries do with it (iterate, index, filter) works
// alike; a caller that kept it and expected it to grow would see the old list.

export function installFastHeadChildren(window: Window & typeof globalThis): void {
  Object.defineProperty(window.HTMLHeadElement.prototype, 'children', {
    configurable: true,
    get(this: HTMLHeadElement) {
      const elements: Element[] = [];
      for (let child = this.firstElementChild; child; child = child.nextElementSibling) elements.push(child);
      return elements;
    },
  });
}

if (typeof window !== 'undefined') installFastHeadChildren(window);
