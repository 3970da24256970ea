import { makeAutoObservable, runInAction } from 'mobx';
import { checkClickCaptcha, clickCaptcha } from '@/api/platform';
import { errorMessage } from '@/api/request';

export interface CaptchaPoint {
  x: number;
  y: number;
}

export type CaptchaStatus = 'idle' | 'checking' | 'success' | 'fail';

/** Builds the answer: "x1,y1-x2,y2;renderedWidth;renderedHeight". */
export function buildCaptchaInfo(points: CaptchaPoint[], width: number, height: number): string {
  return `${points.map((p) => `${Math.round(p.x)},${Math.round(p.y)}`).join('-')};${Math.round(width)};${Math.round(height)}`;
}

/** One click-captcha dialog: the image, the targets, the clicks and the pre-check (unset = false). */
export class ClickCaptchaStore {
  text: string[] = [];
  base64 = '';
  width = 0;
  height = 0;
  points: CaptchaPoint[] = [];
  status: CaptchaStatus = 'idle';
  loading = false;
  error: string | null = null;

  constructor(public id: string) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get complete(): boolean {
    return this.text.length > 0 && this.points.length >= this.text.length;
  }

  async load() {
    this.loading = true;
    this.error = null;
    this.points = [];
    this.status = 'idle';
    try {
      const res = await clickCaptcha(this.id);
      runInAction(() => {
        this.text = res.data.text ?? [];
        this.base64 = res.data.base64 ?? '';
        this.width = res.data.width ?? 0;
        this.height = res.data.height ?? 0;
        this.loading = false;
      });
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.base64 = '';
        this.text = [];
        this.error = errorMessage(e);
      });
    }
  }

  addPoint(point: CaptchaPoint) {
    if (this.loading || this.error || this.status !== 'idle' || this.complete) return;
    this.points.push({ x: Math.round(point.x), y: Math.round(point.y) });
  }

  /** Pre-checks the clicks without consuming the captcha; resolves the info string when right, else null. */
  async check(renderedWidth: number, renderedHeight: number): Promise<string | null> {
    const info = buildCaptchaInfo(this.points, renderedWidth, renderedHeight);
    this.status = 'checking';
    try {
      await checkClickCaptcha(this.id, info, false);
      runInAction(() => {
        this.status = 'success';
      });
      return info;
    } catch {
      runInAction(() => {
        this.status = 'fail';
      });
      return null;
    }
  }
}
