import { describe, expect, it } from 'vitest';
import { safeUrl, sanitizeHtml } from '../../src/core/sanitize-html.js';

describe('sanitizeHtml (security S10)', () => {
  it('keeps the formatting an editor produces', () => {
    const html =
      '<h2>标题</h2><p style="text-align: center; color: rgb(255, 0, 0)">正文 <strong>粗体</strong> <em>斜体</em></p>' +
      '<ul><li>一</li><li>二</li></ul><table><tbody><tr><td colspan="2">格</td></tr></tbody></table>' +
      '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank">链接</a><img src="/oss/local/x.png" alt="图"></p>';
    expect(sanitizeHtml(html)).toBe(
      '<h2>标题</h2><p style="text-align: center; color: rgb(255, 0, 0)">正文 <strong>粗体</strong> <em>斜体</em></p>' +
        '<ul><li>一</li><li>二</li></ul><table><tbody><tr><td colspan="2">格</td></tr></tbody></table>' +
        '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">链接</a><img src="/oss/local/x.png" alt="图"></p>',
    );
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<p onclick="alert(1)" onmouseover=x>t</p>', '<p>t</p>'],
    ['<img src=x onerror=alert(1)>', '<img src="x">'],
    ['<a href="javascript:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="JaVaScRiPt:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="jav&#x61;script:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="jav&#97;script&colon;alert(1)">a</a>', '<a>a</a>'],
    ['<a href=" java\tscript:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="vbscript:x">a</a>', '<a>a</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">a</a>', '<a>a</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img>'],
    ['<iframe src="https://evil"></iframe><object data="x"></object><embed src="x">', ''],
    ['<svg onload=alert(1)><circle/></svg>after', 'after'],
    ['<style>body{background:url(javascript:x)}</style>s', 's'],
    ['<div style="background:url(https://evil/x.png)">d</div>', '<div>d</div>'],
    ['<div style="width: expression(alert(1))">d</div>', '<div>d</div>'],
    [
      '<p title="&quot; onmouseover=&quot;alert(1)">q</p>',
      '<p title="&quot; onmouseover=&quot;alert(1)">q</p>',
    ],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    ['<!-- <script>alert(1)</script> -->c', 'c'],
    ['<form action="x"><input value="y"></form>f', 'f'],
    ['<p>unclosed <b>bold', '<p>unclosed <b>bold</b></p>'],
    ['</div>stray', 'stray'],
    ['a < b & c', 'a &lt; b &amp; c'],
    ['<marquee>m</marquee>', 'm'],
  ])('cleans %s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it('allows only http(s), mailto, tel, relative and raster data: addresses', () => {
    expect(safeUrl('https://a.b', false)).toBe('https://a.b');
    expect(safeUrl('/x/y', true)).toBe('/x/y');
    expect(safeUrl('mailto:a@b.c', false)).toBe('mailto:a@b.c');
    expect(safeUrl('mailto:a@b.c', true)).toBeNull();
    expect(safeUrl('data:image/png;base64,AAAA', true)).toBe('data:image/png;base64,AAAA');
    expect(safeUrl('data:image/png;base64,AAAA', false)).toBeNull();
    expect(safeUrl('file:///etc/passwd', false)).toBeNull();
  });
});
