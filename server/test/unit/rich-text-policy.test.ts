import { cleanAttribute, safeStyle, safeUrl } from '@console/contract/rich-text-policy';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/core/sanitize-html.js';

// The allow-list shared by the server and the console (security S10): where the two copies used to
// differ, the stricter rule holds on both sides.
describe('the shared rich-text policy', () => {
  it('refuses protocol-relative and backslash addresses', () => {
    expect(safeUrl('//evil.example/x', false)).toBeNull();
    expect(safeUrl('/\\evil.example/x', false)).toBeNull();
    expect(safeUrl('\\\\evil.example/x', false)).toBeNull();
    expect(safeUrl('/notices/1', false)).toBe('/notices/1');
    expect(safeUrl(' //evil.example/x', true)).toBeNull();
    expect(safeUrl('\\\\evil.example\\x', false)).toBeNull();
    expect(safeUrl('/x/y', false)).toBe('/x/y');
  });

  it('keeps only word, number and colour values of the listed properties', () => {
    expect(safeStyle('color: red; text-align: center')).toBe('color: red; text-align: center');
    expect(safeStyle('font-family: "Times New Roman"')).toBeNull();
    expect(safeStyle("color: 'red'")).toBeNull();
    expect(safeStyle('color: re\\64')).toBeNull();
    expect(safeStyle('color: red; background: url(x)')).toBe('color: red');
    expect(safeStyle('border: 1px solid red; margin: 0')).toBeNull();
  });

  it('keeps only the attributes both sides allowed', () => {
    expect(cleanAttribute('p', 'align', 'center')).toBeNull();
    expect(cleanAttribute('a', 'rel', 'nofollow')).toBeNull();
    expect(cleanAttribute('a', 'name', 'x')).toBeNull();
    expect(cleanAttribute('font', 'face', 'Arial')).toBeNull();
    expect(cleanAttribute('table', 'border', '1')).toBeNull();
    expect(cleanAttribute('td', 'colspan', '2')).toBe('2');
    expect(cleanAttribute('a', 'target', '_blank')).toBe('_blank');
  });

  it('applies on the server as on the console', () => {
    expect(sanitizeHtml('<font face="Arial" color="red">f</font><big>b</big>')).toBe('fb');
    expect(sanitizeHtml('<p align="center">c</p>')).toBe('<p>c</p>');
    expect(sanitizeHtml('<a href="//evil.example/x">a</a>')).toBe('<a>a</a>');
    expect(sanitizeHtml('<a href="https://a.b" target="_blank" rel="nofollow">a</a>')).toBe(
      '<a href="https://a.b" target="_blank" rel="noopener noreferrer">a</a>',
    );
  });
});
