import { describe, expect, it } from 'vitest';
import { embeddableSource, sandboxFor } from '.';

describe('the iframe page', () => {
  it('embeds only web addresses, the console’s own paths included', () => {
    expect(embeddableSource('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(embeddableSource('/static/report.html')).toBe(`${location.origin}/static/report.html`);
    expect(embeddableSource('javascript:alert(1)')).toBeUndefined();
    expect(embeddableSource('data:text/html,<p>x</p>')).toBeUndefined();
    expect(embeddableSource('  ')).toBeUndefined();
    expect(embeddableSource(null)).toBeUndefined();
  });

  it('keeps another site’s origin but never lets a page of the console’s origin keep its own', () => {
    expect(sandboxFor('https://example.com/').split(' ')).toContain('allow-same-origin');
    const own = sandboxFor(`${location.origin}/static/report.html`).split(' ');
    expect(own).not.toContain('allow-same-origin');
    expect(own).toContain('allow-scripts');
    expect(own).not.toContain('allow-top-navigation');
  });
});
