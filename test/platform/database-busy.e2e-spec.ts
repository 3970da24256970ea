import { DatabaseBusyError } from '../../src/shared/database/database-errors';
import { TransactionRunner } from '../../src/shared/database/transaction-runner';
import { TestApp } from '../setup/create-test-app';
import { http, Session } from '../support/api';
import { adminSpec } from '../support/admin-spec';
import { eventually } from '../support/eventually';

/**
 * Conflicts that never settle (deadlocks under load, after the transaction runner's retries) answer the
 * translated 503 "busy, try again" envelope, with Retry-After — never a 500 or the driver's text.
 */
describe('a database too busy to settle a conflict', () => {
  let t: TestApp;
  let session: Session;

  adminSpec({ reset: 'once', ready: (fixture) => ({ t, session } = fixture) });
  let sent = 0;
  const send = (lang: string) => {
    sent += 1;
    return http(t).post('/admin/wms.Brand/add').set('batoken', session.token).set('think-lang', lang).send({ name: 'Acme' });
  };
  // the admin log writes each request's row through the runner after the answer: a test's one-shot rejection
  // must not be taken by the row of the test before it, so each test waits for its own row
  afterEach(async () => {
    await eventually(() => t.dataSource.query("SELECT COUNT(*) AS n FROM admin_log WHERE url LIKE '%wms.Brand/add%'"), (rows: Array<{ n: number | string }>) => Number(rows[0].n) >= sent, `${sent} admin-log rows`);
    jest.restoreAllMocks();
  });

  const deadlock = () => new DatabaseBusyError(Object.assign(new Error('Deadlock found when trying to get lock; SELECT secret FROM x'), { code: 'ER_LOCK_DEADLOCK', errno: 1213 }));

  it.each([
    ['en', 'The database is busy, please try again later'],
    ['zh-cn', '数据库繁忙，请稍后再试'],
  ])('answers 503 with the busy message in %s', async (lang, message) => {
    jest.spyOn(TransactionRunner.prototype, 'run').mockRejectedValueOnce(deadlock());
    const res = await send(lang);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({ code: 0, msg: message, time: expect.any(Number), data: null });
    expect(JSON.stringify(res.body)).not.toMatch(/SELECT|Deadlock/);
  });

  it('answers a raw deadlock raised outside a unit of work the same way', async () => {
    const raw = Object.assign(new Error('Query failed'), { driverError: { code: 'ER_LOCK_DEADLOCK', errno: 1213 } });
    jest.spyOn(TransactionRunner.prototype, 'run').mockRejectedValueOnce(raw);
    const res = await send('en');
    expect(res.status).toBe(503);
    expect(res.body.msg).toBe('The database is busy, please try again later');
  });
});
