import { afterEach, describe, expect, it } from 'vitest';

// ./computed-style.ts is installed for every web-unit file by vitest.config.ts (setupFiles).

function place(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body;
}
const byId = (id: string) => document.getElementById(id)!;

afterEach(() => {
  document.body.innerHTML = '';
  document.head.querySelectorAll('style').forEach((style) => style.remove());
});

describe('the test setup’s getComputedStyle', () => {
  it('answers display from the inline style, the hidden attribute, antd’s -hidden classes and the tag', () => {
    place(`
      <div id="block"></div><span id="inline"></span><li id="item"></li>
      <span id="styled" style="display: flex"></span>
      <div id="attr" hidden></div><input id="input" type="hidden">
      <div id="pane" class="ant-tabs-tabpane ant-tabs-tabpane-hidden"></div>
      <div id="shown" class="ant-tabs-tabpane-hidden" style="display: block"></div>
      <label id="mark" class="ant-form-item-required ant-form-item-required-mark-hidden"></label>`);
    const display = (id: string) => getComputedStyle(byId(id)).display;

    expect(display('block')).toBe('block');
    expect(display('inline')).toBe('inline');
    expect(display('item')).toBe('list-item');
    expect(display('styled')).toBe('flex');
    expect(display('attr')).toBe('none');
    expect(display('input')).toBe('none');
    expect(display('pane')).toBe('none');
    expect(display('shown')).toBe('block'); // an inline style beats a class
    expect(display('mark')).toBe('inline'); // only its required mark is hidden
    expect(getComputedStyle(byId('pane')).getPropertyValue('display')).toBe('none');
  });

  it('inherits visibility through the ancestors’ inline styles and antd’s invisible classes', () => {
    place(`
      <div style="visibility: hidden"><p><span id="inside"></span></p>
        <span id="again" style="visibility: visible"></span></div>
      <button id="leaf" class="ant-table-row-expand-icon ant-table-row-expand-icon-spaced"></button>
      <span id="plain"></span>`);
    const visibility = (id: string) => getComputedStyle(byId(id)).visibility;

    expect(visibility('inside')).toBe('hidden');
    expect(visibility('again')).toBe('visible');
    expect(visibility('leaf')).toBe('hidden');
    expect(visibility('plain')).toBe('visible');
    expect(getComputedStyle(byId('inside')).getPropertyValue('visibility')).toBe('hidden');
  });

  it('sees no stylesheet: inline styles, else the initial value a browser reports', () => {
    const style = document.createElement('style');
    style.textContent = '.gone { display: none } .wide { padding-left: 12px; box-sizing: border-box }';
    document.head.append(style);
    place('<div id="gone" class="gone"></div><div id="wide" class="wide" style="width: 30px"></div>');

    expect(getComputedStyle(byId('gone')).display).toBe('block'); // what it does not see
    const wide = getComputedStyle(byId('wide'));
    expect(wide.getPropertyValue('padding-left')).toBe('0px');
    expect(wide.boxSizing).toBe('content-box');
    expect(wide.width).toBe('30px');
    expect(wide.overflowY).toBe('visible');
    expect(wide.getPropertyValue('colour-of-nothing')).toBe('');
    expect(wide).toBeInstanceOf(CSSStyleDeclaration);
  });

  it('gives pseudo-elements no content, without asking jsdom (which implements none)', () => {
    place('<span id="text">x</span>');
    const before = getComputedStyle(byId('text'), '::before');
    expect(before.getPropertyValue('content')).toBe('none');
    expect(before.display).toBe('none');
  });
});
