import { boxesOverlap, rotatedGlyphBox, TargetBox } from './click-captcha.geometry';

/** A source of uniform numbers in [0, 1). Production passes a CSPRNG; specs pass a seeded one. */
export type Random = () => number;

export interface GlyphPlacement {
  text: string;
  /** Centre of the glyph cell, in image pixels. */
  cx: number;
  cy: number;
  /** Font size in pixels (the side of the em square). */
  size: number;
  /** Clockwise rotation in degrees around the centre. */
  angle: number;
  color: string;
  box: TargetBox;
}

export interface ClickCaptchaChallenge {
  width: number;
  height: number;
  /** Every glyph drawn: the targets first, in the order they must be clicked, then the decoys. */
  glyphs: GlyphPlacement[];
  /** How many of `glyphs` are targets. */
  length: number;
}

export interface ClickCaptchaOptions {
  width: number;
  height: number;
  /** Targets to click (BuildAdmin `length`). */
  length: number;
  /** Decoys drawn besides the targets (BuildAdmin `confuse_length`). */
  confuseLength: number;
  minSize: number;
  maxSize: number;
  /** Largest rotation either way, in degrees. */
  maxAngle: number;
}

export const DEFAULT_CLICK_CAPTCHA_OPTIONS: ClickCaptchaOptions = {
  width: 350,
  height: 200,
  length: 2,
  confuseLength: 2,
  minSize: 30,
  maxSize: 40,
  maxAngle: 30,
};

/** Common simplified characters with distinct shapes, all covered by Noto Sans CJK SC. */
export const CAPTCHA_CHARACTERS: readonly string[] = Array.from(
  new Set(
    Array.from(
      '仓库货物品入出移位架区车船马鱼鸟花草树林山水火土石木金田云雨雪风电光天地日月星春夏秋冬东南西北' +
        '上下左右大小多少高长新旧开关门窗桌椅书笔纸画字歌舞茶饭米面果瓜菜肉蛋奶糖盐油灯钟表鞋帽衣包' +
        '桥路城村街店家园校场厂站港口岛湖河江海沙泥草原森晴阴雷虹霞冰霜露星球猫狗牛羊猪兔虎龙蛇鸡' +
        '红黄蓝绿白黑紫青金银铜铁玉石宝贝朋友爱笑听说读写看想走跑跳飞游唱学问答早晚年时分秒刻' +
        '国民中华文明和平安全快乐幸福健康美丽自由公正诚信勤劳勇敢智慧力量温暖清凉甜酸苦辣香',
    ),
  ),
);

/**
 * Latin capitals for a reader of English, who may not tell Chinese characters apart: those whose shapes no
 * rotation of ±30° confuses with another (no I/J/L, O/Q/D/C/G, M/W, N/Z, S, U/V).
 */
export const CAPTCHA_LATIN_LETTERS: readonly string[] = Array.from('ABEFHKPRTXY');

/** The characters of a captcha for a reader of `lang`: Latin capitals in English, Chinese characters otherwise. */
export function captchaCharactersFor(lang: string | undefined): readonly string[] {
  return lang === 'en' ? CAPTCHA_LATIN_LETTERS : CAPTCHA_CHARACTERS;
}

function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** `count` distinct characters from the set. */
export function pickCharacters(random: Random, count: number, set: readonly string[] = CAPTCHA_CHARACTERS): string[] {
  if (count > set.length) throw new RangeError('Not enough captcha characters');
  const pool = [...set];
  const picked: string[] = [];
  for (let i = 0; i < count; i++) {
    const index = randomInt(random, 0, pool.length - 1);
    picked.push(pool[index]);
    pool.splice(index, 1);
  }
  return picked;
}

/** A saturated, darkish colour that stands out on the light background. */
export function glyphColor(random: Random): string {
  return hslToHex(randomInt(random, 0, 359), randomInt(random, 65, 90), randomInt(random, 26, 40));
}

export function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return `#${[channel(0), channel(8), channel(4)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const EDGE_MARGIN = 3;
const GAP = 6;
const ATTEMPTS_PER_GLYPH = 60;

/**
 * Chooses the characters (of `set`) and places each at a random position, size, rotation and colour inside the
 * image, no two hit boxes touching. Random placement is retried a bounded number of times; if it keeps
 * colliding, the glyphs are dealt into distinct cells of a grid, which cannot collide.
 */
export function layoutClickCaptcha(random: Random, options: ClickCaptchaOptions = DEFAULT_CLICK_CAPTCHA_OPTIONS, set: readonly string[] = CAPTCHA_CHARACTERS): ClickCaptchaChallenge {
  const count = options.length + options.confuseLength;
  const characters = pickCharacters(random, count, set);
  const styles = characters.map((text) => ({
    text,
    size: randomInt(random, options.minSize, options.maxSize),
    angle: randomInt(random, -options.maxAngle, options.maxAngle),
    color: glyphColor(random),
  }));
  const placed: GlyphPlacement[] = [];
  for (const style of styles) {
    const glyph = placeRandomly(random, style, placed, options);
    if (!glyph) return { width: options.width, height: options.height, length: options.length, glyphs: placeOnGrid(random, styles, options) };
    placed.push(glyph);
  }
  return { width: options.width, height: options.height, length: options.length, glyphs: placed };
}

type GlyphStyle = Pick<GlyphPlacement, 'text' | 'size' | 'angle' | 'color'>;

function placeRandomly(random: Random, style: GlyphStyle, placed: GlyphPlacement[], options: ClickCaptchaOptions): GlyphPlacement | null {
  const half = rotatedGlyphBox(0, 0, style.size, style.angle).width / 2;
  const lo = half + EDGE_MARGIN;
  for (let attempt = 0; attempt < ATTEMPTS_PER_GLYPH; attempt++) {
    const cx = lo + random() * (options.width - 2 * lo);
    const cy = lo + random() * (options.height - 2 * lo);
    const box = rotatedGlyphBox(cx, cy, style.size, style.angle);
    if (placed.every((other) => !boxesOverlap(box, other.box, GAP))) return { ...style, cx, cy, box };
  }
  return null;
}

function placeOnGrid(random: Random, styles: GlyphStyle[], options: ClickCaptchaOptions): GlyphPlacement[] {
  const columns = Math.max(1, Math.ceil(Math.sqrt((styles.length * options.width) / options.height)));
  const rows = Math.max(1, Math.ceil(styles.length / columns));
  const cellWidth = options.width / columns;
  const cellHeight = options.height / rows;
  const cells = Array.from({ length: columns * rows }, (_, i) => i);
  return styles.map((style) => {
    const cell = cells.splice(randomInt(random, 0, cells.length - 1), 1)[0];
    // Shrink the glyph if the cell is too small for it at this angle.
    const fit = Math.min(cellWidth, cellHeight) - 2 * EDGE_MARGIN;
    const unit = rotatedGlyphBox(0, 0, 1, style.angle).width;
    const size = Math.min(style.size, Math.floor(fit / unit));
    const half = (unit * size) / 2;
    const slackX = Math.max(0, cellWidth / 2 - half - EDGE_MARGIN);
    const slackY = Math.max(0, cellHeight / 2 - half - EDGE_MARGIN);
    const cx = (cell % columns) * cellWidth + cellWidth / 2 + (random() * 2 - 1) * slackX;
    const cy = Math.floor(cell / columns) * cellHeight + cellHeight / 2 + (random() * 2 - 1) * slackY;
    return { ...style, size, cx, cy, box: rotatedGlyphBox(cx, cy, size, style.angle) };
  });
}
