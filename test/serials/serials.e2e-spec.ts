import { LedgerVerifier, ProjectionRebuilder } from '../../src/modules/inventory';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login } from '../support/api';
import { adminSpec } from '../support/admin-spec';
import { Client, smallWarehouse, stockOf, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

/**
 * Serial numbers: serial-tracked products, lines carrying one serial per unit, every movement
 * checked against where each serial is, the serial projection and `wms.Serial/index`, concurrent receipts of one
 * serial, the ledger and the rebuild with serials.
 */
describe('serial numbers', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (f) => ((t = f.t), (c = f.c), (w = f.w)) });

  /** Product 1 becomes serial-tracked (the product form's switch). */
  const track = () => c.post('Product', 'edit', { ...w.products[0], serial_tracked: 1 });
  const S1 = () => w.shelves[0].id;
  const S2 = () => w.shelves[1].id;
  const P1 = () => w.products[0].id;
  const inboundBody = (serials: unknown[], quantity = serials.length, product = P1(), shelf = S1()) => ({
    supplier_id: w.supplier.id,
    type: 10,
    lines: [{ product_id: product, warehouse_shelf_id: shelf, plan_quantity: quantity, actual_quantity: quantity, price: '3.00', serials }],
  });
  const receive = async (serials: string[], shelf = S1()) => c.post('Inbound', 'audit', { id: (await c.add('Inbound', inboundBody(serials, serials.length, P1(), shelf))).id });
  const outboundBody = (serials: string[] | undefined, quantity: number, shelf = S1()) => ({
    customer_id: w.customer.id,
    type: 10,
    lines: [{ product_id: P1(), warehouse_shelf_id: shelf, plan_quantity: quantity, actual_quantity: quantity, price: '5.00', ...(serials ? { serials } : {}) }],
  });
  const serial = async (serialNo: string): Promise<Row> => (await c.get(`/admin/wms.Serial/index?product_id=${P1()}&serial_no=${encodeURIComponent(serialNo)}`)).list[0];
  const refusal = async (res: Promise<{ body: Row }>) => {
    const { body } = await res;
    expect(body.code).toBe(0);
    return body.msg as string;
  };

  it('keeps serial_tracked on the product form and list (0 by default, 0 or 1 only)', async () => {
    expect(w.products[0]).toMatchObject({ serial_tracked: 0 });
    expect(await track()).toMatchObject({ serial_tracked: 1 });
    expect((await c.get('/admin/wms.Product/index?serial_tracked=1')).list.map((p: Row) => p.product_no)).toEqual(['P1']);
    expect((await c.raw.post('/admin/wms.Product/edit', { ...w.products[1], serial_tracked: 2 })).body.code).toBe(0);
  });

  it('refuses lines whose serials are not one distinct, bounded serial per unit, in both languages; trims and upper-cases them', async () => {
    await track();
    expect(await refusal(c.raw.post('/admin/wms.Inbound/add', inboundBody(['A1', 'A2'], 3)))).toBe('Line 1: Product 1 (P1) is serial-tracked: 3 units need 3 serial numbers, 2 given');
    expect(await refusal(c.raw.post('/admin/wms.Inbound/add', inboundBody(['A1', ' A1 '])))).toBe('Line 1: serial number A1 of Product 1 (P1) is given twice');
    expect(await refusal(c.raw.post('/admin/wms.Inbound/add', inboundBody(['A1', ' ']))) ).toBe('Line 1: a serial number of Product 1 (P1) is empty');
    expect(await refusal(c.raw.post('/admin/wms.Inbound/add', inboundBody(['X'.repeat(65)])))).toContain('at most 64 characters');
    expect(await refusal(c.raw.post('/admin/wms.Inbound/add', inboundBody(['X'.repeat(201)])))).toBeTruthy();
    expect(await refusal(c.raw.post('/admin/wms.Inbound/add', inboundBody(Array.from({ length: 10_001 }, (_, i) => `N${i}`))))).toBeTruthy();
    const zh = await c.raw.post('/admin/wms.Inbound/add', inboundBody(['A1', 'A1'])).set('think-lang', 'zh-cn');
    expect(zh.body).toMatchObject({ code: 0, msg: '第 1 行：Product 1 (P1) 的序列号 A1 重复' });
    // a product without serials takes none
    expect(await refusal(c.raw.post('/admin/wms.Inbound/add', inboundBody(['B1'], 1, w.products[1].id)))).toBe('Product 2 (P2) is not serial-tracked and takes no serial numbers');
    const order = await c.add('Inbound', inboundBody([' sn-1 ', 'SN-2']));
    expect(order.lines[0]).toMatchObject({ serials: ['SN-1', 'SN-2'], product: { serial_tracked: 1 } });
    expect((await c.get(`/admin/wms.Inbound/edit?id=${order.id}`)).row.lines[0].serials).toEqual(['SN-1', 'SN-2']);
  });

  it('receives serials: each event keeps them (hash-chained), the projection says where each is, a receipt of a serial in stock is refused', async () => {
    await track();
    // a serial-tracked receipt without serials is refused at audit
    const bare = await c.add('Inbound', inboundBody([], 2));
    expect(await refusal(c.raw.post('/admin/wms.Inbound/audit', { id: bare.id }))).toBe('Product 1 (P1) is serial-tracked: scan one serial number per unit (2 needed)');
    await receive(['SN-1', 'SN-2', 'SN-3']);
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 3 });
    const [event] = await t.dataSource.query('SELECT payload FROM inventory_event ORDER BY id DESC LIMIT 1');
    expect(JSON.parse(event.payload)).toMatchObject({ quantity: 3, serials: ['SN-1', 'SN-2', 'SN-3'] });
    expect(await serial('sn-2')).toMatchObject({ serial_no: 'SN-2', in_stock: 1, warehouse_shelf_id: S1(), shelf_location: 'Main / Area A / S1', product: { name: 'Product 1', product_no: 'P1' } });
    // again, even onto another shelf: refused, naming where it is; nothing moved
    const again = await c.add('Inbound', inboundBody(['SN-9', 'SN-2'], 2, P1(), S2()));
    expect(await refusal(c.raw.post('/admin/wms.Inbound/audit', { id: again.id }))).toBe('Serial number SN-2 of Product 1 (P1) is in stock already (on Main / Area A / S1): a unit is received once');
    const zh = await c.raw.post('/admin/wms.Inbound/audit', { id: again.id }).set('think-lang', 'zh-cn');
    expect(zh.body.msg).toBe('Product 1 (P1) 的序列号 SN-2 已在库（Main / Area A / S1）：同一件只能入库一次');
    expect(await stockOf(t)).toEqual({ 'P1@S1': 3 });
    expect(await serial('SN-9')).toBeUndefined();
    // two lines of one receipt naming one serial: refused
    const twice = await c.add('Inbound', { ...inboundBody(['SN-7']), lines: [...inboundBody(['SN-7']).lines, ...inboundBody(['SN-7'], 1, P1(), S2()).lines] });
    expect(await refusal(c.raw.post('/admin/wms.Inbound/audit', { id: twice.id }))).toContain('SN-7');
  });

  it('ships only serials on the shelf, refuses an outbound without serials, and answers a serial history in → out', async () => {
    await track();
    await receive(['SN-1', 'SN-2']);
    await receive(['SN-5'], S2());
    const without = await c.add('Outbound', outboundBody(undefined, 1));
    expect(await refusal(c.raw.post('/admin/wms.Outbound/audit', { id: without.id }))).toBe('Product 1 (P1) is serial-tracked: scan one serial number per unit (1 needed)');
    const elsewhere = await c.add('Outbound', outboundBody(['SN-5'], 1));
    expect(await refusal(c.raw.post('/admin/wms.Outbound/audit', { id: elsewhere.id }))).toBe('Serial number SN-5 of Product 1 (P1) is not on shelf Main / Area A / S1');
    const unknown = await c.add('Outbound', outboundBody(['NOPE'], 1));
    expect(await refusal(c.raw.post('/admin/wms.Outbound/audit', { id: unknown.id }))).toContain('NOPE');
    const ship = await c.add('Outbound', outboundBody(['sn-2'], 1));
    await c.post('Outbound', 'audit', { id: ship.id });
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 1, 'P1@S2': 1 });
    const shipped = await serial('SN-2');
    expect(shipped).toMatchObject({ in_stock: 0, warehouse_shelf_id: S1() });
    expect(shipped.movements.map((m: Row) => [m.order_type, m.form_type, m.direction, m.shelf_location])).toEqual([
      ['inbound', 10, 1, 'Main / Area A / S1'],
      ['outbound', 40, -1, 'Main / Area A / S1'],
    ]);
    expect(shipped.movements[1].order_no).toBe(ship.outbound_no);
    // shipped already: a second outbound of it is refused
    const again = await c.add('Outbound', outboundBody(['SN-2'], 1));
    expect(await refusal(c.raw.post('/admin/wms.Outbound/audit', { id: again.id }))).toContain('SN-2');
    // it may come back (a new receipt of a serial no longer in stock)
    await receive(['SN-2'], S2());
    expect((await serial('SN-2')).movements).toHaveLength(3);
    // the list: by product, in stock or not, paged
    const list = await c.get(`/admin/wms.Serial/index?product_id=${P1()}&in_stock=1&limit=2`);
    expect(list.total).toBe(3);
    expect(list.list).toHaveLength(2);
  });

  it('moves serials between shelves with a relocation and takes them with an adjustment, only from the shelf they are on', async () => {
    await track();
    await receive(['SN-1', 'SN-2', 'SN-3']);
    const relocation = await c.add('Relocation', { lines: [{ product_id: P1(), source_warehouse_shelf_id: S1(), target_warehouse_shelf_id: S2(), plan_quantity: 2 }] });
    await c.post('Relocation', 'audit', { id: relocation.id });
    const line = relocation.lines[0].id;
    expect(await refusal(c.raw.post('/admin/wms.Relocation/move', { id: relocation.id, lines: [{ id: line, quantity: 1 }] }))).toBe('Product 1 (P1) is serial-tracked: scan one serial number per unit (1 needed)');
    expect(await refusal(c.raw.post('/admin/wms.Relocation/move', { id: relocation.id, lines: [{ id: line, quantity: 2, serials: ['SN-1'] }] }))).toContain('2 units need 2 serial numbers, 1 given');
    const moved = await c.post('Relocation', 'move', { id: relocation.id, lines: [{ id: line, quantity: 1, serials: ['SN-1'] }] });
    expect(moved.lines[0]).toMatchObject({ actual_quantity: 1, serials: ['SN-1'] });
    expect(await serial('SN-1')).toMatchObject({ in_stock: 1, warehouse_shelf_id: S2() });
    expect(await refusal(c.raw.post('/admin/wms.Relocation/move', { id: relocation.id, lines: [{ id: line, quantity: 1, serials: ['SN-1'] }] }))).toBe('Serial number SN-1 of Product 1 (P1) is not on shelf Main / Area A / S1');
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 2, 'P1@S2': 1 });

    const out = await c.add('Adjustment', { lines: [{ product_id: P1(), warehouse_shelf_id: S1(), quantity: -1, reason: 'damaged', serials: ['SN-1'] }] });
    expect(await refusal(c.raw.post('/admin/wms.Adjustment/audit', { id: out.id }))).toBe('Serial number SN-1 of Product 1 (P1) is not on shelf Main / Area A / S1');
    const damaged = await c.add('Adjustment', { lines: [{ product_id: P1(), warehouse_shelf_id: S1(), quantity: -1, reason: 'damaged', serials: ['SN-3'] }] });
    await c.post('Adjustment', 'audit', { id: damaged.id });
    const found = await c.add('Adjustment', { lines: [{ product_id: P1(), warehouse_shelf_id: S1(), quantity: 1, reason: 'found', serials: ['SN-8'] }] });
    await c.post('Adjustment', 'audit', { id: found.id });
    expect(await serial('SN-3')).toMatchObject({ in_stock: 0 });
    expect(await serial('SN-8')).toMatchObject({ in_stock: 1, warehouse_shelf_id: S1() });
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 2, 'P1@S2': 1 });
  });

  it('lists the serials expected on a shelf in a count and counts serials: missing and extra serials become the variance', async () => {
    await track();
    await receive(['SN-1', 'SN-2', 'SN-3']);
    const count = await c.add('Stocktake', { warehouse_id: w.warehouse.id, warehouse_shelf_id: S1() });
    const started = await c.post('Stocktake', 'start', { id: count.id });
    const line = started.lines.find((l: Row) => l.product_id === P1());
    expect(line).toMatchObject({ book_quantity: 3, expected_serials: ['SN-1', 'SN-2', 'SN-3'], counted_serials: null });
    expect(await refusal(c.raw.post('/admin/wms.Stocktake/count', { id: count.id, lines: [{ id: line.id, counted_quantity: 3 }] }))).toContain('serial-tracked');
    expect(await refusal(c.raw.post('/admin/wms.Stocktake/count', { id: count.id, lines: [{ id: line.id, counted_quantity: 3, serials: ['SN-1', 'SN-1', 'SN-4'] }] }))).toContain('given twice');
    // SN-3 is missing, SN-4 was found on the shelf: quantity 3 either way, two events
    const counted = await c.post('Stocktake', 'count', { id: count.id, lines: [{ id: line.id, counted_quantity: 3, serials: ['sn-1', 'SN-2', 'SN-4'] }] });
    expect(counted.lines.find((l: Row) => l.id === line.id)).toMatchObject({ counted_quantity: 3, counted_serials: ['SN-1', 'SN-2', 'SN-4'] });
    const posted = await c.post('Stocktake', 'post', { id: count.id });
    expect(posted.lines.find((l: Row) => l.id === line.id)).toMatchObject({ variance: 0, expected_serials: ['SN-1', 'SN-2', 'SN-3'] });
    expect(await serial('SN-3')).toMatchObject({ in_stock: 0 });
    expect((await serial('SN-3')).movements.map((m: Row) => [m.form_type, m.direction])).toEqual([[10, 1], [90, -1]]);
    expect(await serial('SN-4')).toMatchObject({ in_stock: 1, warehouse_shelf_id: S1() });
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 3 });
    // a second count that finds one serial fewer posts a loss of 1
    const next = await c.add('Stocktake', { warehouse_id: w.warehouse.id, warehouse_shelf_id: S1() });
    const again = await c.post('Stocktake', 'start', { id: next.id });
    const l2 = again.lines.find((l: Row) => l.product_id === P1());
    await c.post('Stocktake', 'count', { id: next.id, lines: [{ id: l2.id, counted_quantity: 2, serials: ['SN-1', 'SN-4'] }] });
    expect((await c.post('Stocktake', 'post', { id: next.id })).lines.find((l: Row) => l.id === l2.id)).toMatchObject({ variance: -1 });
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 2 });
  });

  it('confirms a putaway task with the serials moved: only serials on the dock, each landing on the shelf', async () => {
    await track();
    const dock = await c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: 'DOCK', serial_no: 'DOCK', kind: 1 });
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, warehouse_id: w.warehouse.id, lines: [{ product_id: P1(), plan_quantity: 2, actual_quantity: 2, price: '3.00', warehouse_shelf_id: 0, serials: ['PT-1', 'PT-2'] }] });
    await c.post('Inbound', 'audit', { id: order.id });
    expect(await serial('PT-1')).toMatchObject({ in_stock: 1, warehouse_shelf_id: dock.id });
    const [task] = (await c.get('/admin/wms.Task/index?type=2&limit=10')).list;
    const confirm = (serials: string[]) => c.raw.post('/admin/wms.Task/confirm', { id: task.id, from_code: 'DOCK', product_code: 'P1', quantity: 2, to_code: 'S2', serials });
    expect(await refusal(confirm([]))).toContain('serial-tracked');
    expect(await refusal(confirm(['PT-1', 'NOPE']))).toBe('Serial number NOPE of Product 1 (P1) is not on shelf Main / Area A / DOCK');
    expect((await confirm(['PT-1', 'PT-2'])).body.code).toBe(1);
    expect(await serial('PT-2')).toMatchObject({ in_stock: 1, warehouse_shelf_id: S2() });
    expect((await serial('PT-2')).movements.map((m: Row) => [m.form_type, m.direction, m.shelf_location])).toEqual([
      [10, 1, 'Main / Area A / DOCK'],
      [130, -1, 'Main / Area A / DOCK'],
      [130, 1, 'Main / Area A / S2'],
    ]);
  });

  it('admits exactly one of 20 concurrent receipts of one serial', async () => {
    await track();
    const orders = await Promise.all(Array.from({ length: 20 }, (_, i) => c.add('Inbound', inboundBody([`DUP-1`, `OWN-${i}`], 2, P1(), w.shelves[i % 2].id))));
    const answers = await Promise.all(orders.map((o) => c.raw.post('/admin/wms.Inbound/audit', { id: o.id })));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 0).every((a) => /DUP-1/.test(a.body.msg))).toBe(true);
    const [{ n }] = await t.dataSource.query("SELECT COUNT(*) AS n FROM stock_serial WHERE serial_no = 'DUP-1' AND in_stock = 1");
    expect(Number(n)).toBe(1);
    const total = Object.values(await stockOf(t)).reduce((a, b) => a + b, 0);
    expect(total).toBe(2);
  });

  it('rebuilds the serial projection from the ledger and verifies the chain with serials in it', async () => {
    await track();
    await receive(['SN-1', 'SN-2']);
    const ship = await c.add('Outbound', outboundBody(['SN-1'], 1));
    await c.post('Outbound', 'audit', { id: ship.id });
    const before = await t.dataSource.query('SELECT product_id, serial_no, warehouse_shelf_id, lot_no, in_stock, last_event_id FROM stock_serial ORDER BY serial_no');
    // a projection row out of line is found and put right by the rebuild
    await t.dataSource.query("UPDATE stock_serial SET in_stock = 1 WHERE serial_no = 'SN-1'");
    const report = await t.app.get(ProjectionRebuilder).rebuild();
    expect(report).toMatchObject({ matched: false, differing: ['serials'], ledgerProblems: [] });
    expect(await t.dataSource.query('SELECT product_id, serial_no, warehouse_shelf_id, lot_no, in_stock, last_event_id FROM stock_serial ORDER BY serial_no')).toEqual(before);
    expect(await t.app.get(ProjectionRebuilder).rebuild()).toMatchObject({ matched: true, ledgerProblems: [] });
    const verified = await t.app.get(LedgerVerifier).verify({ digest: null, adminId: 1, source: 'cli' });
    expect(verified).toMatchObject({ problem: null });
  });

  it('answers wms.Serial/index only with its permission, bounded input', async () => {
    await createAdmin(t, 'clerk', ['wms/stock', 'wms/stock/index']);
    const clerk = as(t, await login(t, 'clerk'));
    expect((await clerk.get('/admin/wms.Serial/index')).body.code).toBe(401);
    expect((await c.raw.get('/admin/wms.Serial/index?limit=101')).body.code).toBe(0);
    expect((await c.raw.get(`/admin/wms.Serial/index?serial_no=${'X'.repeat(65)}`)).body.code).toBe(0);
    expect((await c.raw.get("/admin/wms.Serial/index?serial_no=' OR 1=1 --")).body).toMatchObject({ code: 1, data: { total: 0 } });
  });
});
