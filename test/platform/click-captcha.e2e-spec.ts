import { createHash } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { ClickCaptchaService, isLoginCaptchaEnabled } from '../../src/modules/platform';
import { TestApp } from '../setup/create-test-app';
import { publicSpec } from '../support/public-spec';

interface Box {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Stored {
  width: number;
  height: number;
  targets: Box[];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const centre = (box: Box) => ({ x: box.x + box.width / 2, y: box.y - box.height / 2 });
const inside = (p: { x: number; y: number }, box: Box) => p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y - box.height && p.y <= box.y;

/** The `info` a client sends for clicks at real-image points, shown at `rendered` size. */
function infoFor(points: Array<{ x: number; y: number }>, stored: Stored, rendered = { width: stored.width, height: stored.height }): string {
  const sx = rendered.width / stored.width;
  const sy = rendered.height / stored.height;
  const xy = points.map((p) => `${(p.x * sx).toFixed(2)},${(p.y * sy).toFixed(2)}`).join('-');
  return `${xy};${rendered.width};${rendered.height}`;
}

describe('click captcha (GET /api/common/clickCaptcha, POST /api/common/checkClickCaptcha)', () => {
  let t: TestApp;
  let counter = 0;
  const newId = () => `c0ffee00-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

  publicSpec({ ready: (fixture) => ({ t } = fixture) });

  const api = () => request(t.app.getHttpServer());

  async function fetchCaptcha(id: string) {
    const res = await api().get('/api/common/clickCaptcha').query({ id }).set('think-lang', 'en');
    expect(res.body.code).toBe(1);
    return res.body.data as { id: string; text: string[]; base64: string; width: number; height: number };
  }

  async function storedRow(id: string): Promise<{ data: Stored; createtime: number; expiretime: number } | null> {
    const rows = await t.dataSource.query('SELECT data, createtime, expiretime FROM captcha WHERE `key` = ?', [sha256(id)]);
    if (!rows.length) return null;
    return { data: JSON.parse(rows[0].data), createtime: Number(rows[0].createtime), expiretime: Number(rows[0].expiretime) };
  }

  async function stored(id: string): Promise<Stored> {
    const row = await storedRow(id);
    if (!row) throw new Error(`no captcha stored for ${id}`);
    return row.data;
  }

  function check(body: Record<string, unknown>, lang = 'en') {
    return api().post('/api/common/checkClickCaptcha').set('think-lang', lang).send(body);
  }

  async function solve(id: string, rendered?: { width: number; height: number }): Promise<string> {
    const s = await stored(id);
    return infoFor(s.targets.map(centre), s, rendered);
  }

  describe('issuing', () => {
    it('answers a PNG of the stated size with two target characters to click, without login', async () => {
      const id = newId();
      const res = await api().get('/api/common/clickCaptcha').query({ id });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatchObject({ code: 1, msg: '', data: { id, width: 350, height: 200 } });
      const data = res.body.data;
      expect(data.text).toHaveLength(2);
      for (const c of data.text) expect(c).toMatch(/^[\u4e00-\u9fff]$/);
      expect(data.base64).toMatch(/^data:image\/png;base64,/);
      const png = Buffer.from(data.base64.slice('data:image/png;base64,'.length), 'base64');
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 350, height: 200 });
    });

    it('asks a reader of English for Latin capitals, drawn and stored as asked, never Chinese characters', async () => {
      for (let i = 0; i < 3; i++) {
        const id = newId();
        const data = await fetchCaptcha(id);
        expect(data.text).toHaveLength(2);
        for (const c of data.text) expect(c).toMatch(/^[ABEFHKPRTXY]$/);
        expect((await stored(id)).targets.map((target) => target.text)).toEqual(data.text);
      }
      // and it is solved like any other
      const id = newId();
      await fetchCaptcha(id);
      expect((await check({ id, info: await solve(id), unset: true })).body.code).toBe(1);
    });

    it('stores the targets in order under the sha256 of the id, for 600 seconds, and never the id itself', async () => {
      const id = newId();
      const data = await fetchCaptcha(id);
      const row = await storedRow(id);
      expect(row).not.toBeNull();
      expect(row!.data.targets.map((target) => target.text)).toEqual(data.text);
      expect(row!.data).toMatchObject({ width: 350, height: 200 });
      expect(row!.expiretime - row!.createtime).toBe(600);
      expect(Math.abs(row!.createtime - Date.now() / 1000)).toBeLessThan(30);
      const raw = await t.dataSource.query('SELECT COUNT(*) AS n FROM captcha WHERE `key` = ?', [id]);
      expect(Number(raw[0].n)).toBe(0);
    });

    it('draws different challenges for different requests', async () => {
      const texts = new Set<string>();
      for (let i = 0; i < 4; i++) texts.add((await fetchCaptcha(newId())).text.join(''));
      expect(texts.size).toBeGreaterThan(1);
    });

    it('replaces the captcha of a reused id: one row, and the old answer no longer passes', async () => {
      const id = newId();
      await fetchCaptcha(id);
      const old = await stored(id);
      const oldAnswer = old.targets.map(centre);
      // Draw again until the new targets do not happen to contain the old click points too.
      let replaced: Stored;
      do {
        await fetchCaptcha(id);
        replaced = await stored(id);
      } while (oldAnswer.every((p, i) => inside(p, replaced.targets[i])));
      const count = await t.dataSource.query('SELECT COUNT(*) AS n FROM captcha WHERE `key` = ?', [sha256(id)]);
      expect(Number(count[0].n)).toBe(1);
      const res = await check({ id, info: infoFor(oldAnswer, old), unset: true });
      expect(res.body).toMatchObject({ code: 0, msg: 'Captcha error' });
    });

    it('purges expired captchas of any id when a new one is created, and keeps live ones', async () => {
      const now = Math.floor(Date.now() / 1000);
      const insert = 'INSERT INTO captcha (`key`, data, createtime, expiretime) VALUES (?, ?, ?, ?)';
      await t.dataSource.query(insert, [sha256('stale'), '{}', now - 700, now - 100]);
      await t.dataSource.query(insert, [sha256('live'), '{}', now, now + 500]);
      await fetchCaptcha(newId());
      const keys = (await t.dataSource.query('SELECT `key` AS k FROM captcha')).map((r: { k: string }) => r.k);
      expect(keys).not.toContain(sha256('stale'));
      expect(keys).toContain(sha256('live'));
      expect(keys).toHaveLength(2);
    });

    it.each([
      [{}, 'Please enter ID'],
      [{ id: '' }, 'Please enter ID'],
      [{ id: 'abc$' }, 'Captcha id is not in the right format'],
      [{ id: 'a'.repeat(65) }, 'Captcha id is not in the right format'],
      [{ 'id[]': 'abc' }, 'Captcha id is not in the right format'],
    ])('rejects the query %j with a translated message and stores nothing', async (query, message) => {
      const res = await api().get('/api/common/clickCaptcha').query(query).set('think-lang', 'en');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 0, msg: message, time: expect.any(Number), data: null });
      const count = await t.dataSource.query('SELECT COUNT(*) AS n FROM captcha');
      expect(Number(count[0].n)).toBe(0);
    });

    it('answers validation failures in Chinese by default', async () => {
      const res = await api().get('/api/common/clickCaptcha').query({ id: 'bad id' });
      expect(res.body).toMatchObject({ code: 0, msg: expect.stringMatching(/[\u4e00-\u9fff]/) });
    });
  });

  describe('checking', () => {
    it('passes the targets clicked in order and consumes the captcha when unset is true', async () => {
      const id = newId();
      await fetchCaptcha(id);
      const info = await solve(id);
      const res = await check({ id, info, unset: true });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 1, msg: '', time: expect.any(Number), data: null });
      expect(await storedRow(id)).toBeNull();
      const again = await check({ id, info, unset: true });
      expect(again.body).toEqual({ code: 0, msg: 'Captcha error', time: expect.any(Number), data: null });
    });

    it('rescales clicks from the displayed size to the image size', async () => {
      for (const rendered of [
        { width: 175, height: 100 },
        { width: 700, height: 400 },
        { width: 300, height: 180 },
      ]) {
        const id = newId();
        await fetchCaptcha(id);
        const res = await check({ id, info: await solve(id, rendered), unset: true });
        expect(res.body.code).toBe(1);
      }
    });

    it('keeps the captcha when unset is false, so a later check (e.g. the login) passes once more', async () => {
      const id = newId();
      await fetchCaptcha(id);
      const info = await solve(id);
      expect((await check({ id, info, unset: false })).body.code).toBe(1);
      expect(await storedRow(id)).not.toBeNull();
      expect((await check({ id, info })).body.code).toBe(1);
      expect((await check({ id, info, unset: true })).body.code).toBe(1);
      expect((await check({ id, info, unset: true })).body.code).toBe(0);
    });

    it.each([
      ['JSON true', true],
      ['JSON 1', 1],
      ['string "1"', '1'],
      ['string "true"', 'true'],
    ])('treats unset %s as true', async (_label, unset) => {
      const id = newId();
      await fetchCaptcha(id);
      expect((await check({ id, info: await solve(id), unset })).body.code).toBe(1);
      expect(await storedRow(id)).toBeNull();
    });

    it('accepts a form-encoded body with unset=1', async () => {
      const id = newId();
      await fetchCaptcha(id);
      const res = await api()
        .post('/api/common/checkClickCaptcha')
        .type('form')
        .send({ id, info: await solve(id), unset: '1' });
      expect(res.body.code).toBe(1);
      expect(await storedRow(id)).toBeNull();
    });

    it.each([
      ['false', false],
      ['0', 0],
      ['"0"', '0'],
    ])('treats unset %s as false', async (_label, unset) => {
      const id = newId();
      await fetchCaptcha(id);
      expect((await check({ id, info: await solve(id), unset })).body.code).toBe(1);
      expect(await storedRow(id)).not.toBeNull();
    });

    it('fails the right characters clicked in the wrong order, and burns the captcha', async () => {
      const id = newId();
      await fetchCaptcha(id);
      const s = await stored(id);
      const reversed = infoFor([...s.targets].reverse().map(centre), s);
      const res = await check({ id, info: reversed, unset: false }, 'zh-cn');
      expect(res.body).toEqual({ code: 0, msg: '验证码错误', time: expect.any(Number), data: null });
      // One wrong answer per image: the right one no longer passes either.
      expect(await storedRow(id)).toBeNull();
      expect((await check({ id, info: infoFor(s.targets.map(centre), s), unset: true })).body.code).toBe(0);
    });

    it('fails clicks just outside a target box, on any side', async () => {
      const outside = [
        (b: Box) => ({ x: b.x - 1, y: b.y - b.height / 2 }),
        (b: Box) => ({ x: b.x + b.width + 1, y: b.y - b.height / 2 }),
        (b: Box) => ({ x: b.x + b.width / 2, y: b.y - b.height - 1 }),
        (b: Box) => ({ x: b.x + b.width / 2, y: b.y + 1 }),
      ];
      for (const [i, miss] of outside.entries()) {
        const id = newId();
        await fetchCaptcha(id);
        const s = await stored(id);
        const points = s.targets.map(centre);
        points[i % 2] = miss(s.targets[i % 2]);
        expect((await check({ id, info: infoFor(points, s), unset: true })).body).toMatchObject({ code: 0, msg: 'Captcha error' });
      }
    });

    it('passes clicks just inside the box corners', async () => {
      const id = newId();
      await fetchCaptcha(id);
      const s = await stored(id);
      const points = [
        { x: s.targets[0].x + 0.5, y: s.targets[0].y - 0.5 },
        { x: s.targets[1].x + s.targets[1].width - 0.5, y: s.targets[1].y - s.targets[1].height + 0.5 },
      ];
      expect((await check({ id, info: infoFor(points, s), unset: true })).body.code).toBe(1);
    });

    it.each([
      ['one click only', (s: Stored) => infoFor([centre(s.targets[0])], s)],
      ['an extra click', (s: Stored) => infoFor([...s.targets.map(centre), centre(s.targets[1])], s)],
      ['no rendered size', (s: Stored) => infoFor(s.targets.map(centre), s).split(';')[0]],
      ['a zero rendered width', (s: Stored) => infoFor(s.targets.map(centre), s).replace(/;350;/, ';0;')],
      ['garbage', () => 'not,clicks;at;all'],
    ])('fails %s', async (_label, build) => {
      const id = newId();
      await fetchCaptcha(id);
      const res = await check({ id, info: build(await stored(id)), unset: true });
      expect(res.body).toMatchObject({ code: 0, msg: 'Captcha error' });
    });

    it('fails an expired captcha and deletes it', async () => {
      const id = newId();
      await fetchCaptcha(id);
      const info = await solve(id);
      await t.dataSource.query('UPDATE captcha SET expiretime = ? WHERE `key` = ?', [Math.floor(Date.now() / 1000) - 1, sha256(id)]);
      expect((await check({ id, info, unset: false })).body).toMatchObject({ code: 0, msg: 'Captcha error' });
      expect(await storedRow(id)).toBeNull();
    });

    it('fails a check without clicks, and burns the captcha', async () => {
      const id = newId();
      await fetchCaptcha(id);
      expect((await check({ id, unset: true })).body).toEqual({ code: 0, msg: 'Captcha error', time: expect.any(Number), data: null });
      expect(await storedRow(id)).toBeNull();
    });

    it('fails an id that never had a captcha', async () => {
      const res = await check({ id: newId(), info: '10,10-20,20;350;200', unset: true });
      expect(res.body).toMatchObject({ code: 0, msg: 'Captcha error' });
    });

    it.each([
      [{ info: '1,1;1;1' }, 'Please enter ID'],
      [{ id: 'bad id!', info: '1,1;1;1' }, 'Captcha id is not in the right format'],
      [{ id: 'abc', info: 42 }, 'Captcha is not in the right format'],
      [{ id: 'abc', info: 'x'.repeat(201) }, 'Captcha must be at most 200 characters'],
      [{ id: 'abc', info: '1,1;1;1', unset: 'maybe' }, 'unset must be true, false, 1 or 0'],
    ])('rejects the body %j with a translated message', async (body, message) => {
      const res = await check(body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 0, msg: message, time: expect.any(Number), data: null });
    });

    it('lets exactly one of two simultaneous consuming checks pass', async () => {
      const id = newId();
      await fetchCaptcha(id);
      const info = await solve(id);
      const results = await Promise.all([check({ id, info, unset: true }), check({ id, info, unset: true })]);
      expect(results.map((r) => r.body.code).sort()).toEqual([0, 1]);
    });

    it('finds the routes whatever the case of the controller segment', async () => {
      const res = await api().get('/api/Common/clickCaptcha').query({ id: newId() });
      expect(res.body.code).toBe(1);
    });
  });

  describe('the service other contexts use for sign-in', () => {
    it('verifies and consumes like the endpoint, answering false for anything wrong without throwing', async () => {
      const captchas = t.app.get(ClickCaptchaService);
      const id = newId();
      await fetchCaptcha(id);
      const info = await solve(id);
      await expect(captchas.verify(id, info, false)).resolves.toBe(true);
      await expect(captchas.verify(id, info, true)).resolves.toBe(true);
      await expect(captchas.verify(id, info, true)).resolves.toBe(false);
      await expect(captchas.verify('', info, true)).resolves.toBe(false);
      await expect(captchas.verify('x'.repeat(100), info, true)).resolves.toBe(false);
      await expect(captchas.verify(id, undefined as unknown as string, true)).resolves.toBe(false);
    });

    it('switches the sign-in captcha with LOGIN_CAPTCHA (on unless "0")', () => {
      expect(isLoginCaptchaEnabled({})).toBe(true);
      expect(isLoginCaptchaEnabled({ LOGIN_CAPTCHA: '1' })).toBe(true);
      expect(isLoginCaptchaEnabled({ LOGIN_CAPTCHA: '0' })).toBe(false);
      expect(isLoginCaptchaEnabled({ LOGIN_CAPTCHA: ' 0 ' })).toBe(false);
    });
  });
});
