import {
  boxesOverlap,
  clicksHitTargets,
  isInsideBox,
  parseClickInfo,
  rescaleClicks,
  rotatedGlyphBox,
  solvesChallenge,
  TargetBox,
} from './click-captcha.geometry';

describe('click captcha geometry', () => {
  describe('parseClickInfo', () => {
    it('reads the points and the rendered size', () => {
      expect(parseClickInfo('10,20-30.5,40;175;100')).toEqual({
        points: [
          { x: 10, y: 20 },
          { x: 30.5, y: 40 },
        ],
        renderedWidth: 175,
        renderedHeight: 100,
      });
    });

    it.each([
      ['', 'empty'],
      ['10,20;175', 'no height'],
      ['10,20;175;100;1', 'an extra part'],
      ['10,20;0;100', 'a zero width'],
      ['10,20;175;abc', 'a non-numeric height'],
      ['10;175;100', 'a point without y'],
      ['10,20,30;175;100', 'a point with three numbers'],
      ['10,-20;175;100', 'a negative coordinate'],
      ['1e3,20;175;100', 'an exponent'],
      ['0x1,20;175;100', 'a hex number'],
      [' ,20;175;100', 'a blank coordinate'],
      [Array.from({ length: 11 }, () => '1,1').join('-') + ';10;10', 'too many points'],
      ['1,1-'.repeat(60) + '1,1;10;10', 'too long'],
    ])('rejects %j (%s)', (info) => {
      expect(parseClickInfo(info)).toBeNull();
    });

    it('rejects what is not a string', () => {
      expect(parseClickInfo(undefined as unknown as string)).toBeNull();
      expect(parseClickInfo(['1,1;1;1'] as unknown as string)).toBeNull();
    });
  });

  describe('rescaleClicks', () => {
    it('maps clicks on a half-size display onto the real image', () => {
      const info = parseClickInfo('10,20-100,50;175;100')!;
      expect(rescaleClicks(info, 350, 200)).toEqual([
        { x: 20, y: 40 },
        { x: 200, y: 100 },
      ]);
    });

    it('handles different horizontal and vertical scales', () => {
      expect(rescaleClicks(parseClickInfo('70,40;700;200')!, 350, 200)).toEqual([{ x: 35, y: 40 }]);
    });
  });

  describe('hit boxes', () => {
    // A text target: [x, x+w] × [y−h, y], (x, y) being the bottom left.
    const box: TargetBox = { x: 100, y: 80, width: 40, height: 30 };

    it('accepts points inside the box and on its edges', () => {
      expect(isInsideBox({ x: 120, y: 65 }, box)).toBe(true);
      expect(isInsideBox({ x: 100, y: 50 }, box)).toBe(true);
      expect(isInsideBox({ x: 140, y: 80 }, box)).toBe(true);
    });

    it('rejects points outside, including below the bottom edge', () => {
      expect(isInsideBox({ x: 99.9, y: 65 }, box)).toBe(false);
      expect(isInsideBox({ x: 140.1, y: 65 }, box)).toBe(false);
      expect(isInsideBox({ x: 120, y: 49.9 }, box)).toBe(false);
      expect(isInsideBox({ x: 120, y: 80.1 }, box)).toBe(false);
    });

    const first: TargetBox = { x: 10, y: 60, width: 40, height: 40 };
    const second: TargetBox = { x: 200, y: 150, width: 40, height: 40 };

    it('needs one click per target, in order', () => {
      expect(clicksHitTargets([{ x: 30, y: 40 }, { x: 220, y: 130 }], [first, second])).toBe(true);
      expect(clicksHitTargets([{ x: 220, y: 130 }, { x: 30, y: 40 }], [first, second])).toBe(false);
    });

    it('rejects too few or too many clicks, and an empty target list', () => {
      expect(clicksHitTargets([{ x: 30, y: 40 }], [first, second])).toBe(false);
      expect(clicksHitTargets([{ x: 30, y: 40 }, { x: 220, y: 130 }, { x: 220, y: 130 }], [first, second])).toBe(false);
      expect(clicksHitTargets([], [])).toBe(false);
    });

    it('solves a challenge from the raw info string, rescaled', () => {
      const image = { width: 350, height: 200 };
      expect(solvesChallenge('15,20-110,65;175;100', image, [first, second])).toBe(true);
      expect(solvesChallenge('110,65-15,20;175;100', image, [first, second])).toBe(false);
      expect(solvesChallenge('garbage', image, [first, second])).toBe(false);
    });
  });

  describe('rotatedGlyphBox', () => {
    it('is the em square itself when upright', () => {
      expect(rotatedGlyphBox(100, 50, 40, 0)).toEqual({ x: 80, y: 70, width: 40, height: 40 });
    });

    it('grows to cover the rotated square, the same either way', () => {
      const box = rotatedGlyphBox(100, 50, 40, 30);
      const side = 40 * (Math.cos(Math.PI / 6) + Math.sin(Math.PI / 6));
      expect(box.width).toBeCloseTo(side);
      expect(box.height).toBeCloseTo(side);
      expect(box.x + box.width / 2).toBeCloseTo(100);
      expect(box.y - box.height / 2).toBeCloseTo(50);
      expect(rotatedGlyphBox(100, 50, 40, -30)).toEqual(box);
    });
  });

  describe('boxesOverlap', () => {
    const a: TargetBox = { x: 0, y: 40, width: 40, height: 40 };

    it('detects overlapping and separate boxes', () => {
      expect(boxesOverlap(a, { x: 30, y: 60, width: 40, height: 40 })).toBe(true);
      expect(boxesOverlap(a, { x: 50, y: 40, width: 40, height: 40 })).toBe(false);
      expect(boxesOverlap(a, { x: 0, y: 100, width: 40, height: 40 })).toBe(false);
    });

    it('keeps a gap when asked', () => {
      const near: TargetBox = { x: 45, y: 40, width: 40, height: 40 };
      expect(boxesOverlap(a, near)).toBe(false);
      expect(boxesOverlap(a, near, 6)).toBe(true);
    });
  });
});
