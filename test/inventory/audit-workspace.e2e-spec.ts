import ExcelJS from 'exceljs';
import { parseCsv } from '../../src/modules/master-data/transfer/spreadsheet-reader';
import { AuditWorkspaceViews1764001200000 } from '../../migrations/1764001200000-audit-workspace-views';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login, Session } from '../support/api';
import { download } from '../support/download';
import { dayFromToday, lotProduct, outboundLine, receive } from '../support/lots';
import { Client, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';
import { withMigrationsTakenBack } from '../support/migrations';

type Row = Record<string, any>;

/**
 * The auditor's workspace beyond the ledger page: a product's (or a lot's) movement trace with running
 * balances and links to the orders, stock as of a day, and the count and adjustment variances of a period
 * with their value — each paged, exported as CSV and XLSX, and refused without its rules.
 */
describe("the auditor's workspace: trace, stock as of a day, variances", () => {
  let t: TestApp;
  let root: Session;
  let c: Client;
  let w: Warehouse;
  const orders: Record<string, number> = {};

  adminSpec({ warehouse: smallWarehouse, ready: (fixture) => ({ t, session: root, c, w } = fixture) });
  beforeEach(async () => {
    // a product name a spreadsheet would run as a formula, captured by the movements' snapshots
    await t.dataSource.query('UPDATE product SET name = ? WHERE id = ?', ['=1+2', w.products[0].id]);
    // P1: +10 at S1, +4 at S2, -3 at S1, 2 moved S1 → S2, counted +1 at S1, adjusted -2 at S2; P2 between them
    orders.in1 = (await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10 }, { product: 1, shelf: 0, quantity: 5 }])).id;
    orders.in2 = (await stockUp(c, w, [{ product: 0, shelf: 1, quantity: 4 }])).id;
    const out = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 3, actual_quantity: 3, price: '2.00' }] });
    orders.out = (await c.post('Outbound', 'audit', { id: out.id })).id;
    const move = await c.add('Relocation', { lines: [{ product_id: w.products[0].id, source_warehouse_shelf_id: w.shelves[0].id, target_warehouse_shelf_id: w.shelves[1].id, plan_quantity: 2 }] });
    await c.post('Relocation', 'audit', { id: move.id });
    await c.post('Relocation', 'move', { id: move.id, lines: [{ id: move.lines[0].id, quantity: 2 }] });
    orders.move = move.id;
    const count = await c.add('Stocktake', { warehouse_id: w.warehouse.id });
    const started = await c.post('Stocktake', 'start', { id: count.id });
    const lineOf = (product: number, shelf: number) => started.lines.find((l: Row) => l.product_id === w.products[product].id && l.warehouse_shelf_id === w.shelves[shelf].id).id;
    await c.post('Stocktake', 'count', {
      id: count.id,
      lines: [
        { id: lineOf(0, 0), counted_quantity: 6 },
        { id: lineOf(0, 1), counted_quantity: 6 },
        { id: lineOf(1, 0), counted_quantity: 5 },
      ],
    });
    await c.post('Stocktake', 'post', { id: count.id });
    orders.count = count.id;
    const adjustment = await c.add('Adjustment', {
      lines: [
        { product_id: w.products[0].id, warehouse_shelf_id: w.shelves[1].id, quantity: -2, reason: 'damaged' },
        { product_id: w.products[1].id, warehouse_shelf_id: w.shelves[0].id, quantity: 1, reason: 'found' },
      ],
    });
    orders.adjustment = (await c.post('Adjustment', 'audit', { id: adjustment.id })).id;
  });


  const trace = (params: string) => c.get(`/admin/audit.Trace/index?product_id=${w.products[0].id}&${params}`);
  const refused = async (url: string, message: RegExp) => {
    const res = await as(t, root).get(url).set('think-lang', 'en');
    expect(res.body.code).toBe(0);
    expect(res.body.msg).toMatch(message);
  };

  it("traces a product in ledger order with the product's running balance and each movement's order", async () => {
    const { list, total } = await trace('limit=50');
    expect(total).toBe(7);
    expect(list.map((r: Row) => [r.order_type, r.order_id, r.form_type, r.shelf_location.split(' / ')[2], r.quantity, r.balance, r.product_balance])).toEqual([
      ['inbound', orders.in1, 10, 'S1', 10, 10, 10],
      ['inbound', orders.in2, 10, 'S2', 4, 4, 14],
      ['outbound', orders.out, 40, 'S1', -3, 7, 11],
      ['relocation', orders.move, 70, 'S1', -2, 5, 9],
      ['relocation', orders.move, 70, 'S2', 2, 6, 11],
      ['stocktake', orders.count, 80, 'S1', 1, 6, 12],
      ['adjustment', orders.adjustment, 110, 'S2', -2, 4, 10],
    ]);
    // without a lot or place the scope is the product
    expect(list.map((r: Row) => r.scope_balance)).toEqual(list.map((r: Row) => r.product_balance));
    expect(list.every((r: Row) => r.product_name === '=1+2' && /^\d+$/.test(String(r.event_id)))).toBe(true);
    expect(list.map((r: Row) => r.event_id)).toEqual([...list.map((r: Row) => r.event_id)].sort((a, b) => a - b));
    // the last running balance is the stock the ledger folds to
    const stock = await c.get(`/admin/wms.Stock/index?product_id=${w.products[0].id}`);
    expect(stock.list.reduce((sum: number, r: Row) => sum + r.quantity, 0)).toBe(list.at(-1).product_balance);

    // a later page opens with the balance of everything before it
    const page2 = await trace('limit=3&page=2');
    expect(page2.list.map((r: Row) => [r.quantity, r.product_balance])).toEqual([[-2, 9], [2, 11], [1, 12]]);
    expect(page2.total).toBe(7);
  });

  it('traces one shelf or warehouse: its own running balance beside the product’s', async () => {
    const all = (await trace('limit=50')).list;
    const productAt = new Map(all.map((r: Row) => [r.event_id, r.product_balance]));
    const s2 = await trace(`warehouse_shelf_id=${w.shelves[1].id}&limit=50`);
    expect(s2.list.map((r: Row) => [r.order_type, r.quantity, r.scope_balance, r.product_balance])).toEqual([
      ['inbound', 4, 4, 14],
      ['relocation', 2, 6, 11],
      ['adjustment', -2, 4, 10],
    ]);
    for (const r of s2.list) expect(r.product_balance).toBe(productAt.get(r.event_id));
    // page 2 of one row: the scope's and the product's balances before it are summed
    expect((await trace(`warehouse_shelf_id=${w.shelves[1].id}&limit=1&page=2`)).list.map((r: Row) => [r.scope_balance, r.product_balance])).toEqual([[6, 11]]);
    expect((await trace(`warehouse_id=${w.warehouse.id}&limit=50`)).list.map((r: Row) => r.scope_balance)).toEqual([10, 14, 11, 9, 11, 12, 10]);
    // a period hides rows, never the movements before it from the balances
    expect((await trace(`from=${dayFromToday(1)}`)).list).toEqual([]);
    expect((await trace(`to=${dayFromToday(-1)}`)).total).toBe(0);
    expect((await trace(`from=${dayFromToday(0)}&to=${dayFromToday(0)}&limit=2&page=4`)).list.map((r: Row) => r.product_balance)).toEqual([10]);
  });

  it("traces one lot, with the lot's balance and the product's over its lots", async () => {
    const milk = await lotProduct(c, w, 'MILK', 0);
    const received = await receive(c, w, [
      { product: milk, shelf: w.shelves[0], quantity: 10, lot_no: 'A1' },
      { product: milk, shelf: w.shelves[0], quantity: 6, lot_no: 'B2' },
    ]);
    const out = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [outboundLine(milk, w.shelves[0], 3, 'A1')] });
    await c.post('Outbound', 'audit', { id: out.id });
    const lot = await c.get(`/admin/audit.Trace/index?product_id=${milk.id}&lot_no=a1`);
    expect(lot.list.map((r: Row) => [r.order_type, r.order_id, r.lot_no, r.quantity, r.scope_balance, r.product_balance])).toEqual([
      ['inbound', received.id, 'A1', 10, 10, 10],
      ['outbound', out.id, 'A1', -3, 7, 13],
    ]);
  });

  it("opens a movement's order as audited: the snapshot its history rows carry", async () => {
    const moved = await c.get(`/admin/audit.Trace/order?order_type=relocation&order_id=${orders.move}`);
    expect(moved.order).toMatchObject({ order_type: 'relocation', order_id: orders.move, order_no: expect.stringMatching(/^\w+/) });
    // the order itself, as its own detail shows it, with its lines
    expect(moved.row).toMatchObject({ id: orders.move, relocation_no: moved.order.order_no, audit_status: 1 });
    expect(moved.row.lines.map((l: Row) => [l.product_id, l.plan_quantity, l.actual_quantity])).toEqual([[w.products[0].id, 2, 2]]);
    expect(moved.movements.map((m: Row) => [m.form_type, m.quantity, m.shelf_location.split(' / ')[2], m.product_name])).toEqual([
      [70, -2, 'S1', '=1+2'],
      [70, 2, 'S2', '=1+2'],
    ]);
    // the catalogue changing later changes no audited snapshot
    await t.dataSource.query('UPDATE product SET name = ? WHERE id = ?', ['Renamed', w.products[0].id]);
    const counted = await c.get(`/admin/audit.Trace/order?order_type=stocktake&order_id=${orders.count}`);
    expect(counted.movements.map((m: Row) => [m.form_type, m.quantity, m.price, m.total_price, m.product_name])).toEqual([[80, 1, '2.50', '2.50', '=1+2']]);
    expect(counted.row).toMatchObject({ id: orders.count, status: 2 });
    expect(counted.row.lines.find((l: Row) => l.variance === 1)).toMatchObject({ product_id: w.products[0].id, counted_quantity: 6 });
    await refused('/admin/audit.Trace/order?order_type=purchase&order_id=1', /order type must be/);
    await refused(`/admin/audit.Trace/order?order_type=inbound&order_id=${orders.in1 + 1000}`, /moved no stock/);
  });

  it('lists count and adjustment variances of a period with exact values and totals of gains and losses', async () => {
    const answer = await c.get('/admin/audit.Variance/index');
    expect(answer.list.map((r: Row) => [r.order_type, r.order_id, r.form_type, r.product_no, r.quantity, r.price, r.value, r.reason])).toEqual([
      ['stocktake', orders.count, 80, 'P1', 1, '2.50', '2.50', 'count'],
      ['adjustment', orders.adjustment, 110, 'P1', -2, '2.50', '-5.00', 'damaged'],
      ['adjustment', orders.adjustment, 100, 'P2', 1, '10.00', '10.00', 'found'],
    ]);
    expect(answer.totals).toEqual({ gain_lines: 2, gain_quantity: 2, gain_value: '12.50', loss_lines: 1, loss_quantity: 2, loss_value: '-5.00', net_quantity: 0, net_value: '7.50' });
    expect((await c.get('/admin/audit.Variance/index?form_type=80,90')).list.map((r: Row) => r.form_type)).toEqual([80]);
    expect((await c.get(`/admin/audit.Variance/index?warehouse_id=${w.warehouse.id}&from=${dayFromToday(0)}&to=${dayFromToday(0)}`)).total).toBe(3);
    const future = await c.get(`/admin/audit.Variance/index?from=${dayFromToday(1)}`);
    expect(future).toMatchObject({ list: [], total: 0, totals: { gain_value: '0.00', loss_value: '0.00', net_value: '0.00' } });
    await refused('/admin/audit.Variance/index?form_type=10', /form type must be a count/);
    await refused(`/admin/audit.Variance/index?from=${dayFromToday(1)}&to=${dayFromToday(0)}`, /first day comes after/);
  });

  it('answers stock as of a day from the ledger, as the stock page does, and exports it', async () => {
    const today = await c.get(`/admin/audit.Stock/index?asof=${dayFromToday(0)}&product_id=${w.products[0].id}`);
    expect(today.list.map((r: Row) => [r.shelf.name, r.quantity, r.value])).toEqual([
      // S1: 10 in at 1.00, 3 out, 2 moved away, 1 counted in at 2.50: the 6 left are that 1 and 5 of the 10
      ['S1', 6, '7.50'],
      // S2: 4 in at 1.00, 2 moved in at ${'$'}{movePrice}, 2 adjusted out: the 2 moved in and 2 of the 4
      ['S2', 4, expect.any(String)],
    ]);
    // the totals of every row selected, not of the page
    expect(today.totals).toEqual({ quantity: 10, value: '14.50' });
    expect((await c.get(`/admin/audit.Stock/index?asof=${dayFromToday(0)}&product_id=${w.products[0].id}&limit=1`)).totals).toEqual({ quantity: 10, value: '14.50' });
    expect((await c.get(`/admin/wms.Stock/index?asof=${dayFromToday(0)}&product_id=${w.products[0].id}`)).list).toEqual(today.list);
    expect((await c.get(`/admin/audit.Stock/index?asof=${dayFromToday(-1)}`)).total).toBe(0);
    await refused('/admin/audit.Stock/index?asof=yesterday', /YYYY-MM-DD/);
    const csv = await download(t, `/admin/audit.Stock/export?asof=${dayFromToday(0)}`, root.token);
    const rows = parseCsv(csv.body.toString('utf8').replace(/^\uFEFF/, '')).map((r) => r.cells);
    expect(rows[0]).toContain('On hand');
    expect(rows[0]).toContain('Value (first in, first out)');
    expect(rows.slice(1).map((r) => [r[1], r[5], r[8]]).sort()).toEqual([["'=1+2", 'S1', '6'], ["'=1+2", 'S2', '4'], ['Product 2', 'S1', '6']]);
    const xlsx = await download(t, `/admin/audit.Stock/export?asof=${dayFromToday(0)}&format=xlsx&product_id=${w.products[0].id}`, root.token);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(3);
    expect([2, 3].map((n) => [sheet.getRow(n).getCell(2).value, sheet.getRow(n).getCell(9).value])).toEqual([
      ['=1+2', 6],
      ['=1+2', 4],
    ]);
    expect(sheet.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.String);
  });

  it('exports the trace and the variances as CSV and XLSX, formulas neutralised, balances carried across pages', async () => {
    const csv = await download(t, `/admin/audit.Trace/export?product_id=${w.products[0].id}`, root.token);
    expect(csv.type).toMatch(/^text\/csv/);
    const rows = parseCsv(csv.body.toString('utf8').replace(/^\uFEFF/, '')).map((r) => r.cells);
    const header = rows[0];
    expect(header).toEqual(expect.arrayContaining(['Running balance (product)', 'Running balance (filters)', 'Order', 'Product']));
    expect(rows.slice(1).map((r) => r[header.indexOf('Running balance (product)')])).toEqual(['10', '14', '11', '9', '11', '12', '10']);
    expect(new Set(rows.slice(1).map((r) => r[header.indexOf('Product')]))).toEqual(new Set(["'=1+2"]));
    // pages of 2 rows carry the balances from page to page as one read does
    const scanned: Row[] = [];
    const { MovementTraceReader } = await import('../../src/modules/inventory/queries/audit-workspace/movement-trace.reader');
    for await (const chunk of t.app.get(MovementTraceReader).scan({ productId: w.products[0].id, lotNo: null, warehouseId: null, shelfId: w.shelves[1].id, period: { from: null, to: null, since: null, until: null } }, 2)) scanned.push(...chunk);
    expect(scanned.map((r) => [r.scope_balance, r.product_balance])).toEqual([[4, 14], [6, 11], [4, 10]]);

    const xlsx = await download(t, `/admin/audit.Variance/export?format=xlsx`, root.token);
    expect(xlsx.type).toMatch(/spreadsheetml/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const head = (sheet.getRow(1).values as unknown[]).slice(1);
    const value = head.indexOf('Value') + 1;
    const product = head.indexOf('Product') + 1;
    expect([2, 3, 4].map((n) => sheet.getRow(n).getCell(value).value)).toEqual([2.5, -5, 10]);
    // why each changed stock: the count, then each adjustment line's reason in the reader's language
    const reason = head.indexOf('Reason') + 1;
    expect([2, 3, 4].map((n) => sheet.getRow(n).getCell(reason).value)).toEqual(['Count', 'Damaged', 'Found']);
    const zh = await download(t, `/admin/audit.Variance/export?format=csv&lang=zh-cn`, root.token);
    expect(zh.body.toString('utf8')).toMatch(/原因[\s\S]*盘点[\s\S]*损坏/);
    expect(sheet.getRow(2).getCell(product).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(product).value).toBe('=1+2');
    const traceXlsx = await download(t, `/admin/audit.Trace/export?format=xlsx&product_id=${w.products[0].id}&warehouse_shelf_id=${w.shelves[1].id}`, root.token);
    const traceBook = new ExcelJS.Workbook();
    await traceBook.xlsx.load(traceXlsx.body as unknown as ArrayBuffer);
    expect(traceBook.worksheets[0].rowCount).toBe(4);
  });

  it('refuses bad input with a translated message', async () => {
    await refused('/admin/audit.Trace/index', /Choose the product/);
    await refused(`/admin/audit.Trace/index?product_id=${w.products[0].id}&limit=1000`, /1 to 200 rows/);
    await refused(`/admin/audit.Trace/index?product_id=${w.products[0].id}&lot_no=${'x'.repeat(40)}`, /lot number/);
    await refused(`/admin/audit.Trace/index?product_id=${w.products[0].id}&from=2026-02-30`, /YYYY-MM-DD/);
    await refused('/admin/audit.Trace/index?product_id=-1', /positive whole number/);
    const zh = await as(t, root).get('/admin/audit.Trace/index').set('think-lang', 'zh-cn');
    expect(zh.body.msg).toBe('请选择要追溯的商品');
  });

  it('lets the seeded Auditor group read every view, and no one without the rules', async () => {
    const rules: Row[] = await t.dataSource.query("SELECT id, name FROM admin_rule WHERE name LIKE 'audit/trace%' OR name LIKE 'audit/stock%' OR name LIKE 'audit/variance%'");
    expect(rules.map((r) => r.name).sort()).toEqual(['audit/stock', 'audit/stock/export', 'audit/stock/index', 'audit/trace', 'audit/trace/export', 'audit/trace/index', 'audit/trace/order', 'audit/variance', 'audit/variance/export', 'audit/variance/index']);
    const [group] = await t.dataSource.query("SELECT id, rules FROM admin_group WHERE name = '审计员'");
    const held = new Set(String(group.rules).split(','));
    expect(rules.filter((r) => !held.has(String(r.id)))).toEqual([]);
    const { adminId } = await createAdmin(t, 'auditor1', []);
    await t.dataSource.query('UPDATE admin_group_access SET group_id = ? WHERE uid = ?', [group.id, adminId]);
    const auditor = await login(t, 'auditor1');
    await createAdmin(t, 'clerk', ['wms/stock/index', 'wms/inventoryHistory/index', 'audit/ledger/index']);
    const clerk = await login(t, 'clerk');
    const urls = [
      `/admin/audit.Trace/index?product_id=${w.products[0].id}`,
      `/admin/audit.Trace/export?product_id=${w.products[0].id}`,
      // a count, which the Auditor group may not open on the count pages
      `/admin/audit.Trace/order?order_type=stocktake&order_id=${orders.count}`,
      `/admin/audit.Stock/index?asof=${dayFromToday(0)}`,
      `/admin/audit.Stock/export?asof=${dayFromToday(0)}`,
      '/admin/audit.Variance/index',
      '/admin/audit.Variance/export?format=xlsx',
    ];
    for (const url of urls) {
      const allowed = await download(t, url, auditor.token);
      expect({ url, status: allowed.status, code: allowed.json?.code ?? 1 }).toEqual({ url, status: 200, code: 1 });
      const denied = await download(t, url, clerk.token);
      expect({ url, code: denied.json?.code }).toEqual({ url, code: 401 });
      const anonymous = await download(t, url, null);
      expect({ url, code: anonymous.json?.code }).toEqual({ url, code: 302 });
    }
  });

  it('migration 1764001200000: adds the views to a database seeded before, granted to the groups holding the ledger page', async () => {
    const { groupId: ledgerReaders } = await createAdmin(t, 'reader', ['audit/ledger/index']);
    const { groupId: clerks } = await createAdmin(t, 'clerk2', ['wms/stock/index']);
    const rulesOf = async (groupId: number) => {
      const [g] = await t.dataSource.query('SELECT rules FROM admin_group WHERE id = ?', [groupId]);
      const ids = String(g.rules).split(',').filter(Boolean);
      if (!ids.length) return [];
      const rows: Row[] = await t.dataSource.query(`SELECT name FROM admin_rule WHERE id IN (${ids.map(() => '?').join(',')})`, ids.map(Number));
      return rows.map((r) => r.name).sort();
    };
    await withMigrationsTakenBack(t.dataSource, AuditWorkspaceViews1764001200000, async () => {
      expect(await t.dataSource.query("SELECT id FROM admin_rule WHERE name LIKE 'audit/trace%'")).toEqual([]);
      expect((await rulesOf(ledgerReaders)).filter((n) => n.startsWith('audit/trace'))).toEqual([]);
    });
    expect(await rulesOf(ledgerReaders)).toEqual(
      ['audit/ledger/index', 'audit/stock', 'audit/stock/export', 'audit/stock/index', 'audit/trace', 'audit/trace/export', 'audit/trace/index', 'audit/trace/order', 'audit/variance', 'audit/variance/export', 'audit/variance/index', 'wms/product/index', 'wms/shelf/index', 'wms/warehouse/index'].sort(),
    );
    expect(await rulesOf(clerks)).toEqual(['wms/stock/index']);
    const [auditors] = await t.dataSource.query("SELECT id FROM admin_group WHERE name = '审计员'");
    expect(await rulesOf(auditors.id)).toEqual(expect.arrayContaining(['audit/trace/order', 'audit/variance/index', 'audit/stock/export']));
    const pages: Row[] = await t.dataSource.query("SELECT r.name, r.component, p.name AS parent FROM admin_rule r JOIN admin_rule p ON p.id = r.pid WHERE r.name IN ('audit/trace', 'audit/stock', 'audit/variance') ORDER BY r.name");
    expect(pages.map((r) => [r.name, r.parent, r.component])).toEqual([
      ['audit/stock', 'audit', '/src/pages/admin/audit/stock/index.tsx'],
      ['audit/trace', 'audit', '/src/pages/admin/audit/trace/index.tsx'],
      ['audit/variance', 'audit', '/src/pages/admin/audit/variance/index.tsx'],
    ]);
    const reader = await login(t, 'reader');
    expect((await as(t, reader).get(`/admin/audit.Trace/index?product_id=${w.products[0].id}`)).body.code).toBe(1);
  });
});
