import { randomInt, randomUUID } from 'node:crypto';
import type { Cache } from '../../core/cache/index.js';

// Image captchas for the captcha grant (security S7): five characters (BladeX's length: the
// SpringBlade console's form asks for exactly five) drawn as glyph outlines
// (svg-captcha's font, read through opentype.js), never as <text>, so the answer is not in the
// markup. Each glyph is bent by its own random rotation, scale and skew baked into its
// coordinates, its segments split at random points (no two renderings of a letter share a path
// shape or command sequence), and the glyphs sit among noise curves and dots. The code is kept in
// the shared cache for five minutes and is good for one attempt, in any server process.
// See docs/decisions/0013-sign-in-defences.md.

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I/L
export const CAPTCHA_LENGTH = 5;
export const CAPTCHA_TTL_SECONDS = 300;
/**
 * The image's size (issue 45: 120×40 was hard to read). Its contract is a data URI of an SVG with a
 * viewBox, so a page that shows it smaller or larger (Saber's form) scales it whole.
 */
export const CAPTCHA_WIDTH = 180;
export const CAPTCHA_HEIGHT = 60;
const WIDTH = CAPTCHA_WIDTH;
const HEIGHT = CAPTCHA_HEIGHT;
const FONT_SIZE = 42;
/** How much larger than the 120×40 image it was first drawn for: the jitters and noise scale by it. */
const SCALE = HEIGHT / 40;

export const captchaKey = (key: string) => `captcha:${key}`;

/** The parts of opentype.js's Font that svg-captcha loads and exposes as `options.font`. */
interface Command {
  type: 'M' | 'L' | 'Q' | 'C' | 'Z';
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
}
interface GlyphFont {
  charToGlyph(ch: string): {
    index: number;
    getPath(
      x: number,
      y: number,
      size: number,
    ): { commands: Command[]; getBoundingBox(): { x1: number; y1: number; x2: number; y2: number } };
  };
}

// svg-captcha parses its font with opentype.js as it is imported: about 0.8 MB of code and the
// font's glyphs. They load with the first captcha, not at start, so a process that never draws one
// (an API worker, a device gateway) does not hold them (docs/benchmarks.md, "Idle memory").
let glyphFont: Promise<GlyphFont> | undefined;
const loadFont = (): Promise<GlyphFont> =>
  (glyphFont ??= import('svg-captcha').then(
    (module) => (module.default.options as unknown as { font: GlyphFont }).font,
  ));

type Point = [number, number];

/** A random number in [min, max). */
const uniform = (min: number, max: number) => min + (randomInt(1_000_000) / 1_000_000) * (max - min);
const pick = <T>(items: readonly T[]) => items[randomInt(items.length)]!;
const colour = (lightness: [number, number]) =>
  `hsl(${randomInt(360)},${randomInt(40, 70)}%,${randomInt(...lightness)}%)`;
const num = (n: number) => n.toFixed(1);
const pt = ([x, y]: Point) => `${num(x)} ${num(y)}`;
const lerp = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** One glyph's outline as path data, bent and split at random, centred on (cx, cy). */
function glyphPath(font: GlyphFont, ch: string, cx: number, cy: number): string {
  const outline = font.charToGlyph(ch).getPath(0, 0, FONT_SIZE);
  const box = outline.getBoundingBox();
  const ox = (box.x1 + box.x2) / 2;
  const oy = (box.y1 + box.y2) / 2;
  const angle = (uniform(-28, 28) * Math.PI) / 180;
  const sx = uniform(0.8, 1.15);
  const sy = uniform(0.85, 1.2);
  const skew = uniform(-0.3, 0.3);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const place = (x: number, y: number): Point => {
    const u = (x - ox) * sx + (y - oy) * skew;
    const v = (y - oy) * sy;
    const wobble = 0.35 * SCALE;
    return [
      cx + u * cos - v * sin + uniform(-wobble, wobble),
      cy + u * sin + v * cos + uniform(-wobble, wobble),
    ];
  };

  const out: string[] = [];
  let current: Point = [cx, cy];
  for (const c of outline.commands) {
    if (c.type === 'Z') {
      out.push('Z');
      continue;
    }
    const end = place(c.x!, c.y!);
    if (c.type === 'M') {
      out.push(`M${pt(end)}`);
    } else if (c.type === 'L') {
      // A straight edge as one to three pieces, sometimes a faint curve.
      const pieces = randomInt(1, 4);
      for (let i = 1; i <= pieces; i++) {
        const to = lerp(current, end, i / pieces);
        if (randomInt(3) === 0) {
          const mid = lerp(current, end, (i - 0.5) / pieces);
          const bend = 0.6 * SCALE;
          out.push(`Q${pt([mid[0] + uniform(-bend, bend), mid[1] + uniform(-bend, bend)])} ${pt(to)}`);
        } else out.push(`L${pt(to)}`);
      }
    } else if (c.type === 'Q') {
      const control = place(c.x1!, c.y1!);
      if (randomInt(2) === 0) out.push(`Q${pt(control)} ${pt(end)}`);
      else {
        // Split the curve at a random t (de Casteljau): the same shape, another command sequence.
        const t = uniform(0.3, 0.7);
        const a = lerp(current, control, t);
        const b = lerp(control, end, t);
        const m = lerp(a, b, t);
        out.push(`Q${pt(a)} ${pt(m)}`, `Q${pt(b)} ${pt(end)}`);
      }
    } else {
      out.push(`C${pt(place(c.x1!, c.y1!))} ${pt(place(c.x2!, c.y2!))} ${pt(end)}`);
    }
    current = end;
  }
  return out.join(' ');
}

