import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, avatarProblem } from '.';

describe('the avatar check', () => {
  it('takes jpg and png up to 500 KB', () => {
    expect(AVATAR_MAX_BYTES).toBe(500 * 1024);
    expect(avatarProblem({ type: 'image/jpeg', name: 'a.jpg', size: AVATAR_MAX_BYTES })).toBeUndefined();
    expect(avatarProblem({ type: 'image/png', name: 'a.png', size: 1 })).toBeUndefined();
    // Without a type from the browser, the extension decides.
    expect(avatarProblem({ type: '', name: 'a.JPEG', size: 1 })).toBeUndefined();
  });

  it('refuses other types first, then larger files', () => {
    expect(avatarProblem({ type: 'image/gif', name: 'a.gif', size: 1 })).toBe('type');
    expect(avatarProblem({ type: 'image/webp', name: 'a.png', size: 1 })).toBe('type');
    expect(avatarProblem({ type: '', name: 'a.bmp', size: 1 })).toBe('type');
    expect(avatarProblem({ type: 'image/gif', name: 'a.gif', size: AVATAR_MAX_BYTES + 1 })).toBe('type');
    expect(avatarProblem({ type: 'image/png', name: 'a.png', size: AVATAR_MAX_BYTES + 1 })).toBe('size');
  });
});
