import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5 } from './md5';

describe('md5', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['admin', '21232f297a57a5a743894a0e4a801fc3'],
    // RFC 1321, appendix A.5
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
    // Chinese text is hashed as UTF-8, as the server and other BladeX clients do.
    ['中文', 'a7bac2239fcdcb3a067903d8077c4a07'],
    ['锁屏密码', md5OfNode('锁屏密码')],
  ])('md5(%j) = %s', (text, digest) => {
    expect(md5(text)).toBe(digest);
  });

  it('agrees with node:crypto around the 64-byte block boundaries and for 4-byte characters', () => {
    for (let length = 50; length <= 130; length++) {
      const text = 'x'.repeat(length);
      expect(md5(text), `length ${length}`).toBe(md5OfNode(text));
    }
    for (const text of ['😀', 'pässwörd', '𠮷野家', 'a'.repeat(1000) + '中']) {
      expect(md5(text), text).toBe(md5OfNode(text));
    }
  });
});

function md5OfNode(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}
