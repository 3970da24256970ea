import { CommandBus } from '@nestjs/cqrs';
import { AuditInboundOrderCommand } from '../../src/modules/orders/commands/audit-inbound-order/audit-inbound-order.command';
import { AuditOutboundOrderCommand } from '../../src/modules/orders/commands/audit-outbound-order/audit-outbound-order.command';
import { QueryCounter } from '../../src/shared/database/query-counter';
import { adminSpec } from '../support/admin-spec';
import { TestApp } from '../setup/create-test-app';
import { Client, smallWarehouse, Warehouse } from '../support/warehouse';

/**
 * Serials do not make statements grow per serial (§14 speed): an audit reads, registers, moves and records its
 * serials in chunks of 1,000, so 100 and 1,000 serials take the same statements, and 2,500 three chunks' worth.
 */
describe('statements sent by audits with serials', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (f) => ((t = f.t), (c = f.c), (w = f.w)) });
  const admin = { id: 1, username: 'admin', nickname: 'Admin', isSuper: true, nodes: new Set<string>(), tokenId: '' };
  const serials = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(6, '0')}`);

  async function statementsToReceive(list: string[]): Promise<number> {
    const order = await c.add('Inbound', {
      supplier_id: w.supplier.id,
      type: 10,
      lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: list.length, actual_quantity: list.length, price: '1.00', serials: list }],
    });
    const { result, queries } = await QueryCounter.measureOwn(() => t.app.get(CommandBus).execute(new AuditInboundOrderCommand(order.id, { admin })));
    expect(result.audit_status).toBe(1);
    return queries;
  }

  async function statementsToShip(list: string[]): Promise<number> {
    const order = await c.add('Outbound', {
      customer_id: w.customer.id,
      type: 10,
      lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: list.length, actual_quantity: list.length, price: '1.00', serials: list }],
    });
    const { result, queries } = await QueryCounter.measureOwn(() => t.app.get(CommandBus).execute(new AuditOutboundOrderCommand(order.id, { admin })));
    expect(result.audit_status).toBe(1);
    return queries;
  }

  it('receives and ships 100 and 1,000 serials with the same number of statements, 2,500 in three chunks', async () => {
    await c.post('Product', 'edit', { ...w.products[0], serial_tracked: 1 });
    // the stream exists before the measured receipts (a stream's first event inserts its stock row instead of updating it)
    await statementsToReceive(serials('W', 10));
    const in100 = await statementsToReceive(serials('A', 100));
    const in1000 = await statementsToReceive(serials('B', 1000));
    const in2500 = await statementsToReceive(serials('C', 2500));
    expect(in1000).toBe(in100);
    expect(in100).toBeLessThan(45);
    // per chunk of 1,000 serials: register, read under lock, update the projection, record the movements
    expect(in2500 - in100).toBeLessThanOrEqual(2 * 4);
    const out100 = await statementsToShip(serials('A', 100));
    const out1000 = await statementsToShip(serials('B', 1000));
    expect(out1000).toBe(out100);
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM stock_serial WHERE in_stock = 1');
    expect(Number(n)).toBe(2510);
  });
});