function renderCaptcha(font: GlyphFont, code: string): string {
  const step = WIDTH / (code.length + 1);
  const glyphs = [...code].map((ch, i) => {
    const d = glyphPath(
      font,
      ch,
      step * (i + 1) + uniform(-4 * SCALE, 4 * SCALE),
      HEIGHT / 2 + uniform(-3 * SCALE, 3 * SCALE),
    );
    // The font draws letters as thin sketched strokes: a stroke of the same colour thickens them.
    const ink = colour([20, 40]);
    return `<path d="${d}" fill="${ink}" fill-rule="nonzero" stroke="${ink}" stroke-width="${num(uniform(1, 1.6))}" stroke-linejoin="round"/>`;
  });
  const curves = Array.from({ length: randomInt(3, 6) }, () => {
    const x = (fraction: number) => fraction * WIDTH;
    const d = `M${pt([uniform(0, x(0.125)), uniform(2, HEIGHT - 2)])} C${pt([uniform(x(1 / 6), x(0.5)), uniform(0, HEIGHT)])} ${pt([uniform(x(0.5), x(5 / 6)), uniform(0, HEIGHT)])} ${pt([uniform(x(0.875), WIDTH), uniform(2, HEIGHT - 2)])}`;
    return `<path d="${d}" stroke="${colour([25, 55])}" stroke-width="${num(uniform(0.8, 1.4))}" fill="none"/>`;
  });
  const dots = Array.from(
    { length: Math.round(40 * SCALE * SCALE) },
    () =>
      `<circle cx="${num(uniform(0, WIDTH))}" cy="${num(uniform(0, HEIGHT))}" r="${num(uniform(0.5, 1.4))}" fill="${colour([45, 75])}"/>`,
  );
  // Glyphs and curves in random order: the markup's order tells nothing either.
  const shapes = [...glyphs, ...curves];
  for (let i = shapes.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [shapes[i], shapes[j]] = [shapes[j]!, shapes[i]!];
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f4f6f8"/>${dots.join('')}${shapes.join('')}</svg>`;
}

/** A code and its image; the code is never spelled anywhere in the image's markup. */
async function newCaptcha(): Promise<{ code: string; svg: string }> {
  const font = await loadFont();
  for (;;) {
    const code = Array.from({ length: CAPTCHA_LENGTH }, () => pick([...ALPHABET])).join('');
    const svg = renderCaptcha(font, code);
    // Guard against chance (markup words such as "path" or "rect" are possible codes): draw again.
    if (!/<text/i.test(svg) && !svg.toLowerCase().includes(code.toLowerCase())) return { code, svg };
  }
}

export class Captchas {
  constructor(private readonly cache: Cache) {}

  async issue(): Promise<{ key: string; image: string }> {
    const { code, svg } = await newCaptcha();
    const key = randomUUID();
    await this.cache.set(captchaKey(key), code.toLowerCase(), CAPTCHA_TTL_SECONDS);
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** True once for the right code; the captcha is used up by any attempt, right or wrong. */
  async check(key: string, code: string): Promise<boolean> {
    if (!key || !code) return false;
    const expected = await this.cache.take(captchaKey(key));
    return expected !== null && expected === code.trim().toLowerCase();
  }
}
