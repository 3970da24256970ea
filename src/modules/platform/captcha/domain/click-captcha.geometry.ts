/**
 * Pure geometry of the click captcha: parsing the client's clicks, rescaling them from the displayed
 * size to the real image size, and testing them against the targets' hit boxes.
 */

export interface CaptchaPoint {
  x: number;
  y: number;
}

/**
 * A target's hit box, stored the way BuildAdmin stores text targets: the box is
 * `[x, x + width] × [y − height, y]`, so (x, y) is its left bottom corner (where an upright glyph's
 * baseline, descent included, sits).
 */
export interface TargetBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ClickInfo {
  points: CaptchaPoint[];
  renderedWidth: number;
  renderedHeight: number;
}

/** Longest `info` accepted: a handful of points with decimals. Longer input is rejected unparsed. */
export const MAX_CLICK_INFO_LENGTH = 200;
const MAX_POINTS = 10;
const NUMBER = /^\d{1,6}(\.\d{1,6})?$/;

function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  return NUMBER.test(trimmed) ? Number(trimmed) : null;
}

/**
 * Parses `"x1,y1-x2,y2;renderedWidth;renderedHeight"`. Coordinates are non-negative offsets in the
 * displayed image ("-" separates points, so a negative number cannot occur). Returns null when malformed.
 */
export function parseClickInfo(info: string): ClickInfo | null {
  if (typeof info !== 'string' || info.length === 0 || info.length > MAX_CLICK_INFO_LENGTH) return null;
  const parts = info.split(';');
  if (parts.length !== 3) return null;
  const renderedWidth = parseNumber(parts[1]);
  const renderedHeight = parseNumber(parts[2]);
  if (!renderedWidth || !renderedHeight) return null;
  const pairs = parts[0].split('-');
  if (pairs.length > MAX_POINTS) return null;
  const points: CaptchaPoint[] = [];
  for (const pair of pairs) {
    const xy = pair.split(',');
    if (xy.length !== 2) return null;
    const x = parseNumber(xy[0]);
    const y = parseNumber(xy[1]);
    if (x === null || y === null) return null;
    points.push({ x, y });
  }
  return { points, renderedWidth, renderedHeight };
}

/** Maps clicks made on the image displayed at the rendered size onto the real image. */
export function rescaleClicks(info: ClickInfo, imageWidth: number, imageHeight: number): CaptchaPoint[] {
  const sx = imageWidth / info.renderedWidth;
  const sy = imageHeight / info.renderedHeight;
  return info.points.map((p) => ({ x: p.x * sx, y: p.y * sy }));
}

export function isInsideBox(point: CaptchaPoint, box: TargetBox): boolean {
  return point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y - box.height && point.y <= box.y;
}

/** One click per target, in the targets' order, each inside its own target's box. */
export function clicksHitTargets(points: CaptchaPoint[], boxes: TargetBox[]): boolean {
  if (boxes.length === 0 || points.length !== boxes.length) return false;
  return points.every((point, i) => isInsideBox(point, boxes[i]));
}

/** Whether `info` (as sent by the client) solves a challenge whose image is `width × height`. */
export function solvesChallenge(info: string, image: { width: number; height: number }, boxes: TargetBox[]): boolean {
  const parsed = parseClickInfo(info);
  if (!parsed) return false;
  return clicksHitTargets(rescaleClicks(parsed, image.width, image.height), boxes);
}

/**
 * The axis-aligned box covering a square glyph cell of side `size` centred on (cx, cy) and rotated
 * by `angle` degrees: a CJK glyph fits its em square, so this covers everything drawn for it.
 */
export function rotatedGlyphBox(cx: number, cy: number, size: number, angle: number): TargetBox {
  const radians = (angle * Math.PI) / 180;
  const half = (size / 2) * (Math.abs(Math.cos(radians)) + Math.abs(Math.sin(radians)));
  return { x: cx - half, y: cy + half, width: 2 * half, height: 2 * half };
}

/** Whether two hit boxes come closer than `gap` pixels. */
export function boxesOverlap(a: TargetBox, b: TargetBox, gap = 0): boolean {
  return !(a.x + a.width + gap <= b.x || b.x + b.width + gap <= a.x || a.y + gap <= b.y - b.height || b.y + gap <= a.y - a.height);
}
