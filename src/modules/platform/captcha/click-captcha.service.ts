import { createHash, randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { unixNow } from '../../../shared/http/envelope';
import { CaptchaRepository } from './persistence/captcha.repository';
import { solvesChallenge, TargetBox } from './domain/click-captcha.geometry';
import { renderClickCaptcha } from './click-captcha.image';
import { captchaCharactersFor, ClickCaptchaOptions, DEFAULT_CLICK_CAPTCHA_OPTIONS, layoutClickCaptcha, Random } from './domain/click-captcha.layout';

/** Seconds a captcha stays valid. */
export const CLICK_CAPTCHA_TTL = 600;

/** The client's captcha id: a uuid or similar token. */
export const CAPTCHA_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

export interface ClickCaptchaImage {
  id: string;
  /** The characters to click, in order. */
  text: string[];
  base64: string;
  width: number;
  height: number;
}

/** What the database keeps for a captcha: only what checking needs. */
export interface StoredClickCaptcha {
  width: number;
  height: number;
  targets: Array<TargetBox & { text: string }>;
}

const RANDOM_RANGE = 2 ** 32;
/** Unpredictable choices: the characters, their order and positions must not be guessable. */
export const secureRandom: Random = () => randomInt(0, RANDOM_RANGE) / RANDOM_RANGE;

export function captchaKey(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}

/** LOGIN_CAPTCHA=0 turns the captcha off on sign-in and code sending; on by default. */
export function isLoginCaptchaEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.LOGIN_CAPTCHA ?? '1').trim() !== '0';
}

function parseStored(data: string): StoredClickCaptcha | null {
  try {
    const parsed = JSON.parse(data) as StoredClickCaptcha;
    return parsed && Number(parsed.width) > 0 && Number(parsed.height) > 0 && Array.isArray(parsed.targets) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Click captchas. Everything lives in the database, so any app process
 * can check a captcha another one issued.
 */
@Injectable()
export class ClickCaptchaService {
  private readonly options: ClickCaptchaOptions = DEFAULT_CLICK_CAPTCHA_OPTIONS;

  constructor(private readonly captchas: CaptchaRepository) {}

  /**
   * Draws a new captcha for `id` in the reader's language (Latin capitals in English, Chinese characters
   * otherwise), replacing any earlier one with the same id; purges expired ones.
   */
  async create(id: string, lang?: string): Promise<ClickCaptchaImage> {
    const challenge = layoutClickCaptcha(secureRandom, this.options, captchaCharactersFor(lang));
    const png = await renderClickCaptcha(challenge, secureRandom);
    const targets = challenge.glyphs.slice(0, challenge.length);
    const stored: StoredClickCaptcha = {
      width: challenge.width,
      height: challenge.height,
      targets: targets.map((g) => ({ text: g.text, x: g.box.x, y: g.box.y, width: g.box.width, height: g.box.height })),
    };
    const now = unixNow();
    await this.captchas.purgeExpired(now);
    await this.captchas.put({ key: captchaKey(id), data: JSON.stringify(stored), createtime: now, expiretime: now + CLICK_CAPTCHA_TTL });
    return {
      id,
      text: targets.map((g) => g.text),
      base64: `data:image/png;base64,${png.toString('base64')}`,
      width: challenge.width,
      height: challenge.height,
    };
  }

  /**
   * Checks the clicks `info` ("x1,y1-x2,y2;renderedWidth;renderedHeight") against the captcha `id`.
   * On success the captcha is deleted when `unset` is true (and only one concurrent caller then succeeds)
   * and kept otherwise, for a later check. A failed or expired check deletes it: each captcha allows one
   * wrong answer at most, so guessing means fetching (and solving) a new image each time.
   */
  async verify(id: string, info: string, unset: boolean): Promise<boolean> {
    if (typeof id !== 'string' || !CAPTCHA_ID_PATTERN.test(id) || typeof info !== 'string') return false;
    const key = captchaKey(id);
    const row = await this.captchas.find(key);
    if (!row) return false;
    const stored = parseStored(row.data);
    if (unixNow() > row.expiretime || !stored || !solvesChallenge(info, stored, stored.targets)) {
      await this.captchas.delete(key);
      return false;
    }
    return unset ? this.captchas.delete(key) : true;
  }
}
