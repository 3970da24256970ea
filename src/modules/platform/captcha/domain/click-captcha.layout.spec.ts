import { boxesOverlap } from './click-captcha.geometry';
import { CAPTCHA_CHARACTERS, CAPTCHA_LATIN_LETTERS, captchaCharactersFor, ClickCaptchaChallenge, DEFAULT_CLICK_CAPTCHA_OPTIONS, hslToHex, layoutClickCaptcha, pickCharacters } from './click-captcha.layout';
import { seededRandom } from './seeded-random';

function expectWellFormed(challenge: ClickCaptchaChallenge): void {
  const { width, height, glyphs } = challenge;
  expect(glyphs).toHaveLength(DEFAULT_CLICK_CAPTCHA_OPTIONS.length + DEFAULT_CLICK_CAPTCHA_OPTIONS.confuseLength);
  expect(new Set(glyphs.map((g) => g.text)).size).toBe(glyphs.length);
  for (const [i, glyph] of glyphs.entries()) {
    expect(glyph.box.x).toBeGreaterThanOrEqual(0);
    expect(glyph.box.x + glyph.box.width).toBeLessThanOrEqual(width);
    expect(glyph.box.y - glyph.box.height).toBeGreaterThanOrEqual(0);
    expect(glyph.box.y).toBeLessThanOrEqual(height);
    expect(Math.abs(glyph.angle)).toBeLessThanOrEqual(DEFAULT_CLICK_CAPTCHA_OPTIONS.maxAngle);
    expect(glyph.color).toMatch(/^#[0-9a-f]{6}$/);
    for (const other of glyphs.slice(i + 1)) expect(boxesOverlap(glyph.box, other.box)).toBe(false);
  }
}

describe('click captcha layout', () => {
  it('places two targets and two decoys inside the image, none overlapping, over many draws', () => {
    const random = seededRandom(42);
    for (let i = 0; i < 300; i++) {
      const challenge = layoutClickCaptcha(random);
      expect(challenge).toMatchObject({ width: 350, height: 200, length: 2 });
      expectWellFormed(challenge);
    }
  });

  it('varies positions, sizes, angles and characters between draws', () => {
    const random = seededRandom(7);
    const draws = Array.from({ length: 20 }, () => layoutClickCaptcha(random).glyphs[0]);
    expect(new Set(draws.map((g) => Math.round(g.cx))).size).toBeGreaterThan(10);
    expect(new Set(draws.map((g) => g.size)).size).toBeGreaterThan(3);
    expect(new Set(draws.map((g) => g.angle)).size).toBeGreaterThan(5);
    expect(new Set(draws.map((g) => g.text)).size).toBeGreaterThan(10);
  });

  it('falls back to a grid when random placement keeps colliding, still without overlap', () => {
    // A generator stuck on one value would put every glyph on the same spot.
    const stuck = () => 0.5;
    const challenge = layoutClickCaptcha(stuck);
    expectWellFormed(challenge);
  });

  it('is repeatable for a given seed', () => {
    expect(layoutClickCaptcha(seededRandom(3))).toEqual(layoutClickCaptcha(seededRandom(3)));
  });

  it('picks distinct characters from the set', () => {
    const picked = pickCharacters(seededRandom(1), 10);
    expect(new Set(picked).size).toBe(10);
    for (const c of picked) expect(CAPTCHA_CHARACTERS).toContain(c);
    expect(() => pickCharacters(seededRandom(1), 3, ['a', 'b'])).toThrow(RangeError);
  });

  it('holds only single CJK ideographs', () => {
    expect(CAPTCHA_CHARACTERS.length).toBeGreaterThan(200);
    for (const c of CAPTCHA_CHARACTERS) expect(c).toMatch(/^[\u4e00-\u9fff]$/);
  });

  it('converts HSL to hex', () => {
    expect(hslToHex(0, 100, 50)).toBe('#ff0000');
    expect(hslToHex(120, 100, 25)).toBe('#008000');
    expect(hslToHex(240, 100, 50)).toBe('#0000ff');
    expect(hslToHex(0, 0, 100)).toBe('#ffffff');
  });
});

describe('the characters of a reader', () => {
  it('given English, when a captcha is laid out, then its glyphs are Latin capitals; any other language gets Chinese characters', () => {
    expect(captchaCharactersFor('en')).toBe(CAPTCHA_LATIN_LETTERS);
    expect(captchaCharactersFor('zh-cn')).toBe(CAPTCHA_CHARACTERS);
    expect(captchaCharactersFor(undefined)).toBe(CAPTCHA_CHARACTERS);
    const challenge = layoutClickCaptcha(seededRandom(7), DEFAULT_CLICK_CAPTCHA_OPTIONS, CAPTCHA_LATIN_LETTERS);
    expect(challenge.glyphs).toHaveLength(4);
    for (const glyph of challenge.glyphs) expect(glyph.text).toMatch(/^[A-Z]$/);
  });
});
