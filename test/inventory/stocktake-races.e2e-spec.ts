import { TestApp } from '../setup/create-test-app';
import { ledgerViolations, orderLedgerMismatches } from '../support/ledger';
import { Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

type Row = Record<string, any>;

/**
 * Counts and adjustments racing the other stock commands, every request keyed as the pages send them. A post
 * takes each variance against the book at the version its line was counted at, so an outbound racing the post
 * changes the balance its event ends at, never the variance.
 */
describe('keyed counts and adjustments racing other stock commands', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  let key = 0;
  const keyed = (url: string, body: object) => c.raw.post(url, body).set('Idempotency-Key', `count-race-${++key}`);

  adminSpec({ warehouse: smallWarehouse, reset: 'once', ready: (fixture) => ({ t, c, w } = fixture) });
  afterEach(async () => {
    expect(await ledgerViolations(t)).toEqual([]);
    expect(await orderLedgerMismatches(t)).toEqual([]);
  });

  it('a post racing an outbound audit after the count posts the same variance whichever lands first (12 rounds)', async () => {
    for (let round = 0; round < 12; round++) {
      // a product of its own each round: its stream on S1 starts at 20
      const product = await c.add('Product', { product_no: `R${round}`, name: `Round ${round}`, unit_id: w.unit.id, price: '1.00' });
      await c.post('Inbound', 'audit', { id: (await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [{ product_id: product.id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 20, actual_quantity: 20, price: '1.00' }] })).id });
      const count = await c.add('Stocktake', { warehouse_id: w.warehouse.id, warehouse_shelf_id: w.shelves[0].id, category_id: 0 });
      const started = await c.post('Stocktake', 'start', { id: count.id });
      for (const other of started.lines.filter((l: Row) => l.product_id !== product.id)) await c.post('Stocktake', 'count', { id: count.id, lines: [{ id: other.id, counted_quantity: other.book_quantity }] });
      const line = started.lines.find((l: Row) => l.product_id === product.id);
      await c.post('Stocktake', 'count', { id: count.id, lines: [{ id: line.id, counted_quantity: 25 }] });
      const outbound = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: product.id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 3, actual_quantity: 3, price: '1.00' }] });
      const audit = keyed('/admin/wms.Outbound/audit', { id: outbound.id });
      await new Promise((resolve) => setTimeout(resolve, round % 3));
      const post = keyed('/admin/wms.Stocktake/post', { id: count.id });
      const [audited, posted] = await Promise.all([audit, post]);
      expect([audited.body.code, posted.body.code]).toEqual([1, 1]);
      // counted 25 where the book said 20: +5, taken at the version the line was counted at, so the 3 issued
      // after the count are no variance whether the audit lands before the post or after it
      const posts: Row[] = await t.dataSource.query("SELECT balance, quantity FROM inventory_history WHERE order_type = 'stocktake' AND order_id = ? AND product_id = ?", [count.id, product.id]);
      expect(posts.map((p) => Number(p.quantity))).toEqual([5]);
      expect([25, 22]).toContain(Number(posts[0].balance));
      const shown = (await c.get(`/admin/wms.Stocktake/edit?id=${count.id}`)).row.lines.find((l: Row) => l.id === line.id);
      expect(shown).toMatchObject({ expected_quantity: 20, variance: 5 });
      expect((await stockOf(t))[`R${round}@S1`]).toBe(22);
    }
  });

  it('parallel keyed posts of one count apply once; a count racing the post either lands before it or is refused', async () => {
    await stockUp(c, w, [{ product: 1, shelf: 1, quantity: 9 }]);
    const count = await c.add('Stocktake', { warehouse_id: w.warehouse.id, warehouse_shelf_id: w.shelves[1].id });
    const started = await c.post('Stocktake', 'start', { id: count.id });
    const line = started.lines.find((l: Row) => l.product_id === w.products[1].id);
    await c.post('Stocktake', 'count', { id: count.id, lines: [{ id: line.id, counted_quantity: 4 }] });
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => keyed('/admin/wms.Stocktake/post', { id: count.id })),
      c.raw.post('/admin/wms.Stocktake/count', { id: count.id, lines: [{ id: line.id, counted_quantity: 6 }] }),
    ]);
    expect(answers.slice(0, 4).filter((a) => a.body.code === 1)).toHaveLength(1);
    for (const refused of answers.slice(0, 4).filter((a) => a.body.code !== 1)) expect(refused.body.msg).toMatch(/already been posted/);
    const counted = answers[4].body;
    if (counted.code !== 1) expect(counted.msg).toMatch(/already been posted/);
    const posted = (await c.get(`/admin/wms.Stocktake/edit?id=${count.id}`)).row.lines.find((l: Row) => l.id === line.id);
    expect(posted.variance).toBe(posted.counted_quantity - 9);
    expect((await stockOf(t))['P2@S2']).toBe(posted.counted_quantity);
  });

  it('four keyed adjustments taking 3 each off a stream of 10: three apply, the fourth is refused whole', async () => {
    await stockUp(c, w, [{ product: 2, shelf: 0, quantity: 10 - ((await stockOf(t))['P3@S1'] ?? 0) }]);
    const orders = [];
    for (let i = 0; i < 4; i++) {
      orders.push(
        await c.add('Adjustment', {
          lines: [
            { product_id: w.products[1].id, warehouse_shelf_id: w.shelves[0].id, quantity: 1, reason: 'found' },
            { product_id: w.products[2].id, warehouse_shelf_id: w.shelves[0].id, quantity: -3, reason: 'lost' },
          ],
        }),
      );
    }
    const answers = await Promise.all(orders.map((o) => keyed('/admin/wms.Adjustment/audit', { id: o.id })));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(3);
    const refused = answers.find((a) => a.body.code !== 1)!;
    expect(refused.body.msg).toMatch(/Product 3 \(P3\)/);
    expect((await stockOf(t))['P3@S1']).toBe(1);
    expect((await stockOf(t))['P2@S1']).toBe(3);
  });
});
