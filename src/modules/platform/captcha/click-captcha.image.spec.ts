import sharp from 'sharp';
import { captchaSvg, glyphElement, renderClickCaptcha, svgToPng } from './click-captcha.image';
import { GlyphPlacement, layoutClickCaptcha } from './domain/click-captcha.layout';
import { seededRandom } from './domain/seeded-random';

/** The bounding box of the pixels a lone glyph actually paints. */
async function inkBounds(glyph: GlyphPlacement, width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${glyphElement(glyph)}</svg>`;
  const { data, info } = await sharp(await svgToPng(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[(y * info.width + x) * info.channels + 3] > 24) {
        left = Math.min(left, x);
        right = Math.max(right, x + 1);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y + 1);
      }
    }
  }
  return { left, top, right, bottom };
}

describe('click captcha image', () => {
  it('renders a PNG of the challenge size', async () => {
    const random = seededRandom(11);
    const png = await renderClickCaptcha(layoutClickCaptcha(random), random);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 350, height: 200 });
  });

  it('draws a textured background, not a flat fill', async () => {
    const random = seededRandom(12);
    const challenge = { ...layoutClickCaptcha(random), glyphs: [] };
    const stats = await sharp(await svgToPng(captchaSvg(challenge, random))).stats();
    for (const channel of stats.channels.slice(0, 3)) expect(channel.stdev).toBeGreaterThan(3);
  });

  it('draws every glyph inside its hit box, and the box is not much larger than the glyph', async () => {
    const random = seededRandom(13);
    for (let round = 0; round < 8; round++) {
      const challenge = layoutClickCaptcha(random);
      for (const glyph of challenge.glyphs) {
        const ink = await inkBounds(glyph, challenge.width, challenge.height);
        expect(Number.isFinite(ink.left)).toBe(true);
        const { x, y, width, height } = glyph.box;
        // One pixel of slack for anti-aliasing at the edges.
        expect(ink.left).toBeGreaterThanOrEqual(Math.floor(x) - 1);
        expect(ink.right).toBeLessThanOrEqual(Math.ceil(x + width) + 1);
        expect(ink.top).toBeGreaterThanOrEqual(Math.floor(y - height) - 1);
        expect(ink.bottom).toBeLessThanOrEqual(Math.ceil(y) + 1);
        const inkArea = (ink.right - ink.left) * (ink.bottom - ink.top);
        expect(inkArea / (width * height)).toBeGreaterThan(0.4);
      }
    }
  });

  it('uses the Noto CJK font, not a fallback without the glyphs', async () => {
    // A missing font renders tofu or nothing; a real ideograph has strokes with holes, so its ink
    // covers a clearly partial share of its bounds.
    const glyph: GlyphPlacement = { text: '库', cx: 50, cy: 50, size: 40, angle: 0, color: '#000000', box: { x: 30, y: 70, width: 40, height: 40 } };
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">${glyphElement(glyph)}</svg>`;
    const stats = await sharp(await svgToPng(svg)).ensureAlpha().extractChannel(3).stats();
    const share = stats.channels[0].mean / 255 / 0.16; // ink share of the 40×40 cell within the 100×100 image
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.7);
  });

  it('escapes text for SVG', () => {
    const glyph: GlyphPlacement = { text: '<&>', cx: 1, cy: 1, size: 30, angle: 0, color: '#000000', box: { x: 0, y: 0, width: 0, height: 0 } };
    expect(glyphElement(glyph)).toContain('&#60;&#38;&#62;</text>');
  });
});
