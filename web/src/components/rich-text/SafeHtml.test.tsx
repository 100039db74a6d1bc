import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { safeUrl } from './sanitize';
import { SafeHtml } from './SafeHtml';

const shown = (html: string) => renderToStaticMarkup(<SafeHtml html={html} />);

describe('the rich-text renderer (security S10)', () => {
  it('keeps formatting, text and safe links', () => {
    expect(
      shown(
        '<h2>标题</h2><p><strong>粗</strong> <em>斜</em></p><ul><li>一</li></ul><a href="https://x.cn/a?b=1">链接</a>',
      ),
    ).toBe(
      '<div class="rich-text-content"><h2>标题</h2><p><strong>粗</strong> <em>斜</em></p><ul><li>一</li></ul>' +
        '<a href="https://x.cn/a?b=1">链接</a></div>',
    );
  });

  it('drops scripts, event handlers and script URLs however they are written', () => {
    const out = shown(
      '<p>before<script>alert(1)</script>after</p>' +
        '<img src="x.png" onerror="alert(2)">' +
        '<img src="javascript:alert(3)">' +
        '<a href="javascript:alert(4)" onclick="alert(5)">a</a>' +
        '<a href="jav&#x61;script:alert(6)">b</a>' +
        '<a href=" java\tscript:alert(7)">c</a>' +
        '<svg onload="alert(8)"><circle /></svg><iframe src="https://evil"></iframe>' +
        '<p style="color: red; background-image: url(javascript:alert(9))">styled</p>' +
        '<a href="https://ok.cn" target="_blank">new window</a>' +
        '<custom-tag>kept text</custom-tag>',
    );
    expect(out).not.toMatch(/script|alert|onerror|onclick|onload|iframe|svg|url\(/i);
    expect(out).toContain('<p>beforeafter</p>');
    expect(out).toContain('<img src="x.png"/>');
    expect(out).toContain('<a>a</a><a>b</a><a>c</a>');
    expect(out).toContain('<p style="color:red">styled</p>');
    expect(out).toContain('<a href="https://ok.cn" target="_blank" rel="noopener noreferrer">new window</a>');
    expect(out).toContain('kept text');
  });

  it('allows only http(s), mailto, tel and relative links; images also raster data URLs', () => {
    expect(safeUrl('/oss/local/1/a.png', true)).toBe('/oss/local/1/a.png');
    expect(safeUrl('mailto:a@b.cn', false)).toBe('mailto:a@b.cn');
    expect(safeUrl('mailto:a@b.cn', true)).toBeNull();
    expect(safeUrl('data:image/png;base64,iVBORw0=', true)).toBe('data:image/png;base64,iVBORw0=');
    expect(safeUrl('data:text/html;base64,PHNjcmlwdD4=', true)).toBeNull();
    expect(safeUrl('vbscript:msgbox', false)).toBeNull();
    expect(safeUrl('//evil.example/x', false)).toBeNull();
  });

  it('shows nothing for empty content', () => {
    expect(shown('')).toBe('<div class="rich-text-content"></div>');
  });
});
