import { describe, expect, it } from 'vitest';
import { formatBytes, isImageExtension } from './format';

describe('attachment formats', () => {
  it('shows sizes as people read them', () => {
    expect(formatBytes(70)).toBe('70 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(null)).toBe('');
  });

  it('previews only pictures', () => {
    expect(isImageExtension('PNG')).toBe(true);
    expect(isImageExtension('pdf')).toBe(false);
    expect(isImageExtension(null)).toBe(false);
  });
});
