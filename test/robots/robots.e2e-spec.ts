import { WebhookQueue } from '../../src/modules/integration/delivery/webhook-queue';
import { LedgerVerifier } from '../../src/modules/inventory';
import { DailyRobotAlerts } from '../../src/modules/robots';
import { unixNow } from '../../src/shared/http/envelope';
import { createTestApp, TestApp } from '../setup/create-test-app';
import { anonymous } from '../support/member';
import { as, http, login, Session } from '../support/api';
import { dayFromToday, lotProduct, receive } from '../support/lots';
import { StandInRobots } from '../support/robot-receiver';
import { client, Client, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

/**
 * Chat robots against stand-in DingTalk and WeCom robots on loopback (test/support/robot-receiver.ts, which
 * checks DingTalk's signature): the robots, templates and log in the back office, the test message, and the
 * warehouse alerts — a product falling below its safety stock (after the commit, never holding the stock
 * transaction), lots about to expire (daily, once), a failing webhook, a failed ledger verification.
 */
describe('chat robots', () => {
  let t: TestApp;
  let admin: Session;
  let c: Client;
  let w: Warehouse;
  let robots: StandInRobots;
  const allowPrivate = process.env.WEBHOOK_ALLOW_PRIVATE;

  const addRobot = async (fields: Row = {}): Promise<Row> => {
    const res = await as(t, admin).post('/admin/routine.Robot/add', { name: 'Ops group', type: 1, webhook: robots.dingTalkUrl, secret: robots.secret, events: ['stock.low', 'lot.expiring', 'webhook.failing', 'ledger.verify_failed'], ...fields });
    if (res.body.code !== 1) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  const logRows = async (): Promise<Row[]> => t.dataSource.query('SELECT robot_id, event, result, status_code FROM robot_log ORDER BY id');
  const outbound = async (product: number, quantity: number) => {
    const order = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: w.products[product].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: quantity, actual_quantity: quantity, price: '1.00' }] });
    return c.post('Outbound', 'audit', { id: order.id });
  };

  beforeAll(async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = '1';
    t = await createTestApp();
    robots = await new StandInRobots().start();
  });
  beforeEach(async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = '1';
    await t.reset();
    admin = await login(t);
    c = client(t, admin);
    w = await smallWarehouse(c);
    robots.got.length = 0;
    robots.delayMs = 0;
    robots.down = false;
  });
  afterAll(async () => {
    if (allowPrivate === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
    else process.env.WEBHOOK_ALLOW_PRIVATE = allowPrivate;
    await robots.stop();
    await t.close();
  });

  describe('in the back office', () => {
    it('needs the rule, keeps the secret to itself and refuses bad input with a translated message', async () => {
      expect((await anonymous(t).get('/admin/routine.Robot/index')).body.code).not.toBe(1);
      const robot = await addRobot();
      expect(robot).not.toHaveProperty('secret');
      expect(robot.events).toEqual(['stock.low', 'lot.expiring', 'webhook.failing', 'ledger.verify_failed']);
      const list = await as(t, admin).get('/admin/routine.Robot/index');
      expect(JSON.stringify(list.body.data)).not.toContain(robots.secret);
      // a blank secret on edit keeps it
      const edited = await as(t, admin).post('/admin/routine.Robot/edit', { id: robot.id, name: 'Renamed', type: 1, webhook: robots.dingTalkUrl, secret: '', events: 'stock.low' });
      expect(edited.body).toMatchObject({ code: 1, data: { name: 'Renamed', events: ['stock.low'] } });
      expect((await t.dataSource.query('SELECT secret FROM robot'))[0].secret).toBe(robots.secret);

      const unknownEvent = await as(t, admin).post('/admin/routine.Robot/add', { name: 'X', type: 1, webhook: robots.dingTalkUrl, events: ['stock.gone'] });
      expect(unknownEvent.body.code).toBe(0);
      const badType = await http(t).post('/admin/routine.Robot/add').set('batoken', admin.token).set('think-lang', 'zh-cn').send({ name: 'X', type: 9, webhook: robots.dingTalkUrl, events: [] });
      expect(badType.body.code).toBe(0);
      expect(badType.body.msg).toMatch(/[\u4e00-\u9fff]/);
      delete process.env.WEBHOOK_ALLOW_PRIVATE;
      const privateUrl = await as(t, admin).post('/admin/routine.Robot/add', { name: 'X', type: 2, webhook: robots.weComUrl, events: [] });
      expect(privateUrl.body).toMatchObject({ code: 0, msg: expect.stringMatching(/https:\/\/|loopback or private/) });
      expect((await t.dataSource.query('SELECT id FROM robot')).length).toBe(1);
    });

    it('keeps one template per event and language, with known variables only', async () => {
      expect((await as(t, admin).get('/admin/routine.RobotTemplate/variables?event=stock.low')).body.data).toEqual({ event: 'stock.low', variables: ['site_name', 'time', 'product_name', 'product_no', 'stock', 'safety_stock'] });
      expect((await as(t, admin).get('/admin/routine.RobotTemplate/variables?event=nope')).body.code).toBe(0);
      const add = (fields: Row) => as(t, admin).post('/admin/routine.RobotTemplate/add', { event: 'stock.low', lang: 'en', title: 'Low: {product_no}', content: '{product_name} is at {stock}', ...fields });
      expect((await add({})).body.code).toBe(1);
      expect((await add({})).body).toMatchObject({ code: 0, msg: expect.stringMatching(/already has a template/) });
      expect((await add({ lang: 'zh-cn', content: '{url}' })).body).toMatchObject({ code: 0, msg: expect.stringMatching(/Unknown variable.*url/) });
      expect((await add({ lang: 'zh-cn', title: '低库存 {product_no}', content: '{product_name}：{stock}' })).body.code).toBe(1);
    });
  });

  describe('sending', () => {
    it('sends a signed DingTalk test message and logs what the robot answered', async () => {
      const robot = await addRobot();
      const res = await as(t, admin).post('/admin/routine.Robot/test', { id: robot.id });
      expect(res.body).toMatchObject({ code: 1, data: { result: 1, status_code: 200, event: 'robot.test' } });
      expect(robots.got).toHaveLength(1);
      expect(robots.got[0]).toMatchObject({ path: '/dingtalk/send', signed: true, body: { msgtype: 'markdown', markdown: { title: '测试消息' } } });
      expect(robots.got[0].query.access_token).toBe('tok');

      // the robot refuses a wrong signature: logged as refused with its answer
      await t.dataSource.query("UPDATE robot SET secret = 'SECwrong'");
      const refused = await as(t, admin).post('/admin/routine.Robot/test', { id: robot.id });
      expect(refused.body).toMatchObject({ code: 1, data: { result: 0, status_code: 200 } });
      expect(refused.body.data.answer).toContain('sign not match');
      expect(robots.got[1].signed).toBe(false);
      robots.down = true;
      expect((await as(t, admin).post('/admin/routine.Robot/test', { id: robot.id })).body.data).toMatchObject({ result: 0, status_code: 503 });
      const log = await as(t, admin).get('/admin/routine.RobotLog/index');
      expect(log.body.data.list.map((r: Row) => [r.event, r.result, r.status_code, r.robot.name])).toEqual([
        ['robot.test', 0, 503, 'Ops group'],
        ['robot.test', 0, 200, 'Ops group'],
        ['robot.test', 1, 200, 'Ops group'],
      ]);
    });

    it('sends WeCom markdown in the robot language with the stored template', async () => {
      await addRobot({ type: 2, webhook: robots.weComUrl, secret: '', lang: 'en', events: ['stock.low'] });
      await as(t, admin).post('/admin/routine.RobotTemplate/add', { event: 'stock.low', lang: 'en', title: 'Low {product_no}', content: '{product_name} at {stock} (safety {safety_stock})' });
      await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 6 }]);
      await outbound(0, 3);
      const [message] = await robots.waitFor(1);
      expect(message).toMatchObject({ path: '/wecom/send', body: { msgtype: 'markdown', markdown: { content: '### Low P1\nProduct 1 at 3 (safety 5)' } } });
      expect(message.query).toEqual({ key: 'k1' });
    });
  });

  describe('warehouse alerts', () => {
    it('tells of a product falling below its safety stock once per crossing, after the commit', async () => {
      const robot = await addRobot({ events: ['stock.low'] });
      await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 8 }]);
      await outbound(0, 2); // 6: still at or above 5
      await outbound(0, 3); // 3: below
      const [message] = await robots.waitFor(1);
      expect(message.signed).toBe(true);
      expect(message.body.markdown.text).toContain('Product 1（P1）库存 3，低于安全库存 5');
      await outbound(0, 1); // 2: still below, no new message
      await stockUp(c, w, [{ product: 1, shelf: 0, quantity: 1 }]); // another product rising: nothing
      await expect(robots.waitFor(2, 1500)).rejects.toThrow(/got 1 message/);
      expect((await logRows()).map((r) => [Number(r.robot_id), r.event, Number(r.result), Number(r.status_code)])).toEqual([[robot.id, 'stock.low', 1, 200]]);
    });

    it('never holds the stock transaction for a slow robot', async () => {
      await addRobot({ events: ['stock.low'] });
      robots.delayMs = 3000;
      await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 6 }]);
      const started = Date.now();
      await outbound(0, 4);
      const took = Date.now() - started;
      expect(took).toBeLessThan(2500);
      const [stock] = await t.dataSource.query('SELECT total_stock_num FROM product WHERE id = ?', [w.products[0].id]);
      expect(Number(stock.total_stock_num)).toBe(2);
      await robots.waitFor(1);
      // the answer comes back after the delay and is logged
      const until = Date.now() + 8000;
      while (!(await logRows()).length && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect((await logRows()).map((r) => Number(r.result))).toEqual([1]);
    });

    it('lists the lots about to expire once a day', async () => {
      const daily = t.app.get(DailyRobotAlerts);
      expect(await daily.runDue()).toBeNull(); // no robot listens: nothing read, the day not claimed
      await addRobot({ events: ['lot.expiring'] });
      const milk = await lotProduct(c, w, 'MILK');
      const rice = await lotProduct(c, w, 'RICE');
      await receive(c, w, [
        { product: milk, shelf: w.shelves[0], quantity: 4, lot_no: 'L-SOON', expiry_date: dayFromToday(5) },
        { product: rice, shelf: w.shelves[0], quantity: 4, lot_no: 'L-LATER', expiry_date: dayFromToday(400) },
      ]);
      expect(await daily.runDue()).toBe(1);
      const [message] = await robots.waitFor(1);
      expect(message.body.markdown.text).toContain('L-SOON');
      expect(message.body.markdown.text).not.toContain('L-LATER');
      expect(await daily.runDue()).toBeNull(); // today's went out already
      expect(await daily.runDue(unixNow() + 86_400)).toBe(1); // tomorrow's is due
      expect(robots.got).toHaveLength(2);
    });

    it('tells of a webhook marked failing, once', async () => {
      await addRobot({ events: ['webhook.failing'] });
      const hook = (await as(t, admin).post('/admin/routine.Webhook/add', { url: 'http://127.0.0.1:9/dead', events: ['inbound.audited'] })).body.data.row;
      await t.dataSource.query("INSERT INTO webhook_delivery (webhook_id, outbox_id, event_id, type, ordered, status, attempts, last_status, last_error, next_attempt_time, deadline_time, createtime, updatetime) VALUES (?, 0, 'evt-1', 'inbound.audited', 1, 0, 0, 0, '', 0, 0, 0, 0)", [hook.id]);
      const [delivery] = await t.dataSource.query('SELECT * FROM webhook_delivery WHERE webhook_id = ?', [hook.id]);
      const due = { ...delivery, id: Number(delivery.id), webhook_id: Number(hook.id), ordered: 1 };
      const queue = t.app.get(WebhookQueue);
      await queue.failed(due, 502, 'HTTP 502', unixNow(), unixNow(), null);
      const [message] = await robots.waitFor(1);
      expect(message.body.markdown.text).toContain(`Webhook #${hook.id}（http://127.0.0.1:9/dead）`);
      expect(message.body.markdown.text).toContain('evt-1');
      await queue.failed(due, 502, 'HTTP 502', unixNow(), unixNow(), null); // already failing: no news
      await expect(robots.waitFor(2, 1000)).rejects.toThrow(/got 1 message/);
    });

    it('tells of a ledger verification that failed, not of one that passed', async () => {
      await addRobot({ events: ['ledger.verify_failed'] });
      await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 3 }]);
      const taken = (await as(t, admin).post('/admin/audit.Ledger/take')).body.data;
      const verifier = t.app.get(LedgerVerifier);
      expect((await verifier.verify({ digest: taken, adminId: 1, source: 'cli' })).intact).toBe(true);
      const forged = { ...taken, root: '0'.repeat(64) };
      expect((await verifier.verify({ digest: forged, adminId: 1, source: 'cli' })).intact).toBe(false);
      const [message] = await robots.waitFor(1);
      expect(message.body.markdown.title).toBe('账本校验失败');
      expect(message.body.markdown.text).toContain('digest-signature');
      await expect(robots.waitFor(2, 800)).rejects.toThrow(/got 1 message/);
    });
  });
});
