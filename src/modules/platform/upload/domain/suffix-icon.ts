import { AjaxError } from '../../ajax/domain/ajax-errors';

/**
 * The file icon of `ajax/buildSuffixSvg`: a page with a folded corner that
 * shows the first four characters of a file suffix in capitals, on a colour given by the caller or derived
 * from the suffix. Everything placed in the SVG is built here: the text is escaped, the colour re-written.
 */

export const MAX_SUFFIX_CHARS = 4;
const DEFAULT_SUFFIX = 'FILE';

/** The characters shown: no dots in front, no control characters or spaces, at most four, upper case. */
export function suffixText(suffix: string | undefined): string {
  const cleaned = Array.from((suffix ?? '').replace(/^\.+/, ''))
    .filter((char) => !/[\p{C}\p{Z}\s]/u.test(char))
    .slice(0, MAX_SUFFIX_CHARS)
    .join('')
    .toUpperCase();
  return cleaned || DEFAULT_SUFFIX;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Adler-32 of the UTF-8 bytes: a stable number per suffix, so each suffix keeps its colour. */
export function adler32(text: string): number {
  let a = 1;
  let b = 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return (b * 65536 + a) >>> 0;
}

/** HSV (hue in degrees, saturation and value 0–1) → rgb(r,g,b). */
export function hsvToRgb(hue: number, saturation: number, value: number): string {
  const h = ((hue % 360) + 360) % 360;
  const c = value * saturation;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = value - c;
  const [r, g, b] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  const to255 = (part: number) => Math.round((part + m) * 255);
  return `rgb(${to255(r)},${to255(g)},${to255(b)})`;
}

/**
 * The colour of a suffix when the caller gives none: its hue from the suffix's Adler-32. Saturation and value
 * are a little deeper than BuildAdmin's pastel (0.3 / 0.9) so the white letters stay readable.
 */
export function suffixColour(text: string): string {
  return hsvToRgb(adler32(text.toLowerCase()) % 360, 0.55, 0.78);
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i;
const RGBA = /^rgba\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(0|1|0?\.\d{1,3}|1\.0{1,3})\s*\)$/i;

/**
 * A background the caller asked for, re-written from its parsed parts: `#rgb`, `#rrggbb`, `rgb(r,g,b)` or
 * `rgba(r,g,b,a)` with channels 0–255 and alpha 0–1. Anything else (names, url(), expressions) is null.
 */
export function parseBackground(text: string): string | null {
  const value = text.trim();
  if (value.length > 40) return null;
  const hex = HEX.exec(value);
  if (hex) return `#${hex[1].toLowerCase()}`;
  const rgba = RGBA.exec(value) ?? RGB.exec(value);
  if (!rgba) return null;
  const channels = rgba.slice(1, 4).map(Number);
  if (channels.some((channel) => channel > 255)) return null;
  return rgba[4] === undefined ? `rgb(${channels.join(',')})` : `rgba(${channels.join(',')},${Number(rgba[4])})`;
}

/** The SVG document. `background` must come from parseBackground or suffixColour. */
export function suffixIconSvg(text: string, background: string): string {
  const size = [0, 18, 17, 14, 11][Array.from(text).length] ?? 11;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="56" viewBox="0 0 48 56">',
    `<path d="M5 0h27l16 16v35a5 5 0 0 1-5 5H5a5 5 0 0 1-5-5V5a5 5 0 0 1 5-5z" fill="${background}"/>`,
    '<path d="M32 0l16 16H37a5 5 0 0 1-5-5z" fill="#fff" fill-opacity="0.4"/>',
    `<text x="24" y="43" fill="#fff" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" text-anchor="middle">${escapeXml(text)}</text>`,
    '</svg>',
  ].join('');
}

/** The icon for a requested suffix and optional background; a background that does not parse is refused. */
export function buildSuffixIcon(suffix: string | undefined, background?: string): string {
  const text = suffixText(suffix);
  if (background === undefined || background === '') return suffixIconSvg(text, suffixColour(text));
  const colour = parseBackground(background);
  if (!colour) throw new AjaxError('invalid_background');
  return suffixIconSvg(text, colour);
}
