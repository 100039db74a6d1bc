import { describe, expect, it } from 'vitest';
import { readSocialCallback } from './social-callback';

describe('readSocialCallback', () => {
  it('reads source, code and state from the query', () => {
    expect(readSocialCallback('?source=github&code=abc&state=xyz')).toEqual({
      source: 'github',
      code: 'abc',
      state: 'xyz',
    });
  });

  it.each(['', '?source=github', '?code=abc&state=xyz', '?source=github&code=abc&state=', '?redirect=/x'])(
    'finds no callback in %j',
    (search) => {
      expect(readSocialCallback(search)).toBeUndefined();
    },
  );
});
