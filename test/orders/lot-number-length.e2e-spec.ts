import { LOT_NO_MAX_LENGTH } from '../../contract/lots';
import { TestApp } from '../setup/create-test-app';
import { adminSpec } from '../support/admin-spec';
import { inboundLine, lotProduct, receive } from '../support/lots';
import { Client, smallWarehouse, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

/**
 * One bound on a lot number everywhere (contract/lots.ts, the stock row's column): every order that names a
 * lot takes one of LOT_NO_MAX_LENGTH characters and refuses one more, in the reader's language, writing
 * nothing — inbound, outbound and relocation lines, adjustment lines and a count's found items.
 */
describe('a lot number of at most LOT_NO_MAX_LENGTH characters, on every kind of order', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  let product: Row;

  adminSpec({
    warehouse: smallWarehouse,
    ledgerChecks: true,
    ready: (fixture) => ({ t, c, w } = fixture),
  });
  beforeEach(async () => {
    product = await lotProduct(c, w, 'LOT-LEN');
  });

  const longest = 'L'.repeat(LOT_NO_MAX_LENGTH);
  const tooLong = 'L'.repeat(LOT_NO_MAX_LENGTH + 1);
  const refusal = { en: `Lot number must be at most ${LOT_NO_MAX_LENGTH} characters`, 'zh-cn': `批次号最多${LOT_NO_MAX_LENGTH}个字符` };
  const count = async (table: string) => Number((await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);

  /** Sends the body in both languages: refused with the translated message, and no row of `table` written. */
  async function refusedInBothLanguages(url: string, body: Row, table: string): Promise<void> {
    const before = await count(table);
    for (const lang of ['en', 'zh-cn'] as const) {
      expect((await c.raw.post(url, body).set('think-lang', lang)).body).toMatchObject({ code: 0, msg: refusal[lang] });
    }
    expect(await count(table)).toBe(before);
  }

  it('the bound is the stock row’s lot column', async () => {
    const column = t.dataSource.options.type === 'mysql'
      ? (await t.dataSource.query("SELECT CHARACTER_MAXIMUM_LENGTH AS n FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'stock' AND column_name = 'lot_no'"))[0].n
      : /varchar\((\d+)\)/i.exec((await t.dataSource.query("SELECT sql FROM sqlite_master WHERE name = 'stock'"))[0].sql.match(/"lot_no" varchar\(\d+\)/i)[0])![1];
    expect(Number(column)).toBe(LOT_NO_MAX_LENGTH);
  });

  it('inbound: receives a lot of the longest length and refuses one character more', async () => {
    const received = await receive(c, w, [{ product, shelf: w.shelves[0], quantity: 4, lot_no: longest }]);
    expect(received.lines[0]).toMatchObject({ lot_no: longest });
    await refusedInBothLanguages('/admin/wms.Inbound/add', { supplier_id: w.supplier.id, type: 10, lines: [inboundLine({ product, shelf: w.shelves[0], quantity: 1, lot_no: tooLong })] }, 'inbound_order');
  });

  it('outbound: names a lot of the longest length and refuses one character more', async () => {
    await receive(c, w, [{ product, shelf: w.shelves[0], quantity: 4, lot_no: longest }]);
    const line = (lot: string) => ({ product_id: product.id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 1, actual_quantity: 1, price: '5.00', lot_no: lot });
    const order = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [line(longest)] });
    expect(await c.post('Outbound', 'audit', { id: order.id })).toMatchObject({ audit_status: 1 });
    await refusedInBothLanguages('/admin/wms.Outbound/add', { customer_id: w.customer.id, type: 10, lines: [line(tooLong)] }, 'outbound_order');
  });

  it('relocation: moves a lot of the longest length and refuses one character more', async () => {
    await receive(c, w, [{ product, shelf: w.shelves[0], quantity: 4, lot_no: longest }]);
    const line = (lot: string) => ({ product_id: product.id, source_warehouse_shelf_id: w.shelves[0].id, target_warehouse_shelf_id: w.shelves[1].id, plan_quantity: 1, lot_no: lot });
    expect(await c.add('Relocation', { lines: [line(longest)] })).toMatchObject({ lines: [{ lot_no: longest }] });
    await refusedInBothLanguages('/admin/wms.Relocation/add', { lines: [line(tooLong)] }, 'relocation_order');
  });

  it('adjustment: adjusts a lot of the longest length and refuses one character more (before, it was kept as a draft up to 50)', async () => {
    const line = (lot: string) => ({ product_id: product.id, warehouse_shelf_id: w.shelves[0].id, lot_no: lot, quantity: 2, reason: 'found' });
    const order = await c.add('Adjustment', { lines: [line(longest)] });
    expect(await c.post('Adjustment', 'audit', { id: order.id })).toMatchObject({ audit_status: 1 });
    await refusedInBothLanguages('/admin/wms.Adjustment/add', { lines: [line(tooLong)] }, 'adjustment_order');
  });

  it('count: records a found lot of the longest length and refuses one character more', async () => {
    const stocktake = await c.add('Stocktake', { warehouse_id: w.warehouse.id });
    await c.post('Stocktake', 'start', { id: stocktake.id });
    const found = (lot: string) => ({ product_id: product.id, warehouse_shelf_id: w.shelves[0].id, lot_no: lot, counted_quantity: 3 });
    const counted = await c.post('Stocktake', 'count', { id: stocktake.id, lines: [found(longest)] });
    expect(counted.lines.filter((l: Row) => l.lot_no === longest)).toHaveLength(1);
    await refusedInBothLanguages('/admin/wms.Stocktake/count', { id: stocktake.id, lines: [found(tooLong)] }, 'stocktake_line');
  });
});
