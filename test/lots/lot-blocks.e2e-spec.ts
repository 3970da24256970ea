import { TestApp } from '../setup/create-test-app';
import { adminSpec } from '../support/admin-spec';
import { lotProduct, outboundLine, receive, dayFromToday } from '../support/lots';
import { Client, smallWarehouse, Warehouse } from '../support/warehouse';
import { subscribeWebhook } from '../support/webhook-receiver';

type Row = Record<string, any>;

/** Lot block and recall (docs/LOTS.md, "Block and recall"): a blocked lot is never reserved, allocated, picked, moved or shipped. */
describe('lot block and recall', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (f) => ((t = f.t), (c = f.c), (w = f.w)) });

  const shelf = (name: string, kind = 0) => c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name, serial_no: name, kind });
  const outbound = (lines: object[], extra: object = {}) => c.add('Outbound', { customer_id: w.customer.id, type: 10, lines, ...extra });
  const refusal = async (url: string, body: object, lang = 'en') => {
    const res = await c.raw.post(url, body).set('think-lang', lang);
    expect(res.body.code).toBe(0);
    return String(res.body.msg);
  };
  const stockRows = async (product: Row, query = '') => (await c.get(`/admin/wms.Stock/index?product_id=${product.id}&limit=100${query}`)).list as Row[];
  const lots = async (query = '') => (await c.get(`/admin/wms.Lot/index?limit=100${query}`)).list as Row[];

  it('given a lot on seven shelves, when it is blocked in one request, then every shelf shows available 0, naming it is refused and first-expiry-first-out skips it', async () => {
    await subscribeWebhook(c, ['lot.blocked']);
    const milk = await lotProduct(c, w, 'MILK');
    const shelves = [w.shelves[0], w.shelves[1], ...(await Promise.all(['B1', 'B2', 'B3', 'B4', 'B5'].map((n) => shelf(n))))];
    await receive(c, w, [
      ...shelves.map((s) => ({ product: milk, shelf: s, quantity: 4, lot_no: 'recall-1', expiry_date: dayFromToday(30) })),
      { product: milk, shelf: shelves[0], quantity: 5, lot_no: 'GOOD', expiry_date: dayFromToday(90) },
    ]);

    const blocked = await c.post('Lot', 'block', { product_id: milk.id, lot_no: 'recall-1', reason: 'Supplier recall 2026-11' });
    expect(blocked).toMatchObject({ product_id: milk.id, lot_no: 'RECALL-1', blocked: 1, block_reason: 'Supplier recall 2026-11', quantity: 28 });
    expect(blocked.on_hand).toHaveLength(7);
    expect(blocked.on_hand.map((s: Row) => [s.quantity, s.available_quantity])).toEqual(shelves.map(() => [4, 0]));

    // the stock list: each of the seven streams answers available 0 and is not listed with available=1
    const rows = (await stockRows(milk)).filter((r) => r.lot_no === 'RECALL-1');
    expect(rows.map((r) => [r.quantity, r.available_quantity, r.blocked])).toEqual(shelves.map(() => [4, 0, 1]));
    expect((await stockRows(milk, '&available=1')).map((r) => r.lot_no)).toEqual(['GOOD']);

    // the lots list: blocked, its reason, its shelves; filter and quick search
    expect((await lots('&blocked=1')).map((l) => [l.lot_no, l.block_reason, l.on_hand.length])).toEqual([['RECALL-1', 'Supplier recall 2026-11', 7]]);
    expect((await lots('&blocked=0')).map((l) => l.lot_no)).toEqual(['GOOD']);
    expect((await lots('&quickSearch=recall')).map((l) => l.lot_no)).toEqual(['RECALL-1']);

    // an outbound naming it is refused at audit, in either language, naming the lot
    const named = await outbound([outboundLine(milk, shelves[3], 1, 'RECALL-1')]);
    expect(await refusal('/admin/wms.Outbound/audit', { id: named.id })).toBe('Lot RECALL-1 of Lot product MILK (MILK) is blocked: it is not reserved, picked, moved or shipped until it is unblocked');
    expect(await refusal('/admin/wms.Outbound/audit', { id: named.id }, 'zh-cn')).toBe('Lot product MILK (MILK) 的批次 RECALL-1 已冻结：解冻前不能预留、拣货、移库或发货');
    // and so is a reservation naming it
    expect(await refusal('/admin/wms.Outbound/reserve', { id: named.id })).toMatch(/^Lot RECALL-1 of .* is blocked/);

    // first-expiry-first-out takes the later lot, never the blocked one (which expires first)
    const unnamed = await outbound([outboundLine(milk, shelves[0], 3)]);
    const audited = await c.post('Outbound', 'audit', { id: unnamed.id });
    expect(audited.lines[0].allocations).toEqual([{ lot_no: 'GOOD', quantity: 3 }]);
    // more than the lots that are not blocked hold: refused, nothing taken
    const tooMuch = await outbound([outboundLine(milk, shelves[0], 3)]);
    expect(await refusal('/admin/wms.Outbound/audit', { id: tooMuch.id })).toMatch(/^Insufficient stock/);
    // a reservation over the warehouse skips it as well
    const overWarehouse = await outbound([{ product_id: milk.id, plan_quantity: 2, actual_quantity: 2, price: '1.00' }], { warehouse_id: w.warehouse.id });
    const reserved = await c.post('Outbound', 'reserve', { id: overWarehouse.id });
    expect(reserved.lines[0].reservations).toEqual([{ warehouse_shelf_id: shelves[0].id, lot_no: 'GOOD', quantity: 2 }]);
    expect(await refusal('/admin/wms.Outbound/reserve', { id: (await outbound([{ product_id: milk.id, plan_quantity: 1, actual_quantity: 1, price: '1.00' }], { warehouse_id: w.warehouse.id })).id })).toMatch(/^There is not enough available stock|short|Insufficient|not enough/i);

    // blocking it again is refused; the admin log keeps the block
    expect(await refusal('/admin/wms.Lot/block', { product_id: milk.id, lot_no: 'RECALL-1', reason: 'again' })).toBe('Lot RECALL-1 of Lot product MILK (MILK) is blocked already');
    const [log] = await t.dataSource.query("SELECT url, data FROM admin_log WHERE url LIKE '%wms.Lot/block%' ORDER BY id");
    expect(log.data).toContain('Supplier recall 2026-11');
    // and the webhook event, written in the block's transaction, says where the lot is
    const [event] = await t.dataSource.query("SELECT body FROM webhook_outbox WHERE type = 'lot.blocked'");
    expect(JSON.parse(event.body).data).toMatchObject({ product_id: milk.id, lot_no: 'RECALL-1', reason: 'Supplier recall 2026-11' });
    expect(JSON.parse(event.body).data.on_hand).toHaveLength(7);

    // unblocked: available again, the named outbound goes out
    const unblocked = await c.post('Lot', 'unblock', { product_id: milk.id, lot_no: 'recall-1' });
    expect(unblocked).toMatchObject({ blocked: 0, block_reason: '' });
    expect(unblocked.on_hand.map((s: Row) => s.available_quantity)).toEqual(shelves.map(() => 4));
    expect((await c.post('Outbound', 'audit', { id: named.id })).lines[0].allocations).toEqual([{ lot_no: 'RECALL-1', quantity: 1 }]);
    expect(await refusal('/admin/wms.Lot/unblock', { product_id: milk.id, lot_no: 'RECALL-1' })).toBe('Lot RECALL-1 of Lot product MILK (MILK) is not blocked');
  });

  it('given bad requests, when blocking, then refused with a message and nothing written', async () => {
    const milk = await lotProduct(c, w, 'MILK');
    expect(await refusal('/admin/wms.Lot/block', { product_id: milk.id, lot_no: 'NOPE', reason: 'x' })).toBe('There is no lot NOPE of this product');
    expect(await refusal('/admin/wms.Lot/block', { product_id: milk.id, lot_no: 'NOPE' })).toMatch(/reason/i);
    expect(await refusal('/admin/wms.Lot/block', { product_id: milk.id, lot_no: 'X'.repeat(33), reason: 'x' })).toMatch(/at most 32/);
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM lot_block'))[0].n)).toBe(0);
  });

  it('given stock on a hold shelf, when an order names it, then refused; a relocation releases it; a blocked lot moves only into a hold shelf and may be adjusted out', async () => {
    const milk = await lotProduct(c, w, 'MILK');
    const hold = await shelf('QC', 3);
    const quarantine = await shelf('Q2', 3);
    await receive(c, w, [
      { product: milk, shelf: hold, quantity: 5, lot_no: 'L1' },
      { product: milk, shelf: w.shelves[0], quantity: 6, lot_no: 'BAD' },
    ]);
    expect((await stockRows(milk)).map((r) => [r.shelf.name, r.quantity, r.available_quantity])).toEqual(expect.arrayContaining([['QC', 5, 0], ['S1', 6, 6]]));

    const fromHold = await outbound([outboundLine(milk, hold, 1, 'L1')]);
    expect(await refusal('/admin/wms.Outbound/audit', { id: fromHold.id })).toBe('Lot product MILK (MILK) on shelf Main / Area A / QC is on hold: stock on a hold shelf is not reserved, picked or shipped (move it to a storage shelf first)');
    expect(await refusal('/admin/wms.Outbound/reserve', { id: fromHold.id })).toMatch(/L1|short|available/i);

    // a relocation out of a hold shelf is the release from quarantine
    const release = await c.add('Relocation', { lines: [{ product_id: milk.id, source_warehouse_shelf_id: hold.id, target_warehouse_shelf_id: w.shelves[1].id, plan_quantity: 2, lot_no: 'L1' }] });
    await c.post('Relocation', 'audit', { id: release.id });
    await c.post('Relocation', 'move', { id: release.id, lines: [{ id: release.lines[0].id, quantity: 2 }] });

    await c.post('Lot', 'block', { product_id: milk.id, lot_no: 'BAD', reason: 'QC failed' });
    const toStorage = await c.add('Relocation', { lines: [{ product_id: milk.id, source_warehouse_shelf_id: w.shelves[0].id, target_warehouse_shelf_id: w.shelves[1].id, plan_quantity: 2, lot_no: 'BAD' }] });
    const refusedAudit = await c.raw.post('/admin/wms.Relocation/audit', { id: toStorage.id });
    if (refusedAudit.body.code === 1) expect(await refusal('/admin/wms.Relocation/move', { id: toStorage.id, lines: [{ id: toStorage.lines[0].id, quantity: 2 }] })).toMatch(/^Lot BAD of .* is blocked/);
    else expect(refusedAudit.body.msg).toMatch(/^Lot BAD of .* is blocked/);
    const toQuarantine = await c.add('Relocation', { lines: [{ product_id: milk.id, source_warehouse_shelf_id: w.shelves[0].id, target_warehouse_shelf_id: quarantine.id, plan_quantity: 4, lot_no: 'BAD' }] });
    await c.post('Relocation', 'audit', { id: toQuarantine.id });
    await c.post('Relocation', 'move', { id: toQuarantine.id, lines: [{ id: toQuarantine.lines[0].id, quantity: 4 }] });
    // destroyed: an adjustment out of a blocked lot is allowed
    const scrap = await c.add('Adjustment', { lines: [{ product_id: milk.id, warehouse_shelf_id: quarantine.id, quantity: -4, reason: 'damaged', lot_no: 'BAD' }] });
    await c.post('Adjustment', 'audit', { id: scrap.id });
    const after = Object.fromEntries((await stockRows(milk, '&zero=1')).map((r) => [`${r.shelf.name}/${r.lot_no}`, r.quantity]));
    expect(after).toMatchObject({ 'QC/L1': 3, 'S2/L1': 2, 'S1/BAD': 2, 'Q2/BAD': 0 });
  });

  it('given a block and a reserve of the same lot at the same moment, then the reserve happened before (and stays) or is refused', async () => {
    const milk = await lotProduct(c, w, 'MILK');
    await receive(c, w, [{ product: milk, shelf: w.shelves[0], quantity: 50, lot_no: 'RACE' }]);
    for (let round = 0; round < 5; round++) {
      const order = await outbound([outboundLine(milk, w.shelves[0], 2, 'RACE')]);
      const [reserve, block] = await Promise.all([c.raw.post('/admin/wms.Outbound/reserve', { id: order.id }), c.raw.post('/admin/wms.Lot/block', { product_id: milk.id, lot_no: 'RACE', reason: `round ${round}` })]);
      expect(block.body.code).toBe(1);
      if (reserve.body.code === 1) expect((await c.get(`/admin/wms.Outbound/edit?id=${order.id}`)).row.fulfilment_status).toBe(1);
      else expect(reserve.body.msg).toMatch(/^Lot RACE of .* is blocked/);
      // whatever happened, the books agree: the stream's reserved quantity is the sum of its reservations
      const [stream] = await t.dataSource.query('SELECT reserved_quantity FROM stock WHERE product_id = ?', [milk.id]);
      const [held] = await t.dataSource.query('SELECT COALESCE(SUM(quantity), 0) AS n FROM stock_reservation WHERE product_id = ?', [milk.id]);
      expect(Number(stream.reserved_quantity)).toBe(Number(held.n));
      expect((await stockRows(milk))[0].available_quantity).toBe(0);
      await c.post('Lot', 'unblock', { product_id: milk.id, lot_no: 'RACE' });
    }
  });

  it('given a wave released before the lot was blocked, when its pick is confirmed, then refused naming the lot; unblocked, it is picked', async () => {
    const milk = await lotProduct(c, w, 'MILK');
    await receive(c, w, [{ product: milk, shelf: w.shelves[0], quantity: 5, lot_no: 'PICK' }]);
    await shelf('ST', 2);
    const order = await outbound([{ product_id: milk.id, plan_quantity: 3, actual_quantity: 3, price: '1.00' }], { warehouse_id: w.warehouse.id });
    const wave = await c.add('Wave', { warehouse_id: w.warehouse.id, outbound_ids: [order.id] });
    await c.post('Wave', 'release', { id: wave.id });
    const task = await c.post('Task', 'next', { wave_id: wave.id });
    expect(task).toMatchObject({ lot_no: 'PICK', quantity: 3 });
    // blocked after the release: the reservation stays, the pick is refused
    await c.post('Lot', 'block', { product_id: milk.id, lot_no: 'PICK', reason: 'QC hold' });
    const scan = { id: task.id, from_code: 'S1', product_code: 'MILK', quantity: 3 };
    expect(await refusal('/admin/wms.Task/confirm', scan)).toBe('Lot PICK of Lot product MILK (MILK) is blocked: it is not reserved, picked, moved or shipped until it is unblocked');
    expect((await c.get(`/admin/wms.Task/edit?id=${task.id}`)).row).toMatchObject({ done_quantity: 0 });
    await c.post('Lot', 'unblock', { product_id: milk.id, lot_no: 'PICK' });
    expect(await c.post('Task', 'confirm', scan)).toMatchObject({ done_quantity: 3 });
  });
});
