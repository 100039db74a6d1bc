import { randomInt, randomUUID } from 'node:crypto';
import type { Cache } from '../../core/cache/index.js';

// Image captchas for the captcha grant: an SVG of four characters with noise, the code kept in the
// shared cache for five minutes and good for one attempt (security S7), in any server process.

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I/L
const LENGTH = 4;
export const CAPTCHA_TTL_SECONDS = 300;
const WIDTH = 120;
const HEIGHT = 40;

export const captchaKey = (key: string) => `captcha:${key}`;

const pick = <T>(items: readonly T[]) => items[randomInt(items.length)]!;
const colour = () => `hsl(${randomInt(360)},55%,${randomInt(25, 45)}%)`;

export function renderCaptcha(code: string): string {
  const step = WIDTH / (code.length + 1);
  const glyphs = [...code]
    .map((ch, i) => {
      const x = Math.round(step * (i + 0.6) + randomInt(-3, 4));
      const y = randomInt(26, 33);
      const angle = randomInt(-25, 26);
      return `<text x="${x}" y="${y}" transform="rotate(${angle} ${x} ${y})" font-size="${randomInt(22, 28)}" font-family="monospace" font-weight="bold" fill="${colour()}">${ch}</text>`;
    })
    .join('');
  const noise = Array.from({ length: 5 }, () => {
    const d = `M${randomInt(WIDTH)} ${randomInt(HEIGHT)} Q${randomInt(WIDTH)} ${randomInt(HEIGHT)} ${randomInt(WIDTH)} ${randomInt(HEIGHT)}`;
    return `<path d="${d}" stroke="${colour()}" stroke-width="${randomInt(1, 3)}" fill="none"/>`;
  }).join('');
  const dots = Array.from(
    { length: 30 },
    () => `<circle cx="${randomInt(WIDTH)}" cy="${randomInt(HEIGHT)}" r="1" fill="${colour()}"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f4f6f8"/>${dots}${noise}${glyphs}</svg>`;
}

export class Captchas {
  constructor(private readonly cache: Cache) {}

  async issue(): Promise<{ key: string; image: string }> {
    const code = Array.from({ length: LENGTH }, () => pick([...ALPHABET])).join('');
    const key = randomUUID();
    await this.cache.set(captchaKey(key), code.toLowerCase(), CAPTCHA_TTL_SECONDS);
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(renderCaptcha(code)).toString('base64')}` };
  }

  /** True once for the right code; the captcha is used up by any attempt, right or wrong. */
  async check(key: string, code: string): Promise<boolean> {
    if (!key || !code) return false;
    const expected = await this.cache.take(captchaKey(key));
    return expected !== null && expected === code.trim().toLowerCase();
  }
}
