import { CommandBus } from '@nestjs/cqrs';
import { AuditRelocationOrderCommand } from '../../src/modules/orders/commands/audit-relocation-order/audit-relocation-order.command';
import { MoveRelocationOrderCommand } from '../../src/modules/orders/commands/move-relocation-order/move-relocation-order.command';
import { QueryCounter } from '../../src/shared/database/query-counter';
import { TestApp } from '../setup/create-test-app';
import { adminSpec } from '../support/admin-spec';
import { dayFromToday, lotProduct, lotStock, outboundLine, receive } from '../support/lots';
import { Client, smallWarehouse, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

/**
 * The lot rules of a relocation, checked again when it is audited and when it moves (on the order as locked
 * by the transition), with the same rule code outbound audits use: a line may name a lot only while its
 * product is lot-tracked, and only a lot that is on its source shelf. A refusal is translated and writes
 * nothing: no audit, no move, no event, no allocation.
 */
describe('relocation lots: audit and move check the named lots again', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  let milk: Row;

  adminSpec({
    // lots A1 (5, 20 days) and B1 (4, 10 days) on S1, C1 (2, 5 days) on S2
    warehouse: async (client) => {
      const warehouse = await smallWarehouse(client);
      const product = await lotProduct(client, warehouse, 'MILK');
      await receive(client, warehouse, [
        { product, shelf: warehouse.shelves[0], quantity: 5, lot_no: 'A1', expiry_date: dayFromToday(20) },
        { product, shelf: warehouse.shelves[0], quantity: 4, lot_no: 'B1', expiry_date: dayFromToday(10) },
        { product, shelf: warehouse.shelves[1], quantity: 2, lot_no: 'C1', expiry_date: dayFromToday(5) },
      ]);
      return { warehouse, product };
    },
    ledgerChecks: true,
    ready: (fixture) => ({ t, c, w: { warehouse: w, product: milk } } = fixture),
  });

  const S1 = () => w.shelves[0];
  const S2 = () => w.shelves[1];
  const line = (quantity: number, lotNo?: string, from = S1(), to = S2()) => ({
    product_id: milk.id,
    source_warehouse_shelf_id: from.id,
    target_warehouse_shelf_id: to.id,
    plan_quantity: quantity,
    ...(lotNo === undefined ? {} : { lot_no: lotNo }),
  });
  const relocation = (lines: Row[]) => c.add('Relocation', { lines });
  const events = async () => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM inventory_event'))[0].n);
  const edit = async (id: number) => (await c.get(`/admin/wms.Relocation/edit?id=${id}`)).row;
  const untrack = () => t.dataSource.query('UPDATE product SET lot_tracked = 0 WHERE id = ?', [milk.id]);
  const post = (action: string, body: object, lang = 'en') => c.raw.post(`/admin/wms.Relocation/${action}`, body).set('think-lang', lang);

  it('audits and moves a named lot that is on the source shelf', async () => {
    const order = await relocation([line(3, 'a1'), line(2)]);
    await c.post('Relocation', 'audit', { id: order.id });
    const moved = await c.post('Relocation', 'move', { id: order.id, lines: order.lines.map((l: Row) => ({ id: l.id, quantity: l.plan_quantity })) });
    expect(moved).toMatchObject({ status: 2 });
    expect(moved.lines.map((l: Row) => l.allocations)).toEqual([[{ lot_no: 'A1', quantity: 3 }], [{ lot_no: 'B1', quantity: 2 }]]);
    expect(await lotStock(c, milk)).toEqual({ 'S1/A1': 2, 'S1/B1': 2, 'S2/A1': 3, 'S2/B1': 2, 'S2/C1': 2 });
  });

  it('refuses to audit a line naming a lot of a product that is no longer lot-tracked, in both languages, and writes nothing', async () => {
    const order = await relocation([line(1), line(2, 'A1')]);
    await untrack();
    const before = await events();
    expect((await post('audit', { id: order.id })).body).toMatchObject({ code: 0, msg: 'Line 2: Lot product MILK (MILK) is not lot-tracked and takes no lot number' });
    expect((await post('audit', { id: order.id }, 'zh-cn')).body).toMatchObject({ code: 0, msg: '第 2 行：商品 Lot product MILK (MILK) 不按批次管理，不能填写批次号' });
    expect(await edit(order.id)).toMatchObject({ audit_status: 0, audittime: null, status: 0 });
    expect(await events()).toBe(before);
  });

  it('refuses to audit a named lot that is not on the source shelf (only on another shelf, or never received), and writes nothing', async () => {
    const elsewhere = await relocation([line(1, 'C1')]);
    expect((await post('audit', { id: elsewhere.id })).body).toMatchObject({ code: 0, msg: 'Line 1: lot C1 of Lot product MILK (MILK) is not on shelf Main / Area A / S1' });
    expect((await post('audit', { id: elsewhere.id }, 'zh-cn')).body).toMatchObject({ code: 0, msg: '第 1 行：货架 Main / Area A / S1 上没有商品 Lot product MILK (MILK) 的批次 C1' });
    const never = await relocation([line(1), line(1, 'NOPE', S2(), S1())]);
    expect((await post('audit', { id: never.id })).body).toMatchObject({ code: 0, msg: 'Line 2: lot NOPE of Lot product MILK (MILK) is not on shelf Main / Area A / S2' });
    for (const id of [elsewhere.id, never.id]) expect(await edit(id)).toMatchObject({ audit_status: 0, audittime: null });
  });

  it('refuses to audit a named lot its shelf no longer holds (all of it went out)', async () => {
    const order = await relocation([line(1, 'B1')]);
    const out = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [outboundLine(milk, S1(), 4, 'B1')] });
    await c.post('Outbound', 'audit', { id: out.id });
    expect((await post('audit', { id: order.id })).body).toMatchObject({ code: 0, msg: 'Line 1: lot B1 of Lot product MILK (MILK) is not on shelf Main / Area A / S1' });
    expect(await edit(order.id)).toMatchObject({ audit_status: 0 });
  });

  it('refuses a move once the product stopped being lot-tracked after the audit, and moves nothing', async () => {
    const order = await relocation([line(2), line(3, 'A1')]);
    await c.post('Relocation', 'audit', { id: order.id });
    await untrack();
    const before = { events: await events(), stock: await lotStock(c, milk) };
    const res = await post('move', { id: order.id, lines: order.lines.map((l: Row) => ({ id: l.id, quantity: 1 })) });
    expect(res.body).toMatchObject({ code: 0, msg: 'Line 2: Lot product MILK (MILK) is not lot-tracked and takes no lot number' });
    expect(await edit(order.id)).toMatchObject({ status: 0, lines: [{ actual_quantity: 0, allocations: [] }, { actual_quantity: 0, allocations: [] }] });
    expect({ events: await events(), stock: await lotStock(c, milk) }).toEqual(before);
  });

  it('refuses a move when the named lot left the source shelf after the audit, and moves nothing', async () => {
    const order = await relocation([line(2), line(1, 'B1')]);
    await c.post('Relocation', 'audit', { id: order.id });
    const out = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [outboundLine(milk, S1(), 4, 'B1')] });
    await c.post('Outbound', 'audit', { id: out.id });
    const before = { events: await events(), stock: await lotStock(c, milk) };
    const res = await post('move', { id: order.id, lines: order.lines.map((l: Row) => ({ id: l.id, quantity: l.plan_quantity })) }, 'zh-cn');
    expect(res.body).toMatchObject({ code: 0, msg: '第 2 行：货架 Main / Area A / S1 上没有商品 Lot product MILK (MILK) 的批次 B1' });
    expect(await edit(order.id)).toMatchObject({ status: 0, lines: [{ actual_quantity: 0 }, { actual_quantity: 0 }] });
    expect({ events: await events(), stock: await lotStock(c, milk) }).toEqual(before);
    // the line without a lot still moves, first expiry first
    const moved = await c.post('Relocation', 'move', { id: order.id, lines: [{ id: order.lines[0].id, quantity: 2 }] });
    expect(moved.lines[0].allocations).toEqual([{ lot_no: 'A1', quantity: 2 }]);
  });

  it('refuses an outbound audit by the same rules: a named lot of a product no longer lot-tracked', async () => {
    const out = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [outboundLine(milk, S1(), 1, 'A1')] });
    await untrack();
    expect((await c.raw.post('/admin/wms.Outbound/audit', { id: out.id })).body).toMatchObject({ code: 0, msg: 'Line 1: Lot product MILK (MILK) is not lot-tracked and takes no lot number' });
  });

  it('checks the named lots of many lines with a bounded number of statements (lines naming no lot read no stock)', async () => {
    const lotsOf = (n: number) => Array.from({ length: n }, (_, i) => `M${i}`);
    await receive(c, w, lotsOf(200).map((lot) => ({ product: milk, shelf: S1(), quantity: 1, lot_no: lot })));
    const admin = { id: 1, username: 'admin', nickname: 'Admin', isSuper: true, nodes: new Set<string>(), tokenId: '' };
    const bus = t.app.get(CommandBus);
    const measure = async (lines: Row[]) => {
      const order = await relocation(lines);
      const audit = await QueryCounter.measureOwn(() => bus.execute(new AuditRelocationOrderCommand(order.id, { admin })));
      const move = await QueryCounter.measureOwn(() => bus.execute(new MoveRelocationOrderCommand(order.id, order.lines.map((l: Row) => ({ id: l.id, quantity: 1 })), { admin })));
      expect(move.result).toMatchObject({ status: 2 });
      return { audit: audit.queries, move: move.queries };
    };
    const unnamed = await measure([line(1), line(1)]);
    const two = await measure(lotsOf(2).map((lot) => line(1, lot)));
    const many = await measure(lotsOf(200).slice(2).map((lot) => line(1, lot)));
    // the check reads the source streams and the shelves' names once each, whatever the line count
    expect(two.audit).toBeLessThanOrEqual(unnamed.audit + 3);
    expect(many.audit).toBeLessThanOrEqual(two.audit + 2);
    expect(many.move).toBeLessThanOrEqual(two.move + 25);
  });
});
