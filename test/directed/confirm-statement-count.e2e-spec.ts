import { CommandBus } from '@nestjs/cqrs';
import { ConfirmTaskCommand } from '../../src/modules/orders/commands/confirm-task/confirm-task.command';
import { QueryCounter } from '../../src/shared/database/query-counter';
import { adminSpec } from '../support/admin-spec';
import { TestApp } from '../setup/create-test-app';
import { Client, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';

/**
 * A pick task's confirm by scan sends a fixed number of statements, whatever the number of orders the task
 * serves (its breakdown): the order lines it fills are read and written in one pass each.
 */
describe('statements sent by a task confirm', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ready: (f) => ((t = f.t), (c = f.c), (w = f.w)) });
  const admin = { id: 1, username: 'admin', nickname: 'Admin', isSuper: true, nodes: new Set<string>(), tokenId: '' };

  /** Releases a wave of `orders` one-unit orders of P1 (one task serving them all) and confirms that task whole. */
  async function statementsToConfirm(orders: number): Promise<number> {
    const ids: number[] = [];
    for (let i = 0; i < orders; i++) {
      ids.push((await c.add('Outbound', { customer_id: w.customer.id, type: 10, warehouse_id: w.warehouse.id, lines: [{ product_id: w.products[0].id, plan_quantity: 1, actual_quantity: 1, price: '1.00' }] })).id);
    }
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: ids });
    const released = await c.post('Wave', 'release', { id: wave.id });
    expect(released.tasks).toHaveLength(1);
    const task = released.tasks[0];
    expect(task.breakdown).toHaveLength(orders);
    const { result, queries } = await QueryCounter.measureOwn(() => t.app.get(CommandBus).execute(new ConfirmTaskCommand(task.id, { from_code: 'S1', product_code: 'P1', quantity: orders }, { admin })));
    expect(result).toMatchObject({ status: 2, done_quantity: orders });
    return queries;
  }

  it('confirms a task serving 2 orders and one serving 12 with the same number of statements', async () => {
    await c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: 'Dispatch', serial_no: 'ST1', kind: 2 });
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 100 }]);
    await statementsToConfirm(1); // warms the per-process caches (site time zone, rights)
    const small = await statementsToConfirm(2);
    const large = await statementsToConfirm(12);
    expect(large).toBe(small);
    // 34 on SQLite, 35 where the wave is locked first: the task's warehouse and wave are read once, before the transaction
    expect(small).toBeLessThanOrEqual(35);
  });
});
