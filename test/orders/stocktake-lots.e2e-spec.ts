import { TestApp } from '../setup/create-test-app';
import { adminSpec } from '../support/admin-spec';
import { dayFromToday, lotProduct, lotStock, outboundLine, receive } from '../support/lots';
import { Client, smallWarehouse, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

/** Counts and adjustments per lot: each lot is its own stock stream, counted, posted and adjusted on its own. */
describe('counts and adjustments per lot', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (fixture) => ({ t, c, w } = fixture) });

  it('counts one line per lot; a loss in one lot and a found lot post to their own streams, movements during the count per lot honoured', async () => {
    const milk = await lotProduct(c, w, 'MILK');
    await receive(c, w, [
      { product: milk, shelf: w.shelves[0], quantity: 10, lot_no: 'A1', expiry_date: dayFromToday(30) },
      { product: milk, shelf: w.shelves[0], quantity: 6, lot_no: 'B2', expiry_date: dayFromToday(60) },
    ]);
    const count = await c.add('Stocktake', { warehouse_id: w.warehouse.id, warehouse_shelf_id: w.shelves[0].id });
    const started = await c.post('Stocktake', 'start', { id: count.id });
    expect(started.lines.map((l: Row) => [l.lot_no, l.book_quantity])).toEqual([
      ['A1', 10],
      ['B2', 6],
    ]);
    // 2 of lot A1 (first expiry) leave while the shelf is counted
    const outbound = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [outboundLine(milk, w.shelves[0], 2)] });
    await c.post('Outbound', 'audit', { id: outbound.id });
    const lineOf = (lot: string) => started.lines.find((l: Row) => l.lot_no === lot).id;
    const refused = await c.raw.post('/admin/wms.Stocktake/count', { id: count.id, lines: [{ product_id: milk.id, warehouse_shelf_id: w.shelves[0].id, counted_quantity: 3 }] });
    expect(refused.body).toMatchObject({ code: 0, msg: expect.stringMatching(/tracked by lot/) });
    const counted = await c.post('Stocktake', 'count', {
      id: count.id,
      lines: [
        { id: lineOf('A1'), counted_quantity: 8 },
        { id: lineOf('B2'), counted_quantity: 5 },
        { product_id: milk.id, warehouse_shelf_id: w.shelves[0].id, lot_no: 'c3', counted_quantity: 3 },
      ],
    });
    expect(counted.lines.map((l: Row) => [l.lot_no, l.expected_quantity, l.variance])).toEqual([
      ['A1', 8, 0],
      ['B2', 6, -1],
      ['C3', 0, 3],
    ]);
    await c.post('Stocktake', 'post', { id: count.id });
    expect(await lotStock(c, milk)).toEqual({ 'S1/A1': 8, 'S1/B2': 5, 'S1/C3': 3 });
    const history = await c.get(`/admin/wms.InventoryHistory/index?order_no=${count.stocktake_no}`);
    expect(history.list.map((h: Row) => [h.form_type, h.lot_no, h.quantity]).sort()).toEqual([
      [80, 'C3', 3],
      [90, 'B2', -1],
    ]);
  });

  it('adjusts a named lot only; a lot-tracked line without a lot and a plain product with one are refused', async () => {
    const milk = await lotProduct(c, w, 'MILK');
    await receive(c, w, [
      { product: milk, shelf: w.shelves[1], quantity: 4, lot_no: 'A1' },
      { product: milk, shelf: w.shelves[1], quantity: 9, lot_no: 'B2' },
    ]);
    const line = (over: Row) => ({ product_id: milk.id, warehouse_shelf_id: w.shelves[1].id, quantity: -5, reason: 'expired', ...over });
    expect((await c.raw.post('/admin/wms.Adjustment/add', { lines: [line({})] })).body.msg).toMatch(/lot/i);
    expect((await c.raw.post('/admin/wms.Adjustment/add', { lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[1].id, quantity: 1, reason: 'found', lot_no: 'X' }] })).body.msg).toMatch(/not lot-tracked/);
    // 5 out of lot A1 (4 there) is refused whole even though lot B2 holds 9
    const tooMuch = await c.add('Adjustment', { lines: [line({ lot_no: 'A1' })] });
    const refused = await c.raw.post('/admin/wms.Adjustment/audit', { id: tooMuch.id });
    expect(refused.body).toMatchObject({ code: 0, msg: expect.stringMatching(/A1/) });
    const fits = await c.add('Adjustment', { lines: [line({ lot_no: 'B2' }), line({ lot_no: 'A1', quantity: 2, reason: 'found' })] });
    await c.post('Adjustment', 'audit', { id: fits.id });
    expect(await lotStock(c, milk)).toEqual({ 'S2/A1': 6, 'S2/B2': 4 });
  });
});
