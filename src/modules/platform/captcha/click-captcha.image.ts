import { onFirstUse } from '../../../shared/on-first-use';
import { ClickCaptchaChallenge, GlyphPlacement, hslToHex, Random } from './domain/click-captcha.layout';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with the first image
const sharp = onFirstUse(() => require('sharp') as (typeof import('sharp'))['default']);

/** Debian's fonts-noto-cjk; the generic family is only a last resort. */
export const CAPTCHA_FONT_FAMILY = "'Noto Sans CJK SC', 'Noto Sans CJK', sans-serif";

/**
 * Vertical offset from the centre of a glyph's em square to its baseline, as a fraction of the font size:
 * Noto Sans CJK's ideographic em box spans 0.88 em above the baseline and 0.12 em below it.
 */
const BASELINE_BELOW_CENTRE = 0.38;

const round = (n: number) => Math.round(n * 100) / 100;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function between(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}

/** One glyph: drawn centred on (cx, cy) and rotated about that centre, so it stays inside its box. */
export function glyphElement(glyph: GlyphPlacement): string {
  const baseline = glyph.cy + BASELINE_BELOW_CENTRE * glyph.size;
  return (
    `<text x="${round(glyph.cx)}" y="${round(baseline)}" font-family="${CAPTCHA_FONT_FAMILY}" font-weight="bold" ` +
    `font-size="${glyph.size}" text-anchor="middle" transform="rotate(${glyph.angle} ${round(glyph.cx)} ${round(glyph.cy)})" ` +
    `fill="${glyph.color}" stroke="#ffffff" stroke-opacity="0.85" stroke-width="1.2" paint-order="stroke">${escapeXml(glyph.text)}</text>`
  );
}

/** A light gradient, fractal noise, curves and dots: texture that defeats naive segmentation. */
export function backgroundElements(width: number, height: number, random: Random): string {
  const light = () => hslToHex(Math.floor(random() * 360), 40 + Math.floor(random() * 40), 86 + Math.floor(random() * 8));
  const mid = () => hslToHex(Math.floor(random() * 360), 30 + Math.floor(random() * 40), 45 + Math.floor(random() * 25));
  const parts: string[] = [
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="${round(random())}"><stop offset="0" stop-color="${light()}"/><stop offset="1" stop-color="${light()}"/></linearGradient>`,
    `<filter id="noise" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${round(between(random, 0.02, 0.06))}" numOctaves="3" seed="${Math.floor(random() * 10000)}"/>`,
    '<feColorMatrix type="matrix" values="0 0 0 0 0.35  0 0 0 0 0.45  0 0 0 0 0.55  0 0 0 0.9 -0.3"/></filter>',
    '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<rect width="${width}" height="${height}" filter="url(#noise)"/>`,
  ];
  const curves = 4 + Math.floor(random() * 3);
  for (let i = 0; i < curves; i++) {
    const y = () => round(random() * height);
    const x = (from: number, to: number) => round(between(random, from * width, to * width));
    parts.push(
      `<path d="M${x(-0.1, 0.2)} ${y()} C ${x(0.2, 0.5)} ${y()}, ${x(0.5, 0.8)} ${y()}, ${x(0.8, 1.1)} ${y()}" ` +
        `stroke="${mid()}" stroke-width="${round(between(random, 1, 2.5))}" fill="none" opacity="${round(between(random, 0.35, 0.6))}"/>`,
    );
  }
  const dots = 40 + Math.floor(random() * 25);
  for (let i = 0; i < dots; i++) {
    parts.push(
      `<circle cx="${round(random() * width)}" cy="${round(random() * height)}" r="${round(between(random, 0.8, 2.4))}" ` +
        `fill="${mid()}" opacity="${round(between(random, 0.3, 0.65))}"/>`,
    );
  }
  return parts.join('');
}

export function captchaSvg(challenge: ClickCaptchaChallenge, random: Random): string {
  const { width, height } = challenge;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    backgroundElements(width, height, random) +
    challenge.glyphs.map(glyphElement).join('') +
    '</svg>'
  );
}

/** Rasterises an SVG document (fonts resolved through fontconfig) to PNG. */
export function svgToPng(svg: string): Promise<Buffer> {
  return sharp()(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

export async function renderClickCaptcha(challenge: ClickCaptchaChallenge, random: Random): Promise<Buffer> {
  return svgToPng(captchaSvg(challenge, random));
}
