import { ProjectionRebuilder } from '../../src/modules/inventory';
import { OrdersLedgerReader } from '../../src/modules/orders/queries/orders-ledger/orders-ledger.reader';
import { TestApp } from '../setup/create-test-app';
import { ledgerViolations, orderLedgerMismatches } from '../support/ledger';
import { dayFromToday, inboundLine, lotProduct, lotStock, receive } from '../support/lots';
import { Client, smallWarehouse, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

type Row = Record<string, any>;

/** Lots on receipt: which lines need a lot, the dates a lot gets and keeps, and what the ledger records. */
describe('lots received on inbound orders', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  let milk: Row;

  adminSpec({ warehouse: smallWarehouse, ready: (fixture) => ({ t, c, w } = fixture) });
  beforeEach(async () => {
    milk = await lotProduct(c, w, 'MILK', 10);
  });
  afterEach(async () => {
    expect(await ledgerViolations(t)).toEqual([]);
    expect(await orderLedgerMismatches(t)).toEqual([]);
  });

  const addInbound = (lines: Array<Record<string, unknown>>) => c.raw.post('/admin/wms.Inbound/add', { supplier_id: w.supplier.id, type: 10, lines });
  const eventCount = async () => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM inventory_event'))[0].n);

  it('products answer lot_tracked and filter by it', async () => {
    const { row } = await c.get(`/admin/wms.Product/edit?id=${milk.id}`);
    expect(row).toMatchObject({ lot_tracked: 1, effective_day: 10 });
    expect((await c.get('/admin/wms.Product/index?lot_tracked=1')).list.map((p: Row) => p.product_no)).toEqual(['MILK']);
  });

  it('refuses, with a translated message and writing nothing, the lot rules broken on save', async () => {
    const line = (over: Record<string, unknown>) => ({ ...inboundLine({ product: milk, shelf: w.shelves[0], quantity: 5, lot_no: 'L1' }), ...over });
    const before = Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM inbound_order'))[0].n);
    expect((await addInbound([line({ lot_no: '' })])).body).toMatchObject({ code: 0, msg: 'Line 1: Lot product MILK (MILK) is lot-tracked, please enter its lot number' });
    expect((await addInbound([inboundLine({ product: w.products[0], shelf: w.shelves[0], quantity: 1, lot_no: 'X1' })])).body).toMatchObject({
      code: 0,
      msg: 'Line 1: Product 1 (P1) is not lot-tracked and takes no lot number',
    });
    expect((await addInbound([line({ production_date: '2026-03-10', expiry_date: '2026-03-01' })])).body).toMatchObject({
      code: 0,
      msg: 'Line 1: the expiry date 2026-03-01 is before the production date 2026-03-10',
    });
    expect((await addInbound([line({ production_date: '2026-02-30' })])).body).toMatchObject({ code: 0, msg: 'Line 1: dates are written YYYY-MM-DD and must exist' });
    expect((await addInbound([line({ production_date: '10/03/2026' })])).body).toMatchObject({ code: 0, msg: 'Production date is not in the right format' });
    expect((await addInbound([line({ lot_no: 'L 1' })])).body).toMatchObject({ code: 0, msg: 'Line 1: a lot number holds letters, digits and . _ / -, at most 32 characters' });
    expect((await c.raw.post('/admin/wms.Inbound/add?lang=zh-cn', { supplier_id: w.supplier.id, type: 10, lines: [line({ lot_no: '' })] }).set('think-lang', 'zh-cn')).body.msg).toBe(
      '第 1 行：商品 Lot product MILK (MILK) 按批次管理，请填写批次号',
    );
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM inbound_order'))[0].n)).toBe(before);
  });

  it('derives the expiry from the production date and shelf life, keeps lot numbers upper-case, and answers allocations after audit', async () => {
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [inboundLine({ product: milk, shelf: w.shelves[0], quantity: 6, lot_no: ' l-001 ', production_date: '2026-01-25' })] });
    expect(order.lines[0]).toMatchObject({ lot_no: 'L-001', production_date: '2026-01-25', expiry_date: '2026-02-04', allocations: [] });
    const audited = await c.post('Inbound', 'audit', { id: order.id });
    expect(audited.lines[0].allocations).toEqual([{ lot_no: 'L-001', quantity: 6 }]);
    const { list } = await c.get(`/admin/wms.Stock/index?product_id=${milk.id}`);
    expect(list).toMatchObject([{ lot_no: 'L-001', production_date: '2026-01-25', expiry_date: '2026-02-04', quantity: 6 }]);
    const history = await c.get(`/admin/wms.InventoryHistory/index?order_no=${order.receipt_no}`);
    expect(history.list).toMatchObject([{ lot_no: 'L-001', expiry_date: '2026-02-04', quantity: 6, balance: 6 }]);
    const [event] = await t.dataSource.query('SELECT stream_id, type, payload FROM inventory_event ORDER BY id DESC LIMIT 1');
    expect(event).toMatchObject({ stream_id: `stock-${milk.id}-${w.shelves[0].id}-L-001`, type: 'inventory.stock-received.v2' });
    expect(JSON.parse(event.payload)).toMatchObject({ lot_no: 'L-001', production_date: '2026-01-25', expiry_date: '2026-02-04' });
  });

  it("fixes a lot's dates by its first receipt: a later receipt (any shelf) may repeat or omit them, never change them", async () => {
    await receive(c, w, [{ product: milk, shelf: w.shelves[0], quantity: 4, lot_no: 'A1', production_date: '2026-05-01', expiry_date: '2026-06-01' }]);
    await receive(c, w, [{ product: milk, shelf: w.shelves[1], quantity: 2, lot_no: 'a1' }]);
    await receive(c, w, [{ product: milk, shelf: w.shelves[1], quantity: 1, lot_no: 'A1', expiry_date: '2026-06-01' }]);
    expect(await lotStock(c, milk)).toEqual({ 'S1/A1': 4, 'S2/A1': 3 });
    const { list } = await c.get(`/admin/wms.Stock/index?product_id=${milk.id}&warehouse_shelf_id=${w.shelves[1].id}`);
    expect(list[0]).toMatchObject({ production_date: '2026-05-01', expiry_date: '2026-06-01' });

    const events = await eventCount();
    const order = await c.add('Inbound', {
      supplier_id: w.supplier.id,
      type: 10,
      lines: [inboundLine({ product: milk, shelf: w.shelves[0], quantity: 1, lot_no: 'B1' }), inboundLine({ product: milk, shelf: w.shelves[1], quantity: 9, lot_no: 'A1', expiry_date: '2026-07-01' })],
    });
    const refused = await c.raw.post('/admin/wms.Inbound/audit', { id: order.id });
    expect(refused.body).toMatchObject({ code: 0, msg: 'Lot A1 of Lot product MILK (MILK) was first received with production date 2026-05-01 and expiry date 2026-06-01; a later receipt cannot give it other dates' });
    expect(await eventCount()).toBe(events);
    expect((await c.get(`/admin/wms.Inbound/edit?id=${order.id}`)).row.audit_status).toBe(0);
    expect(await lotStock(c, milk)).toEqual({ 'S1/A1': 4, 'S2/A1': 3 });
    expect(Number((await t.dataSource.query("SELECT COUNT(*) AS n FROM stock_lot WHERE lot_no = 'B1'"))[0].n)).toBe(0);
  });

  it('refuses at audit a line whose product became lot-tracked after the order was saved', async () => {
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [inboundLine({ product: w.products[0], shelf: w.shelves[0], quantity: 3 })] });
    await c.raw.post('/admin/wms.Product/edit', { ...w.products[0], lot_tracked: 1 });
    expect((await c.raw.post('/admin/wms.Inbound/audit', { id: order.id })).body).toMatchObject({ code: 0, msg: 'Line 1: Product 1 (P1) is lot-tracked, please enter its lot number' });
  });

  it('a rebuild of the projections reproduces stock per lot, lots, history and totals exactly', async () => {
    await receive(c, w, [
      { product: milk, shelf: w.shelves[0], quantity: 4, lot_no: 'A1', production_date: dayFromToday(-3) },
      { product: milk, shelf: w.shelves[0], quantity: 5, lot_no: 'B2', expiry_date: dayFromToday(40) },
      { product: w.products[0], shelf: w.shelves[0], quantity: 7 },
    ]);
    const report = await t.app.get(ProjectionRebuilder).rebuild();
    expect(report).toMatchObject({ matched: true, differing: [], ledgerProblems: [] });
    expect(await t.app.get(OrdersLedgerReader).check(t.dataSource.manager)).toMatchObject({ mismatches: 0 });
    expect(await lotStock(c, milk)).toEqual({ 'S1/A1': 4, 'S1/B2': 5 });

    await t.dataSource.query("UPDATE stock SET expiry_date = '2001-01-01' WHERE lot_no = 'B2'");
    const tampered = await t.app.get(ProjectionRebuilder).rebuild();
    expect(tampered.differing).toEqual(['stock']);
    await t.dataSource.query("UPDATE stock_lot SET production_date = '2001-01-01' WHERE lot_no = 'A1'");
    expect((await t.app.get(ProjectionRebuilder).rebuild()).differing).toEqual(['lots']);
    expect((await c.get(`/admin/wms.Stock/index?product_id=${milk.id}&lot_no=b2`)).list[0].expiry_date).toBe(dayFromToday(40));
  });
});
