import { LedgerVerifier, ProjectionRebuilder } from '../../src/modules/inventory';
import { TestApp } from '../setup/create-test-app';
import { adminSpec } from '../support/admin-spec';
import { as, createAdmin, http, login } from '../support/api';
import { Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

/** A GTIN with its GS1 mod-10 check digit appended. */
function gtin(body: string): string {
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(body[i]) * weight;
  return body + String((10 - (sum % 10)) % 10);
}

const GS = '\x1d';
const EACH = gtin('950110102091'); // the product's own bar code (EAN-13)
const CASE = gtin('1950110102091'); // a case of 12 (GTIN-14)
const PALLET = gtin('2950110102091'); // a pallet of 60 cases (GTIN-14)

/**
 * Units of measure (docs/UNITS.md): `wms.ProductUnit` (name, factor ≥ 2, bar code unique among
 * products' and units' codes); order, task and count lines entered as `unit_id` + `unit_quantity`, kept in base
 * units by the ledger, whose events and history rows keep the unit name and factor; scans of a unit bar code and
 * of GS1 (02) + (37) answering the unit and the base quantity.
 */
describe('units of measure', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  let pallet: Row;
  let kase: Row;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (f) => ((t = f.t), (c = f.c), (w = f.w)) });

  /** P1 gets its EAN-13, a pallet (720 = 60 cases of 12) and a case (12), each with a GTIN-14. */
  const withUnits = async () => {
    await c.post('Product', 'edit', { id: w.products[0].id, bar_code: EACH });
    pallet = await c.add('ProductUnit', { product_id: w.products[0].id, name: 'pallet', factor: 720, bar_code: PALLET });
    kase = await c.add('ProductUnit', { product_id: w.products[0].id, name: 'case', factor: '12', bar_code: CASE });
  };
  const refusal = async (url: string, body: object, lang = 'en') => {
    const res = await c.raw.post(url, body).set('think-lang', lang);
    expect(res.body.code).toBe(0);
    return String(res.body.msg);
  };
  const scan = (code: string) => c.get(`/admin/wms.Scan/resolve?code=${encodeURIComponent(code)}`);
  const history = async (orderNo: string) => (await c.get(`/admin/wms.InventoryHistory/index?order_no=${orderNo}&order=id,asc&limit=100`)).list.map((h: Row) => [h.form_type, h.quantity, h.unit_name, h.factor]);
  const inboundLine = (unit: Row | null, unitQuantity: number, shelf = 0) => ({ product_id: w.products[0].id, unit_id: unit?.id ?? 0, unit_quantity: unitQuantity, price: '1.00', warehouse_shelf_id: w.shelves[shelf].id });
  const ledgerIntact = async () => {
    expect(await t.app.get(LedgerVerifier).verify({ digest: null, adminId: 1, source: 'cli' })).toMatchObject({ intact: true, problem: null });
    expect(await t.app.get(ProjectionRebuilder).rebuild()).toMatchObject({ matched: true, differing: [], ledgerProblems: [] });
  };

  it('keeps units per product: factor a whole number of at least 2, a name once per product, a bar code no product or unit carries', async () => {
    await withUnits();
    expect(pallet).toMatchObject({ product_id: w.products[0].id, name: 'pallet', factor: 720, bar_code: PALLET });
    const list = await c.get(`/admin/wms.ProductUnit/index?product_id=${w.products[0].id}`);
    expect(list.list.map((u: Row) => [u.name, u.factor, u.bar_code, u.product.product_no])).toEqual([
      ['case', 12, CASE, 'P1'],
      ['pallet', 720, PALLET, 'P1'],
    ]);
    expect((await c.get(`/admin/wms.ProductUnit/index?quickSearch=${CASE}`)).total).toBe(1);
    const bad = { product_id: w.products[0].id, name: 'box' };
    expect(await refusal('/admin/wms.ProductUnit/add', { ...bad, factor: 1, bar_code: 'BOX-1' })).toMatch(/2/);
    expect(await refusal('/admin/wms.ProductUnit/add', { ...bad, factor: 2.5 })).not.toBe('');
    expect(await refusal('/admin/wms.ProductUnit/add', bad)).not.toBe('');
    expect(await refusal('/admin/wms.ProductUnit/add', { ...bad, name: 'case', factor: 6 })).toBe('Unit "case" already exists for this product');
    expect(await refusal('/admin/wms.ProductUnit/add', { ...bad, name: 'case', factor: 6 }, 'zh-cn')).toBe('该商品已有单位“case”');
    expect(await refusal('/admin/wms.ProductUnit/add', { ...bad, factor: 6, bar_code: CASE })).toBe(`Bar code "${CASE}" is already in use`);
    expect(await refusal('/admin/wms.ProductUnit/add', { ...bad, factor: 6, bar_code: EACH })).toBe(`Bar code "${EACH}" is already in use`);
    expect(await refusal('/admin/wms.ProductUnit/add', { ...bad, factor: 6, bar_code: 'P2' })).toBe('Bar code "P2" is already in use');
    expect(await refusal('/admin/wms.ProductUnit/add', { ...bad, product_id: 9999, factor: 6 })).toBe('The selected Product does not exist');
    // the other way round: a product may not take a unit's bar code as its bar code or product number
    expect(await refusal('/admin/wms.Product/edit', { id: w.products[1].id, bar_code: CASE })).toBe(`Bar code "${CASE}" is already in use`);
    expect(await refusal('/admin/wms.Product/add', { product_no: PALLET, name: 'Clash' })).toBe(`Product code "${PALLET}" is already in use`);
    // another product may have a unit of the same name; an edit keeps its own bar code
    expect(await c.add('ProductUnit', { product_id: w.products[1].id, name: 'case', factor: 6 })).toMatchObject({ bar_code: null, factor: 6 });
    expect(await c.post('ProductUnit', 'edit', { id: kase.id, name: 'case', factor: 12, bar_code: CASE })).toMatchObject({ bar_code: CASE });
    expect((await c.raw.del(`/admin/wms.ProductUnit/del?ids[]=${pallet.id}`)).body).toMatchObject({ code: 1, data: { count: 1 } });
  });

  it('guards the unit pages: signed out is sent to sign in, an admin without the rule gets 401', async () => {
    expect((await http(t).get('/admin/wms.ProductUnit/index')).body.code).toBe(302);
    await createAdmin(t, 'viewer', ['wms/product/index']);
    const viewer = as(t, await login(t, 'viewer'));
    expect((await viewer.get('/admin/wms.ProductUnit/index')).body.code).toBe(401);
    expect((await viewer.post('/admin/wms.ProductUnit/add', { product_id: w.products[0].id, name: 'x', factor: 2 })).body.code).toBe(401);
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM product_unit'))[0].n)).toBe(0);
  });

  it('resolves a unit bar code and GS1 (02) + (37), bracketed or as scanners send it: 3 pallets + 5 cases + 7 each = 2,227', async () => {
    await withUnits();
    const one = await scan(CASE);
    expect(one).toMatchObject({ kind: 'product', row: { id: w.products[0].id, product_no: 'P1' }, unit: { id: kase.id, name: 'case', factor: 12 }, unit_quantity: 1, quantity: 12 });
    const pallets = await scan(`(02)${PALLET}(37)3`);
    expect(pallets).toMatchObject({ row: { id: w.products[0].id }, unit: { id: pallet.id, name: 'pallet', factor: 720 }, unit_quantity: 3, quantity: 2160 });
    // scanner form: FNC1 as GS, no parentheses, (37) closed by GS before the next element
    const cases = await scan(`]C102${CASE}375${GS}17291231`);
    expect(cases).toMatchObject({ unit: { name: 'case', factor: 12 }, unit_quantity: 5, quantity: 60, expiry_date: '2029-12-31' });
    const each = await scan(`${GS}02${gtin('0950110102091')}377`);
    expect(each).toMatchObject({ row: { id: w.products[0].id }, unit: { id: 0, name: 'pcs', factor: 1 }, unit_quantity: 7, quantity: 7 });
    expect(pallets.quantity + cases.quantity + each.quantity).toBe(2227);
    // the product's own bar code still answers the product alone; an unknown contained GTIN is refused
    expect(await scan(EACH)).not.toHaveProperty('unit');
    expect((await c.raw.get(`/admin/wms.Scan/resolve?code=${encodeURIComponent(`(02)${gtin('4006381333931')}(37)2`)}`)).body.code).toBe(0);
  });

  it('takes inbound lines in units, keeps base units in stock and the unit and factor in each event and history row; the ledger verifies and rebuilds', async () => {
    await withUnits();
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [inboundLine(pallet, 3), inboundLine(kase, 5), inboundLine(null, 7)] });
    expect(order.lines.map((l: Row) => [l.plan_quantity, l.actual_quantity, l.unit_id, l.unit_quantity, l.unit_name, l.factor])).toEqual([
      [2160, 2160, pallet.id, 3, 'pallet', 720],
      [60, 60, kase.id, 5, 'case', 12],
      [7, 7, 0, 0, '', 1],
    ]);
    const audited = await c.post('Inbound', 'audit', { id: order.id });
    expect(audited.lines.map((l: Row) => l.total_price)).toEqual(['2160.00', '60.00', '7.00']);
    expect(await stockOf(t)).toEqual({ 'P1@S1': 2227 });
    expect((await c.get(`/admin/wms.Product/edit?id=${w.products[0].id}`)).row.total_stock_num).toBe(2227);
    expect(await history(order.receipt_no)).toEqual([
      [10, 2160, 'pallet', 720],
      [10, 60, 'case', 12],
      [10, 7, 'pcs', 1],
    ]);
    const payloads = (await t.dataSource.query('SELECT payload FROM inventory_event ORDER BY id')).map((e: Row) => JSON.parse(e.payload));
    expect(payloads.map((p: Row) => [p.quantity, p.unit, p.unit_name, p.factor])).toEqual([
      [2160, 'pcs', 'pallet', 720],
      [60, 'pcs', 'case', 12],
      [7, 'pcs', undefined, undefined],
    ]);
    await ledgerIntact();
  });

  it("refuses a unit that is not the line's product's, in both languages, and writes nothing", async () => {
    await withUnits();
    const other = await c.add('ProductUnit', { product_id: w.products[1].id, name: 'box', factor: 6 });
    const body = { supplier_id: w.supplier.id, type: 10, lines: [inboundLine(kase, 1), { ...inboundLine(other, 2) }] };
    expect(await refusal('/admin/wms.Inbound/add', body)).toBe('Line 2: "box" is not a unit of this line\'s product');
    expect(await refusal('/admin/wms.Inbound/add', body, 'zh-cn')).toBe('第 2 行：“box”不是该行商品的包装单位');
    expect(await refusal('/admin/wms.Inbound/add', { ...body, lines: [inboundLine({ id: 9999 }, 1)] })).toBe('The unit of line 1 does not exist or was deleted');
    expect(await refusal('/admin/wms.Inbound/add', { ...body, lines: [inboundLine(kase, -1)] })).toBe('The quantity of line 1 must be greater than 0');
    expect(await refusal('/admin/wms.Inbound/add', { ...body, lines: [{ product_id: w.products[0].id, price: '1.00', warehouse_shelf_id: w.shelves[0].id }] })).not.toBe('');
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM inbound_order'))[0].n)).toBe(0);
  });

  it('takes outbound, relocation (plan and move), adjustment and return lines in units', async () => {
    await withUnits();
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 100 }]);
    const outbound = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: w.products[0].id, unit_id: kase.id, unit_quantity: 2, price: '3.00', warehouse_shelf_id: w.shelves[0].id }] });
    expect(outbound.lines[0]).toMatchObject({ plan_quantity: 24, actual_quantity: 24, unit_name: 'case', factor: 12, unit_quantity: 2 });
    await c.post('Outbound', 'audit', { id: outbound.id });
    expect(await stockOf(t)).toEqual({ 'P1@S1': 76 });
    expect(await history(outbound.outbound_no)).toEqual([[40, -24, 'case', 12]]);

    const relocation = await c.add('Relocation', { lines: [{ product_id: w.products[0].id, source_warehouse_shelf_id: w.shelves[0].id, target_warehouse_shelf_id: w.shelves[1].id, unit_id: kase.id, unit_quantity: 3 }] });
    expect(relocation.lines[0]).toMatchObject({ plan_quantity: 36, unit_name: 'case', factor: 12 });
    await c.post('Relocation', 'audit', { id: relocation.id });
    const moved = await c.post('Relocation', 'move', { id: relocation.id, lines: [{ id: relocation.lines[0].id, unit_id: kase.id, unit_quantity: 2 }] });
    expect(moved.lines[0].actual_quantity).toBe(24);
    await c.post('Relocation', 'move', { id: relocation.id, lines: [{ id: relocation.lines[0].id, quantity: 12 }] });
    expect(await stockOf(t)).toEqual({ 'P1@S1': 40, 'P1@S2': 36 });
    expect(await history(relocation.relocation_no)).toEqual([
      [70, -24, 'case', 12],
      [70, 24, 'case', 12],
      [70, -12, 'pcs', 1],
      [70, 12, 'pcs', 1],
    ]);
    expect(await refusal('/admin/wms.Relocation/move', { id: relocation.id, lines: [{ id: relocation.lines[0].id, unit_id: pallet.id, unit_quantity: 1 }] })).toMatch(/./);

    const adjustment = await c.add('Adjustment', { lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[1].id, unit_id: kase.id, unit_quantity: -1, reason: 'damaged' }] });
    expect(adjustment.lines[0]).toMatchObject({ quantity: -12, unit_name: 'case', factor: 12 });
    await c.post('Adjustment', 'audit', { id: adjustment.id });
    expect(await history(adjustment.adjustment_no)).toEqual([[110, -12, 'case', 12]]);

    const shipped = await c.post('Outbound', 'ship', { id: outbound.id, carrier_id: w.carrier.id, courier_number: 'SF1' });
    const back = await c.add('Return', { outbound_id: shipped.id, lines: [{ product_id: w.products[0].id, unit_id: kase.id, unit_quantity: 1, disposition: 1, warehouse_shelf_id: w.shelves[1].id, reason: 'spare' }] });
    expect(back.lines[0]).toMatchObject({ quantity: 12, unit_name: 'case', factor: 12 });
    expect(await refusal('/admin/wms.Return/add', { outbound_id: shipped.id, lines: [{ product_id: w.products[0].id, unit_id: kase.id, unit_quantity: 3, disposition: 1, warehouse_shelf_id: w.shelves[1].id }] })).toMatch(/36/);
    await c.post('Return', 'audit', { id: back.id });
    expect(await history(back.return_no)).toEqual([[150, 12, 'case', 12]]);
    expect(await stockOf(t)).toEqual({ 'P1@S1': 40, 'P1@S2': 36 });
    await ledgerIntact();
  });

  it('counts in units: the counted quantity in base units, the variance event keeping the unit it was counted in', async () => {
    await withUnits();
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 30 }]);
    const count = await c.add('Stocktake', { warehouse_id: w.warehouse.id });
    const started = await c.post('Stocktake', 'start', { id: count.id });
    const line = started.lines[0];
    const counted = await c.post('Stocktake', 'count', { id: count.id, lines: [{ id: line.id, unit_id: kase.id, unit_quantity: 3 }] });
    expect(counted.lines[0]).toMatchObject({ counted_quantity: 36, unit_name: 'case', factor: 12, unit_quantity: 3 });
    expect(await refusal('/admin/wms.Stocktake/count', { id: count.id, lines: [{ id: line.id, unit_id: 9999, unit_quantity: 3 }] })).toBe('The unit of line 1 does not exist or was deleted');
    const posted = await c.post('Stocktake', 'post', { id: count.id });
    expect(posted.lines[0]).toMatchObject({ variance: 6 });
    expect(await history(count.stocktake_no)).toEqual([[80, 6, 'case', 12]]);
    expect(await stockOf(t)).toEqual({ 'P1@S1': 36 });
  });

  it('confirms a task by a case scan: the quantity counts in the unit scanned, or in the unit named', async () => {
    await withUnits();
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 1 }]);
    const dock = await c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: 'DOCK', serial_no: 'DOCK', kind: 1 });
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, warehouse_id: w.warehouse.id, lines: [{ product_id: w.products[0].id, unit_id: kase.id, unit_quantity: 4, price: '1.00' }] });
    await c.post('Inbound', 'audit', { id: order.id });
    const [task] = (await c.get('/admin/wms.Task/index?type=2')).list;
    expect(task).toMatchObject({ quantity: 48, from_shelf_id: dock.id, to_shelf_id: w.shelves[0].id });
    // a case bar code with quantity 1: one case
    let confirmed = await c.post('Task', 'confirm', { id: task.id, from_code: 'DOCK', product_code: CASE, quantity: 1, to_code: 'S1' });
    expect(confirmed.done_quantity).toBe(12);
    // the product's own code, counted in the case picked on the page
    confirmed = await c.post('Task', 'confirm', { id: task.id, from_code: 'DOCK', product_code: 'P1', unit_id: kase.id, unit_quantity: 2, to_code: 'S1' });
    expect(confirmed.done_quantity).toBe(36);
    expect(await refusal('/admin/wms.Task/confirm', { id: task.id, from_code: 'DOCK', product_code: CASE, quantity: 2, to_code: 'S1' })).toMatch(/12/);
    confirmed = await c.post('Task', 'confirm', { id: task.id, from_code: 'DOCK', product_code: 'P1', quantity: 12, to_code: 'S1' });
    expect(confirmed).toMatchObject({ done_quantity: 48, status: 2 });
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 49, 'P1@DOCK': 0 });
    const moves = await t.dataSource.query("SELECT quantity, unit_name, factor FROM inventory_history WHERE form_type = 130 AND quantity > 0 ORDER BY id");
    expect(moves.map((m: Row) => [Number(m.quantity), m.unit_name, Number(m.factor)])).toEqual([
      [12, 'case', 12],
      [24, 'case', 12],
      [12, 'pcs', 1],
    ]);
    await ledgerIntact();
  });
});
