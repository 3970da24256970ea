import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DEMO_MONTHS, DemoSeeder } from '../../src/modules/demo';
import { ProjectionRebuilder } from '../../src/modules/inventory';
import { createTestApp, TestApp } from '../setup/create-test-app';
import { login } from '../support/api';
import { ledgerViolations } from '../support/ledger';
import { client, Client } from '../support/warehouse';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * SEED_DEMO: the demo warehouse on a fresh database, built through the real commands —
 * consistent ledger and projections, a dashboard with history, stock and orders awaiting review.
 */
describe('the demo warehouse', () => {
  let t: TestApp;
  let c: Client;
  const log: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.reset();
    await t.app.get(DemoSeeder).afterCommit({ demo: true, log: (line) => log.push(line) });
    c = client(t, await login(t));
  }, 120_000);
  afterAll(() => t.close());

  // How long it takes is measured by bench/, not asserted here (tests never check wall-clock time).
  it('says what it built', () => {
    expect(log).toEqual([expect.stringMatching(/^Created the demo warehouse: 50 products and \d+ orders over 6 months \(\d+(\.\d)? s\)/)]);
  });

  it('keeps the ledger and every projection consistent', async () => {
    expect(await ledgerViolations(t)).toEqual([]);
    const report = await t.app.get(ProjectionRebuilder).rebuild();
    expect({ matched: report.matched, differing: report.differing, problems: report.ledgerProblems }).toEqual({ matched: true, differing: [], problems: [] });
  });

  it('has a catalogue: a warehouse with areas and shelves, 50 products with brands, categories and units, partners', async () => {
    const count = async (controller: string) => (await c.get(`/admin/wms.${controller}/index?limit=1`)).total;
    expect(await count('Warehouse')).toBe(1);
    expect(await count('WarehouseArea')).toBe(3);
    expect(await count('Shelf')).toBe(12);
    expect(await count('Product')).toBe(50);
    expect(await count('Brand')).toBeGreaterThanOrEqual(5);
    expect(await count('Unit')).toBeGreaterThanOrEqual(5);
    expect(await count('Supplier')).toBeGreaterThanOrEqual(5);
    expect(await count('Customer')).toBeGreaterThanOrEqual(5);
    expect(await count('Carrier')).toBeGreaterThanOrEqual(3);
    const products = await c.get('/admin/wms.Product/index?limit=50');
    expect(products.list.every((p: any) => p.brand?.name && p.category?.name && p.unit?.name)).toBe(true);
  });

  it('shows every month of its history on the dashboard, orders awaiting review and stock on hand', async () => {
    const [{ value: zone }] = await t.dataSource.query("SELECT value FROM config WHERE name = 'time_zone'");
    const now = dayjs().tz(zone || 'Asia/Shanghai');
    const months = Array.from({ length: DEMO_MONTHS }, (_, i) => now.subtract(i, 'month').format('YYYY-MM'));
    const byYear = new Map<string, any>();
    for (const year of new Set(months.map((m) => m.slice(0, 4)))) byYear.set(year, (await c.get(`/admin/dashboard/index?year=${year}`)).monthly);
    for (const month of months) {
      const monthly = byYear.get(month.slice(0, 4));
      const i = monthly.months.indexOf(month);
      expect({ month, moved: monthly.inbound_quantity[i] + monthly.outbound_quantity[i] > 0 }).toEqual({ month, moved: true });
    }
    // the opening stock was received in the first month; goods go out in every later one
    const first = byYear.get(months[months.length - 1].slice(0, 4));
    expect(first.inbound_quantity[first.months.indexOf(months[months.length - 1])]).toBeGreaterThan(0);
    expect(Number(first.inbound_amount[first.months.indexOf(months[months.length - 1])])).toBeGreaterThan(10000);

    const data = await c.get('/admin/dashboard/index');
    expect(data.pending).toEqual({ inbound_orders: 2, outbound_orders: 3 });
    expect(data.today.inbound_quantity + data.today.outbound_quantity).toBeGreaterThan(0);

    const stock = await c.get('/admin/wms.Stock/index?limit=1');
    expect(stock.total).toBeGreaterThan(30);
    const history = await c.get('/admin/wms.InventoryHistory/index?limit=1&form_type=70');
    expect(history.total).toBeGreaterThan(0);
    const shipped = await c.get('/admin/wms.Outbound/index?limit=1&search[0][field]=shipment_status&search[0][val]=1&search[0][operator]=eq');
    expect(shipped.total).toBeGreaterThan(10);
  });
});
