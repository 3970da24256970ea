import { TestApp } from '../setup/create-test-app';
import { ledgerViolations, orderLedgerMismatches } from '../support/ledger';
import { Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

/**
 * Races as real clients send them: every stock command carries an Idempotency-Key. On InnoDB the first plain
 * read of a transaction fixes its snapshot; a command that read anything before it locked its order decided on
 * stale lines. Each race ends with the orders and the ledger in agreement.
 */
describe('keyed stock commands racing each other', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  let key = 0;
  const keyed = (url: string, body: object) => c.raw.post(url, body).set('Idempotency-Key', `race-${++key}`);

  adminSpec({ warehouse: smallWarehouse, reset: 'once', ready: (fixture) => ({ t, c, w } = fixture) });
  afterEach(async () => {
    expect(await ledgerViolations(t)).toEqual([]);
    expect(await orderLedgerMismatches(t)).toEqual([]);
  });

  it('six parallel keyed moves of 5 on a relocation planned at 10: two succeed, 10 move', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 40 }]);
    const order = await c.add('Relocation', { lines: [{ product_id: w.products[0].id, source_warehouse_shelf_id: w.shelves[0].id, target_warehouse_shelf_id: w.shelves[1].id, plan_quantity: 10 }] });
    await c.post('Relocation', 'audit', { id: order.id });
    const answers = await Promise.all(Array.from({ length: 6 }, () => keyed('/admin/wms.Relocation/move', { id: order.id, lines: [{ id: order.lines[0].id, quantity: 5 }] })));
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(2);
    for (const refused of answers.filter((a) => a.body.code !== 1)) expect(refused.body.msg).toMatch(/exceed|already|completed|cancel/i);
    const stock = await stockOf(t);
    expect(stock['P1@S1']).toBe(30);
    expect(stock['P1@S2']).toBe(10);
    const moved = await c.get(`/admin/wms.Relocation/edit?id=${order.id}`);
    expect(moved.row.lines[0].actual_quantity).toBe(10);
    expect(moved.row.status).toBe(2);
  });

  it('an edit 5 → 50 racing a keyed audit issues exactly what the order shows (24 rounds)', async () => {
    await stockUp(c, w, [{ product: 1, shelf: 0, quantity: 24 * 50 }]);
    for (let round = 0; round < 24; round++) {
      const line = (quantity: number) => ({ product_id: w.products[1].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: quantity, actual_quantity: quantity, price: '1.00' });
      const order = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [line(5)] });
      const edit = c.raw.post('/admin/wms.Outbound/edit', { id: order.id, customer_id: w.customer.id, type: 10, lines: [line(50)] });
      await new Promise((resolve) => setTimeout(resolve, round % 4));
      const audit = keyed('/admin/wms.Outbound/audit', { id: order.id });
      const [edited, audited] = await Promise.all([edit, audit]);
      expect(audited.body.code).toBe(1);
      const shown = await c.get(`/admin/wms.Outbound/edit?id=${order.id}`);
      const [{ issued }] = await t.dataSource.query("SELECT SUM(quantity) AS issued FROM inventory_history WHERE order_type = 'outbound' AND order_id = ?", [order.id]);
      expect(-Number(issued)).toBe(shown.row.lines[0].actual_quantity);
      expect(shown.row.lines[0].actual_quantity).toBe(edited.body.code === 1 ? 50 : 5);
    }
  });

  it('parallel keyed audits of one product on different shelves keep its total equal to its shelves', async () => {
    const orders = [];
    for (let i = 0; i < 12; i++) {
      orders.push(await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [{ product_id: w.products[2].id, warehouse_shelf_id: w.shelves[i % 2].id, plan_quantity: 3, actual_quantity: 3, price: '1.00' }] }));
    }
    const answers = await Promise.all(orders.map((o) => keyed('/admin/wms.Inbound/audit', { id: o.id })));
    expect(answers.map((a) => a.body.code)).toEqual(Array(12).fill(1));
    const [{ total }] = await t.dataSource.query('SELECT total_stock_num AS total FROM product WHERE id = ?', [w.products[2].id]);
    expect(Number(total)).toBe(36);
  });

  it('parallel keyed ships and a cancel racing moves change each order once', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 1, quantity: 20 }]);
    const outbound = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[1].id, plan_quantity: 2, actual_quantity: 2, price: '1.00' }] });
    await c.post('Outbound', 'audit', { id: outbound.id });
    const ships = await Promise.all(Array.from({ length: 5 }, (_, i) => keyed('/admin/wms.Outbound/ship', { id: outbound.id, carrier_id: w.carrier.id, courier_number: `SF${i}` })));
    expect(ships.filter((a) => a.body.code === 1)).toHaveLength(1);

    const relocation = await c.add('Relocation', { lines: [{ product_id: w.products[0].id, source_warehouse_shelf_id: w.shelves[1].id, target_warehouse_shelf_id: w.shelves[0].id, plan_quantity: 8 }] });
    await c.post('Relocation', 'audit', { id: relocation.id });
    const moves = Array.from({ length: 4 }, () => keyed('/admin/wms.Relocation/move', { id: relocation.id, lines: [{ id: relocation.lines[0].id, quantity: 1 }] }));
    const cancel = keyed('/admin/wms.Relocation/cancel', { id: relocation.id });
    const [moved, cancelled] = await Promise.all([Promise.all(moves), cancel]);
    expect(cancelled.body.code).toBe(1);
    const after = await c.get(`/admin/wms.Relocation/edit?id=${relocation.id}`);
    expect(after.row.status).toBe(3);
    expect(after.row.lines[0].actual_quantity).toBe(moved.filter((a) => a.body.code === 1).length);
  });
});
