import { createHash } from 'node:crypto';
import { TestApp } from '../setup/create-test-app';
import { http } from './api';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Fetches a click captcha and answers it as a person would, clicking the centre of each target in order.
 * The targets' boxes come from the database: a test may read what a person would see in the picture.
 */
export async function solvedCaptcha(t: TestApp, id: string): Promise<string> {
  const res = await http(t).get('/api/common/clickCaptcha').query({ id });
  if (res.body.code !== 1) throw new Error(`no captcha: ${JSON.stringify(res.body)}`);
  const key = createHash('sha256').update(id).digest('hex');
  const [row] = await t.dataSource.query('SELECT data FROM captcha WHERE `key` = ?', [key]);
  const stored = JSON.parse(row.data) as { width: number; height: number; targets: Box[] };
  const clicks = stored.targets.map((b) => `${(b.x + b.width / 2).toFixed(1)},${(b.y - b.height / 2).toFixed(1)}`).join('-');
  return `${clicks};${stored.width};${stored.height}`;
}
