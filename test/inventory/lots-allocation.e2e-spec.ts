import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { ProjectionRebuilder } from '../../src/modules/inventory';
import { OrdersLedgerReader } from '../../src/modules/orders/queries/orders-ledger/orders-ledger.reader';
import { TestApp } from '../setup/create-test-app';
import { ledgerViolations, orderLedgerMismatches } from '../support/ledger';
import { lotProduct, lotStock, outboundLine, receive } from '../support/lots';
import { Client, smallWarehouse, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

dayjs.extend(utc);
dayjs.extend(timezone);

type Row = Record<string, any>;

/**
 * First-expiry-first-out at outbound audit and relocation move, on a clock fixed at 2026-11-25 10:00 in the
 * site time zone (only `Date` is faked; each receipt a minute later than the one before, so "first receipt"
 * is well defined).
 */
describe('lots allocated first-expiry-first-out', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  let milk: Row;
  let clock = 0;

  const setClock = (siteTime: string) => {
    clock = dayjs.tz(siteTime, 'YYYY-MM-DD HH:mm:ss', 'Asia/Shanghai').valueOf();
    jest.setSystemTime(clock);
  };
  const tick = () => jest.setSystemTime((clock += 60_000));

  // the clock is set before the set-up resets the database (hooks run in the order written)
  beforeEach(() => {
    jest.useFakeTimers({
      doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    setClock('2026-11-25 10:00:00');
  });
  adminSpec({ warehouse: smallWarehouse, ready: (fixture) => ({ t, c, w } = fixture) });
  beforeEach(async () => {
    milk = await lotProduct(c, w, 'MILK');
  });
  afterEach(async () => {
    jest.useRealTimers();
    expect(await ledgerViolations(t)).toEqual([]);
    expect(await orderLedgerMismatches(t)).toEqual([]);
  });

  const S1 = () => w.shelves[0];
  const S2 = () => w.shelves[1];
  /** Receives each lot in its own order, a minute apart, in the order given. */
  async function lots(product: Row, shelf: Row, list: Array<[lot: string, quantity: number, expiry: string]>) {
    for (const [lot, quantity, expiry] of list) {
      tick();
      await receive(c, w, [{ product, shelf, quantity, lot_no: lot, expiry_date: expiry }]);
    }
  }
  /** The usual shelf: one expired lot, two expiring on the same day (Z9 received before C7), one earlier, one without expiry. */
  const usualLots = () =>
    lots(milk, S1(), [
      ['OLD', 3, '2026-11-24'],
      ['Z9', 3, '2026-12-20'],
      ['NOEXP', 3, ''],
      ['C7', 3, '2026-12-20'],
      ['A1', 3, '2026-12-01'],
    ]);
  const outbound = (lines: Array<Record<string, unknown>>) => c.add('Outbound', { customer_id: w.customer.id, type: 10, lines });
  const audit = async (order: Row) => (await c.raw.post('/admin/wms.Outbound/audit', { id: order.id })).body;
  const events = async () => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM inventory_event'))[0].n);

  it('takes the earliest expiry first, ties by first receipt, lots without expiry last, never an expired lot', async () => {
    await usualLots();
    const first = await c.post('Outbound', 'audit', { id: (await outbound([outboundLine(milk, S1(), 4)])).id });
    expect(first.lines[0].allocations).toEqual([
      { lot_no: 'A1', quantity: 3 },
      { lot_no: 'Z9', quantity: 1 },
    ]);
    const second = await c.post('Outbound', 'audit', { id: (await outbound([outboundLine(milk, S1(), 6)])).id });
    expect(second.lines[0].allocations).toEqual([
      { lot_no: 'Z9', quantity: 2 },
      { lot_no: 'C7', quantity: 3 },
      { lot_no: 'NOEXP', quantity: 1 },
    ]);
    expect(await lotStock(c, milk)).toEqual({ 'S1/OLD': 3, 'S1/NOEXP': 2 });
    const history = await c.get(`/admin/wms.InventoryHistory/index?order_no=${second.outbound_no}&order=id,asc`);
    expect(history.list.map((r: Row) => [r.lot_no, r.expiry_date, r.quantity])).toEqual([
      ['Z9', '2026-12-20', -2],
      ['C7', '2026-12-20', -3],
      ['NOEXP', '', -1],
    ]);
    const historyCsv = await c.raw.get(`/admin/wms.InventoryHistory/export?order_no=${second.outbound_no}`);
    expect(historyCsv.text).toMatch(/,Z9,2026-12-20\r?\n/);
    const stockCsv = await c.raw.get(`/admin/wms.Stock/export?product_id=${milk.id}&expired=1`);
    expect(stockCsv.text.trim().split(/\r?\n/)).toHaveLength(2);
    expect(stockCsv.text).toMatch(/,OLD,,2026-11-24\r?\n?$/);
  });

  it('checks orders against the ledger lot by lot: an allocation that names the wrong lot is reported', async () => {
    await usualLots();
    const order = await c.post('Outbound', 'audit', { id: (await outbound([outboundLine(milk, S1(), 4)])).id });
    const check = () => t.app.get(OrdersLedgerReader).check(t.dataSource.manager);
    expect(await check()).toMatchObject({ mismatches: 0 });
    await t.dataSource.query('UPDATE outbound_order_line SET allocations = ? WHERE id = ?', ['[{"lot_no":"NOEXP","quantity":4}]', order.lines[0].id]);
    const report = await check();
    expect(report.mismatches).toBe(3);
    expect(report.problems).toEqual(
      expect.arrayContaining([
        `${order.outbound_no} (outbound #${order.id}) product@shelf ${milk.id}@${S1().id}#NOEXP: lines say -4, ledger says 0`,
        `${order.outbound_no} (outbound #${order.id}) product@shelf ${milk.id}@${S1().id}#A1: lines say 0, ledger says -3`,
      ]),
    );
  });

  it('splits consecutive lines of one order over the lots, each line after the one before', async () => {
    await usualLots();
    const order = await c.post('Outbound', 'audit', { id: (await outbound([outboundLine(milk, S1(), 4), outboundLine(milk, S1(), 4)])).id });
    expect(order.lines.map((l: Row) => l.allocations)).toEqual([
      [
        { lot_no: 'A1', quantity: 3 },
        { lot_no: 'Z9', quantity: 1 },
      ],
      [
        { lot_no: 'Z9', quantity: 2 },
        { lot_no: 'C7', quantity: 2 },
      ],
    ]);
  });

  it('refuses more than the non-expired stock, naming product, shelf and the expired lots, and moves nothing', async () => {
    await usualLots();
    const before = await events();
    const order = await outbound([outboundLine(w.products[0], S2(), 0 + 1), outboundLine(milk, S1(), 13)]);
    await receive(c, w, [{ product: w.products[0], shelf: S2(), quantity: 5 }]);
    const refused = await audit(order);
    expect(refused).toMatchObject({
      code: 0,
      msg: 'Insufficient stock that has not expired: product Lot product MILK (MILK) has 12 on shelf Main / Area A / S1 besides the expired lots OLD (2026-11-24), 13 needed (name an expired lot to take it)',
    });
    expect(await events()).toBe(before + 1);
    expect((await c.get(`/admin/wms.Outbound/edit?id=${order.id}`)).row).toMatchObject({ audit_status: 0, lines: [{ allocations: [] }, { allocations: [] }] });
    const zh = await c.raw.post('/admin/wms.Outbound/audit', { id: order.id }).set('think-lang', 'zh-cn');
    expect(zh.body.msg).toBe('未过期库存不足：商品 Lot product MILK (MILK) 在货架 Main / Area A / S1 上除已过期批次 OLD (2026-11-24) 外仅有 12，需要 13（如需出库过期批次，请指定批次号）');
  });

  it('takes an expired lot when it is named, and refuses a named lot beyond its stock', async () => {
    await usualLots();
    const named = await c.post('Outbound', 'audit', { id: (await outbound([outboundLine(milk, S1(), 2, 'old')])).id });
    expect(named.lines[0]).toMatchObject({ lot_no: 'OLD', allocations: [{ lot_no: 'OLD', quantity: 2 }] });
    expect(await audit(await outbound([outboundLine(milk, S1(), 4, 'A1')]))).toMatchObject({
      code: 0,
      msg: 'Insufficient stock: lot A1 of product Lot product MILK (MILK) has 3 on shelf Main / Area A / S1, 4 needed',
    });
    expect(await audit(await outbound([outboundLine(milk, S1(), 1, 'NOPE')]))).toMatchObject({ code: 0, msg: 'Line 1: lot NOPE of Lot product MILK (MILK) is not on shelf Main / Area A / S1' });
    expect((await c.raw.post('/admin/wms.Outbound/add', { customer_id: w.customer.id, type: 10, lines: [outboundLine(w.products[0], S1(), 1, 'X')] })).body).toMatchObject({
      code: 0,
      msg: 'Line 1: Product 1 (P1) is not lot-tracked and takes no lot number',
    });
  });

  it('keeps the lots of two products on one shelf apart', async () => {
    const cheese = await lotProduct(c, w, 'CHEESE');
    await lots(cheese, S1(), [['A1', 5, '2026-11-30']]);
    await lots(milk, S1(), [['A1', 2, '2026-12-30'], ['B1', 4, '2027-01-30']]);
    const order = await c.post('Outbound', 'audit', { id: (await outbound([outboundLine(milk, S1(), 3), outboundLine(cheese, S1(), 1)])).id });
    expect(order.lines.map((l: Row) => l.allocations)).toEqual([
      [
        { lot_no: 'A1', quantity: 2 },
        { lot_no: 'B1', quantity: 1 },
      ],
      [{ lot_no: 'A1', quantity: 1 }],
    ]);
    expect(await lotStock(c, cheese)).toEqual({ 'S1/A1': 4 });
    expect(await lotStock(c, milk)).toEqual({ 'S1/B1': 3 });
  });

  it('moves part of a lot to another shelf with its dates, and allocates an unnamed move first-expiry-first-out', async () => {
    await lots(milk, S1(), [['A1', 5, '2026-12-10'], ['B1', 5, '2026-12-05']]);
    const order = await c.add('Relocation', {
      lines: [
        { product_id: milk.id, source_warehouse_shelf_id: S1().id, target_warehouse_shelf_id: S2().id, plan_quantity: 3, lot_no: 'a1' },
        { product_id: milk.id, source_warehouse_shelf_id: S1().id, target_warehouse_shelf_id: S2().id, plan_quantity: 6 },
      ],
    });
    expect(order.lines.map((l: Row) => l.lot_no)).toEqual(['A1', '']);
    await c.post('Relocation', 'audit', { id: order.id });
    const moved = await c.post('Relocation', 'move', { id: order.id, lines: [{ id: order.lines[0].id, quantity: 2 }, { id: order.lines[1].id, quantity: 4 }] });
    expect(moved.lines.map((l: Row) => l.allocations)).toEqual([[{ lot_no: 'A1', quantity: 2 }], [{ lot_no: 'B1', quantity: 4 }]]);
    const done = await c.post('Relocation', 'move', { id: order.id, lines: [{ id: order.lines[0].id, quantity: 1 }, { id: order.lines[1].id, quantity: 2 }] });
    expect(done.lines.map((l: Row) => l.allocations)).toEqual([
      [{ lot_no: 'A1', quantity: 3 }],
      [
        { lot_no: 'B1', quantity: 5 },
        { lot_no: 'A1', quantity: 1 },
      ],
    ]);
    expect(await lotStock(c, milk)).toEqual({ 'S1/A1': 1, 'S2/A1': 4, 'S2/B1': 5 });
    const { list } = await c.get(`/admin/wms.Stock/index?product_id=${milk.id}&warehouse_shelf_id=${S2().id}&order=lot_no,asc`);
    expect(list.map((r: Row) => [r.lot_no, r.expiry_date])).toEqual([
      ['A1', '2026-12-10'],
      ['B1', '2026-12-05'],
    ]);
    expect(await t.app.get(ProjectionRebuilder).rebuild()).toMatchObject({ matched: true, ledgerProblems: [] });
  });

  it('filters stock by lot, by expiry within N days (not yet expired) and by expired, with days left', async () => {
    await usualLots();
    const get = async (query: string) => (await c.get(`/admin/wms.Stock/index?product_id=${milk.id}&order=lot_no,asc&${query}`)).list.map((r: Row) => `${r.lot_no}:${r.days_left}`);
    expect(await get('')).toEqual(['A1:6', 'C7:25', 'NOEXP:null', 'OLD:-1', 'Z9:25']);
    expect(await get('lot_no=c7')).toEqual(['C7:25']);
    expect(await get('expiring_within=6')).toEqual(['A1:6']);
    expect(await get('expiring_within=5')).toEqual([]);
    expect(await get('expiring_within=30')).toEqual(['A1:6', 'C7:25', 'Z9:25']);
    expect(await get('expired=1')).toEqual(['OLD:-1']);
    const answer = await c.get('/admin/wms.Stock/index?expired=1');
    expect(answer).toMatchObject({ total: 1, today: '2026-11-25', expiry_warning_days: 30 });
  });

  it("counts on the dashboard the lots expiring within the warning days or expired, by the site's day", async () => {
    await lots(milk, S1(), [['OLD', 1, '2026-11-01'], ['SOON', 2, '2026-12-25'], ['EDGE', 4, '2026-12-26'], ['LATER', 8, '2027-03-01'], ['NONE', 16, '']]);
    await lots(milk, S2(), [['SOON', 32, '']]);
    setClock('2026-11-25 23:59:59');
    expect((await c.get('/admin/dashboard/index')).expiring).toEqual({ lots: 2, quantity: 35 });
    setClock('2026-11-26 00:00:00');
    expect((await c.get('/admin/dashboard/index')).expiring).toEqual({ lots: 3, quantity: 39 });
    await t.dataSource.query("UPDATE config SET value = '100' WHERE name = 'expiry_warning_days'");
    expect((await c.get('/admin/dashboard/index')).expiring).toEqual({ lots: 4, quantity: 47 });
  });
});
