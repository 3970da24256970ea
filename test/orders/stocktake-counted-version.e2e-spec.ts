import { TestApp } from '../setup/create-test-app';
import { adminSpec } from '../support/admin-spec';
import { Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

/**
 * A counted quantity is what the shelf held when it was counted: each count keeps its stream's version, and
 * the post takes the variance against the book at that version (book at start + the stream's movements up to
 * it, read from the ledger), so goods that move after a line was counted are never a gain or a loss.
 */
describe('counts: the variance is taken at the version each line was counted at', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (fixture) => ({ t, c, w } = fixture) });

  const lineOf = (count: Row, product: number, shelf: number) => count.lines.find((l: Row) => l.product_id === w.products[product].id && l.warehouse_shelf_id === w.shelves[shelf].id);
  const ship = async (product: number, shelf: number, quantity: number) => {
    const outbound = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: w.products[product].id, warehouse_shelf_id: w.shelves[shelf].id, plan_quantity: quantity, actual_quantity: quantity, price: '1.00' }] });
    await c.post('Outbound', 'audit', { id: outbound.id });
  };
  const countEvents = async (orderNo: string) => (await c.get(`/admin/wms.InventoryHistory/index?order_no=${orderNo}&limit=100`)).list.map((h: Row) => [h.form_type, h.quantity, h.balance]);
  const start = async (shelf: number) => {
    const count = await c.add('Stocktake', { warehouse_id: w.warehouse.id, warehouse_shelf_id: w.shelves[shelf].id });
    return c.post('Stocktake', 'start', { id: count.id });
  };

  it('count 100, ship 7, post: no variance and 93 left (the shipment is not a count gain)', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 100 }]);
    const started = await start(0);
    await c.post('Stocktake', 'count', { id: started.id, lines: [{ id: lineOf(started, 0, 0).id, counted_quantity: 100 }] });
    await ship(0, 0, 7);
    // the review before posting shows the figure the post will take the variance against
    const review = (await c.get(`/admin/wms.Stocktake/edit?id=${started.id}`)).row;
    expect(lineOf(review, 0, 0)).toMatchObject({ book_quantity: 100, expected_quantity: 100, counted_quantity: 100, variance: 0 });
    const posted = await c.post('Stocktake', 'post', { id: started.id });
    expect(lineOf(posted, 0, 0)).toMatchObject({ book_quantity: 100, expected_quantity: 100, counted_quantity: 100, variance: 0 });
    expect(await countEvents(started.stocktake_no)).toEqual([]);
    expect(await stockOf(t)).toEqual({ 'P1@S1': 93 });
  });

  it('a loss counted before a shipment is posted as counted: count 95 of 100, ship 7, post → −5 and 88 left', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 100 }]);
    const started = await start(0);
    await c.post('Stocktake', 'count', { id: started.id, lines: [{ id: lineOf(started, 0, 0).id, counted_quantity: 95 }] });
    await ship(0, 0, 7);
    const posted = await c.post('Stocktake', 'post', { id: started.id });
    expect(lineOf(posted, 0, 0)).toMatchObject({ expected_quantity: 100, variance: -5, variance_amount: '-12.50' });
    expect(await countEvents(started.stocktake_no)).toEqual([[90, -5, 88]]);
    expect(await stockOf(t)).toEqual({ 'P1@S1': 88 });
  });

  it('a recount after a movement takes the newer version: count 10, ship 3, recount 7, receive 5, post → no variance, 12 left', async () => {
    await stockUp(c, w, [{ product: 1, shelf: 1, quantity: 10 }]);
    const started = await start(1);
    const line = lineOf(started, 1, 1);
    await c.post('Stocktake', 'count', { id: started.id, lines: [{ id: line.id, counted_quantity: 10 }] });
    await ship(1, 1, 3);
    await c.post('Stocktake', 'count', { id: started.id, lines: [{ id: line.id, counted_quantity: 7 }] });
    await stockUp(c, w, [{ product: 1, shelf: 1, quantity: 5 }]);
    const posted = await c.post('Stocktake', 'post', { id: started.id });
    expect(lineOf(posted, 1, 1)).toMatchObject({ book_quantity: 10, expected_quantity: 7, counted_quantity: 7, variance: 0 });
    expect(await countEvents(started.stocktake_no)).toEqual([]);
    expect(await stockOf(t)).toEqual({ 'P2@S2': 12 });
  });

  it('a found item is taken at its stream as counted: found 4 where the book had none, 5 received after, post → +4 and 9 there', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 1, quantity: 2 }]);
    const started = await start(1);
    await c.post('Stocktake', 'count', {
      id: started.id,
      lines: [
        { id: lineOf(started, 0, 1).id, counted_quantity: 2 },
        { product_id: w.products[2].id, warehouse_shelf_id: w.shelves[1].id, counted_quantity: 4 },
      ],
    });
    await stockUp(c, w, [{ product: 2, shelf: 1, quantity: 5 }]);
    const posted = await c.post('Stocktake', 'post', { id: started.id });
    expect(lineOf(posted, 2, 1)).toMatchObject({ found: 1, book_quantity: 0, expected_quantity: 0, counted_quantity: 4, variance: 4 });
    expect(await countEvents(started.stocktake_no)).toEqual([[80, 4, 9]]);
    expect(await stockOf(t)).toEqual({ 'P1@S2': 2, 'P3@S2': 9 });
  });

  it('a found item on a stream that received goods after the start and before it was counted: those goods are the book', async () => {
    const started = await start(1);
    expect(started.lines).toEqual([]);
    await stockUp(c, w, [{ product: 2, shelf: 1, quantity: 5 }]);
    await c.post('Stocktake', 'count', { id: started.id, lines: [{ product_id: w.products[2].id, warehouse_shelf_id: w.shelves[1].id, counted_quantity: 5 }] });
    await ship(2, 1, 1);
    const posted = await c.post('Stocktake', 'post', { id: started.id });
    expect(lineOf(posted, 2, 1)).toMatchObject({ found: 1, book_quantity: 0, expected_quantity: 5, counted_quantity: 5, variance: 0 });
    expect(await countEvents(started.stocktake_no)).toEqual([]);
    expect(await stockOf(t)).toEqual({ 'P3@S2': 4 });
  });
});
