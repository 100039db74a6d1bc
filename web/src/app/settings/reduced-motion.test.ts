import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemPrefersReducedMotion } from './reduced-motion';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('systemPrefersReducedMotion', () => {
  it('asks the browser for the reduced-motion media feature', () => {
    const queries: string[] = [];
    for (const matches of [true, false]) {
      vi.stubGlobal('window', {
        matchMedia: (query: string) => {
          queries.push(query);
          return { matches };
        },
      });
      expect(systemPrefersReducedMotion()).toBe(matches);
    }
    expect(queries).toEqual(['(prefers-reduced-motion: reduce)', '(prefers-reduced-motion: reduce)']);
  });

  it('is off where the browser cannot tell', () => {
    vi.stubGlobal('window', {});
    expect(systemPrefersReducedMotion()).toBe(false);
  });
});
