import { QueryCounter } from '../../src/shared/database/query-counter';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, http, login } from '../support/api';
import { ledgerViolations } from '../support/ledger';
import { Client, smallWarehouse, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * `dashboard/index` against a known set of orders audited through the API at chosen site
 * times: only `Date` is faked, so the audit handlers, the ledger and the daily-statistics projection run
 * exactly as in production and stamp the events with the chosen time.
 */
describe('dashboard/index', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  let timeZone = 'Asia/Shanghai';

  adminSpec({ warehouse: smallWarehouse, ready: (fixture) => ({ t, c, w } = fixture) });
  beforeEach(async () => {
    timeZone = 'Asia/Shanghai';
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  /** The clock reads `siteTime` (YYYY-MM-DD HH:mm:ss in the site time zone); timers stay real. */
  function clockAt(siteTime: string): void {
    jest.useFakeTimers({
      doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      now: dayjs.tz(siteTime, 'YYYY-MM-DD HH:mm:ss', timeZone).valueOf(),
    });
  }

  /**
   * Back to the real clock, once the admin log has written the request that ran on the chosen one (it writes
   * after the answer; a clock jump during its query would read as a slow query).
   */
  async function realClock(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 100));
    jest.useRealTimers();
  }

  async function useTimeZone(zone: string): Promise<void> {
    await t.dataSource.query("UPDATE config SET value = ? WHERE name = 'time_zone'", [zone]);
    timeZone = zone;
  }

  type Line = { product: number; shelf: number; quantity: number; price: string };
  const goods = (lines: Line[]) =>
    lines.map((l) => ({ product_id: w.products[l.product].id, warehouse_shelf_id: w.shelves[l.shelf].id, plan_quantity: l.quantity, actual_quantity: l.quantity, price: l.price }));

  async function inbound(type: number, lines: Line[], auditedAt?: string) {
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type, lines: goods(lines) });
    if (!auditedAt) return order;
    clockAt(auditedAt);
    try {
      return await c.post('Inbound', 'audit', { id: order.id });
    } finally {
      await realClock();
    }
  }

  /** `type` 10/20/30 gives form types 40/50/60. */
  async function outbound(type: number, lines: Line[], auditedAt?: string) {
    const order = await c.add('Outbound', { customer_id: w.customer.id, type, lines: goods(lines) });
    if (!auditedAt) return order;
    clockAt(auditedAt);
    try {
      return await c.post('Outbound', 'audit', { id: order.id });
    } finally {
      await realClock();
    }
  }

  async function relocate(product: number, from: number, to: number, quantity: number, movedAt: string) {
    const order = await c.add('Relocation', { lines: [{ product_id: w.products[product].id, source_warehouse_shelf_id: w.shelves[from].id, target_warehouse_shelf_id: w.shelves[to].id, plan_quantity: quantity }] });
    await c.post('Relocation', 'audit', { id: order.id });
    const { row } = await c.get(`/admin/wms.Relocation/edit?id=${order.id}`);
    clockAt(movedAt);
    try {
      return await c.post('Relocation', 'move', { id: order.id, lines: [{ id: row.lines[0].id, quantity }] });
    } finally {
      await realClock();
    }
  }

  /** The dashboard as the clock reads `now` (site time). */
  async function dashboard(now: string, query = ''): Promise<Record<string, any>> {
    clockAt(now);
    try {
      return await c.get(`/admin/dashboard/index${query}`);
    } finally {
      await realClock();
    }
  }

  const zeros = () => new Array(12).fill(0);
  const noMoney = () => new Array(12).fill('0.00');

  it('answers the contract shape with zeros on an empty warehouse', async () => {
    const data = await c.get('/admin/dashboard/index?year=2024');
    expect(data).toEqual({
      remark: expect.any(String),
      today: { inbound_quantity: 0, outbound_quantity: 0 },
      pending: { inbound_orders: 0, outbound_orders: 0 },
      monthly: {
        year: 2024,
        months: ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06', '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12'],
        inbound_quantity: zeros(),
        outbound_quantity: zeros(),
        inbound_amount: noMoney(),
        outbound_amount: noMoney(),
      },
      expiring: { lots: 0, quantity: 0 },
    });
  });

  it('counts audited orders by site day and calendar month, exactly, with the time-zone edges and a month boundary', async () => {
    // Asia/Shanghai is UTC+8: 00:10 on 1 February there is still 31 January in UTC.
    await inbound(10, [{ product: 0, shelf: 0, quantity: 3, price: '2.50' }, { product: 1, shelf: 1, quantity: 2, price: '10.00' }], '2026-01-31 23:30:00');
    await outbound(10, [{ product: 0, shelf: 0, quantity: 1, price: '3.00' }], '2026-01-31 23:59:59');
    await inbound(20, [{ product: 2, shelf: 0, quantity: 10, price: '0.10' }], '2026-02-01 00:10:00');
    await outbound(20, [{ product: 1, shelf: 1, quantity: 2, price: '12.34' }], '2026-02-28 23:30:00');
    await relocate(2, 0, 1, 4, '2026-02-28 10:00:00');
    await inbound(30, [{ product: 0, shelf: 1, quantity: 7, price: '1.01' }], '2025-12-31 23:30:00');
    // awaiting review: not counted in figures, counted as pending
    await inbound(10, [{ product: 0, shelf: 0, quantity: 100, price: '1.00' }]);
    await outbound(10, [{ product: 0, shelf: 0, quantity: 1, price: '1.00' }]);
    await outbound(30, [{ product: 2, shelf: 1, quantity: 1, price: '1.00' }]);

    const feb = await dashboard('2026-02-28 23:45:00');
    expect(feb.today).toEqual({ inbound_quantity: 0, outbound_quantity: 2 });
    expect(feb.pending).toEqual({ inbound_orders: 1, outbound_orders: 2 });
    expect(feb.monthly).toEqual({
      year: 2026,
      months: ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12'],
      inbound_quantity: [5, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      outbound_quantity: [1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      inbound_amount: ['27.50', '1.00', ...new Array(10).fill('0.00')],
      outbound_amount: ['3.00', '24.68', ...new Array(10).fill('0.00')],
    });

    // "today" is the site's calendar day: 23:30 on the 31st counts for the 31st, 00:10 on the 1st for the 1st
    expect((await dashboard('2026-01-31 23:59:59')).today).toEqual({ inbound_quantity: 5, outbound_quantity: 1 });
    expect((await dashboard('2026-02-01 00:00:00')).today).toEqual({ inbound_quantity: 10, outbound_quantity: 0 });
    expect((await dashboard('2026-03-01 00:00:00')).today).toEqual({ inbound_quantity: 0, outbound_quantity: 0 });

    // the year defaults to the site's current year, and can be asked for
    const lastYear = await dashboard('2026-01-01 00:00:05', '?year=2025');
    expect(lastYear.monthly.year).toBe(2025);
    expect(lastYear.monthly.inbound_quantity).toEqual([...new Array(11).fill(0), 7]);
    expect(lastYear.monthly.inbound_amount).toEqual([...new Array(11).fill('0.00'), '7.07']);
    expect(lastYear.monthly.outbound_quantity).toEqual(zeros());
    expect((await dashboard('2025-12-31 23:59:59')).monthly).toMatchObject({ year: 2025, inbound_quantity: [...new Array(11).fill(0), 7] });
    expect((await dashboard('2026-01-01 00:00:00')).monthly).toMatchObject({ year: 2026, inbound_quantity: [5, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] });

    expect(await ledgerViolations(t)).toEqual([]);
  });

  it('uses the site time zone west of UTC too: 23:30 in New York is the next day in UTC but counts for that day', async () => {
    await useTimeZone('America/New_York');
    await inbound(10, [{ product: 0, shelf: 0, quantity: 4, price: '0.25' }], '2026-03-31 23:30:00');
    await outbound(10, [{ product: 0, shelf: 0, quantity: 3, price: '0.50' }], '2026-04-01 00:30:00');
    const march = await dashboard('2026-03-31 23:50:00');
    expect(march.today).toEqual({ inbound_quantity: 4, outbound_quantity: 0 });
    expect(march.monthly.inbound_quantity.slice(2, 4)).toEqual([4, 0]);
    expect(march.monthly.outbound_quantity.slice(2, 4)).toEqual([0, 3]);
    expect(march.monthly.inbound_amount[2]).toBe('1.00');
    expect(march.monthly.outbound_amount[3]).toBe('1.50');
    expect((await dashboard('2026-04-01 00:45:00')).today).toEqual({ inbound_quantity: 0, outbound_quantity: 3 });
  });

  it('reads the kept statistics and the pending counts only, never the history, the ledger or the stock rows', async () => {
    await inbound(10, [{ product: 0, shelf: 0, quantity: 3, price: '2.50' }], dayjs().tz(timeZone).format('YYYY-MM-DD HH:mm:ss'));
    const sql: string[] = [];
    const manager = t.dataSource.manager;
    const original = manager.query.bind(manager);
    const spy = jest.spyOn(manager, 'query').mockImplementation((query: string, parameters?: any) => {
      sql.push(query);
      return original(query, parameters);
    });
    try {
      const data = await c.get('/admin/dashboard/index');
      expect(data.today).toEqual({ inbound_quantity: 3, outbound_quantity: 0 });
    } finally {
      spy.mockRestore();
    }
    const dashboardSql = sql.filter((s) => /inventory_|_order|stock/.test(s));
    expect(dashboardSql.some((s) => /inbound_order/.test(s) && /outbound_order/.test(s))).toBe(true);
    expect(dashboardSql.filter((s) => /inventory_history|inventory_event|FROM stock\b/.test(s))).toEqual([]);
    expect(dashboardSql.some((s) => /FROM inventory_daily_stat/.test(s))).toBe(true);
  });

  it('answers in three statements once warm: the token with the site version, the kept figures (the year, today, the expiring lots) in one, the pending counts', async () => {
    await inbound(10, [{ product: 0, shelf: 0, quantity: 4, price: '1.00' }], dayjs().tz(timeZone).format('YYYY-MM-DD HH:mm:ss'));
    await c.get('/admin/dashboard/index'); // the account, the time zone and the remark, read once
    let last: number;
    do {
      last = QueryCounter.count;
      await new Promise((resolve) => setTimeout(resolve, 60));
    } while (QueryCounter.count !== last);
    const { result, queries } = await QueryCounter.measure(() => c.get('/admin/dashboard/index'));
    expect(result.today).toEqual({ inbound_quantity: 4, outbound_quantity: 0 });
    expect(queries).toBe(3);
    // another year: that year's months, today's figures all the same
    const other = await c.get(`/admin/dashboard/index?year=${Number(dayjs().tz(timeZone).format('YYYY')) - 1}`);
    expect(other.today).toEqual({ inbound_quantity: 4, outbound_quantity: 0 });
    expect(other.monthly.inbound_quantity.reduce((a: number, b: number) => a + b, 0)).toBe(0);
  });

  it('refuses a malformed year with a message, and checks the node dashboard/index', async () => {
    for (const year of ['26', 'abc', '1969', '20261']) {
      const res = await as(t, await login(t)).get(`/admin/dashboard/index?year=${year}`);
      expect(res.body).toMatchObject({ code: 0, msg: 'The year must be written YYYY (1970 or later)' });
    }
    expect((await http(t).get('/admin/dashboard/index')).body.code).toBe(302);
    await createAdmin(t, 'viewer', ['dashboard', 'dashboard/index']);
    await createAdmin(t, 'clerk', ['wms']);
    expect((await as(t, await login(t, 'viewer')).get('/admin/dashboard/index')).body.code).toBe(1);
    expect((await as(t, await login(t, 'clerk')).get('/admin/dashboard/index')).body).toMatchObject({ code: 401 });
  });
});
