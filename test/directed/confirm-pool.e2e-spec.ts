import { adminSpec } from '../support/admin-spec';
import { Client, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';

/**
 * A confirm's transaction holds one pooled connection and must never need a second one: with every connection
 * held by confirms that each waited for another, the pool waited for itself until its acquire timeout and the
 * pickers got "service unavailable" (the directed bench at 32 connections: a quarter of 400 confirms). Here the
 * pool has two connections and three pickers confirm at once. On SQLite there is no pool: the spec still runs.
 */
const POOL_SIZE = '2';
const poolSizeBefore = process.env.DB_POOL_SIZE;
process.env.DB_POOL_SIZE = POOL_SIZE;

describe('pick confirms of one wave at once, more of them than the pool has connections', () => {
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ready: (f) => ((c = f.c), (w = f.w)) });
  afterAll(() => {
    if (poolSizeBefore === undefined) delete process.env.DB_POOL_SIZE;
    else process.env.DB_POOL_SIZE = poolSizeBefore;
  });

  it('confirms every task: none waits for a second connection while its transaction holds one', async () => {
    await c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: 'Dispatch', serial_no: 'ST1', kind: 2 });
    await stockUp(c, w, [0, 1, 2].map((product) => ({ product, shelf: 0, quantity: 10 })));
    const order = await c.add('Outbound', { customer_id: w.customer.id, type: 10, warehouse_id: w.warehouse.id, lines: w.products.map((p) => ({ product_id: p.id, plan_quantity: 2, actual_quantity: 2, price: '1.00' })) });
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: [order.id] });
    const released = await c.post('Wave', 'release', { id: wave.id });
    expect(released.tasks).toHaveLength(3);
    const confirms = await Promise.allSettled(
      released.tasks.map((task: { id: number; quantity: number; product: { product_no: string } }) => c.post('Task', 'confirm', { id: task.id, from_code: 'S1', product_code: task.product.product_no, quantity: task.quantity })),
    );
    expect(confirms.map((answer) => (answer.status === 'fulfilled' ? answer.value.status : String(answer.reason)))).toEqual([2, 2, 2]);
  });
});
