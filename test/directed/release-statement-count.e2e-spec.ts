import { CommandBus } from '@nestjs/cqrs';
import { ReleaseWaveCommand } from '../../src/modules/orders/commands/release-wave/release-wave.command';
import { QueryCounter } from '../../src/shared/database/query-counter';
import { adminSpec } from '../support/admin-spec';
import { TestApp } from '../setup/create-test-app';
import { Client, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';

/** A wave's release sends a fixed number of statements, whatever the wave's size (up to 500 orders: reads are chunked by 500). */
describe('statements sent by a wave release', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ready: (f) => ((t = f.t), (c = f.c), (w = f.w)) });

  async function statementsToRelease(orders: number): Promise<number> {
    const ids: number[] = [];
    for (let i = 0; i < orders; i++) {
      const order = await c.add('Outbound', {
        customer_id: w.customer.id,
        type: 10,
        warehouse_id: w.warehouse.id,
        lines: [0, 1].map((p) => ({ product_id: w.products[p].id, plan_quantity: 1, actual_quantity: 1, price: '1.00' })),
      });
      ids.push(order.id);
    }
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: ids });
    const admin = { id: 1, username: 'admin', nickname: 'Admin', isSuper: true, nodes: new Set<string>(), tokenId: '' };
    const { result, queries } = await QueryCounter.measureOwn(() => t.app.get(CommandBus).execute(new ReleaseWaveCommand(wave.id, { admin })));
    expect(result.status).toBe(1);
    return queries;
  }

  it('releases 4 and 16 orders with the same number of statements', async () => {
    await c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: 'Dispatch', serial_no: 'ST1', kind: 2 });
    await stockUp(c, w, [
      { product: 0, shelf: 0, quantity: 100 },
      { product: 1, shelf: 1, quantity: 100 },
    ]);
    const small = await statementsToRelease(4);
    const large = await statementsToRelease(16);
    // the orders and their lines read at once, their streams locked and read once, the stock rows and the
    // reservation rows written in one pass each, the tasks planned once: as many statements for 16 as for 4
    expect(large).toBe(small);
    expect(small).toBeLessThan(30);
  });
});
