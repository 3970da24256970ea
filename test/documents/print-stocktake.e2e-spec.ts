import { TestApp } from '../setup/create-test-app';
import { adminSpec } from '../support/admin-spec';
import { Session } from '../support/api';
import { download } from '../support/download';
import { compact, readPdf } from '../support/pdf';
import { Client } from '../support/warehouse';

type Row = Record<string, any>;

/** A warehouse with two areas whose shelf codes sort as numbers (S2 before S10), two products with Chinese names on stock. */
async function countSheetWarehouse(c: Client) {
  const warehouse = await c.add('Warehouse', { name: '上海仓', serial_no: 'WH1' });
  const areaA = await c.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'A区', serial_no: 'A' });
  const areaB = await c.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'B区', serial_no: 'B' });
  const shelf = (area: Row, serial: string) => c.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `货架${serial}`, serial_no: serial });
  const shelves = { a10: await shelf(areaA, 'S10'), a2: await shelf(areaA, 'S2'), b1: await shelf(areaB, 'S1') };
  const unit = await c.add('Unit', { name: '个' });
  const product = (no: string, name: string, price: string) => c.add('Product', { product_no: no, name, unit_id: unit.id, price, spec: '标准' });
  const products = { screw: await product('LS-001', '螺丝刀套装', '19.90'), glove: await product('ST-002', '劳保手套', '3.50') };
  const supplier = await c.add('Supplier', { name: '五金供应商' });
  const inbound = await c.add('Inbound', {
    supplier_id: supplier.id,
    type: 10,
    lines: [
      { product_id: products.screw.id, warehouse_shelf_id: shelves.b1.id, plan_quantity: 5, actual_quantity: 5, price: '19.90' },
      { product_id: products.glove.id, warehouse_shelf_id: shelves.a10.id, plan_quantity: 40, actual_quantity: 40, price: '3.50' },
      { product_id: products.screw.id, warehouse_shelf_id: shelves.a2.id, plan_quantity: 7, actual_quantity: 7, price: '19.90' },
    ],
  });
  await c.post('Inbound', 'audit', { id: inbound.id });
  return { warehouse, shelves, products };
}

describe('printed count sheets and adjustments', () => {
  let t: TestApp;
  let c: Client;
  let session: Session;
  let w: Row;

  adminSpec({ warehouse: countSheetWarehouse, ready: (fixture) => ({ t, c, session, w } = fixture) });

  const sheetText = async (id: number, lang: string) => {
    const res = await download(t, `/admin/wms.Stocktake/print?id=${id}&format=pdf`, session.token, lang);
    expect(res.type).toBe('application/pdf');
    return { res, text: (await readPdf(res.body)).text };
  };

  it('prints a count sheet in Chinese in shelf-path order (S2 before S10, area A before B) with the book and boxes to fill', async () => {
    const count = await c.add('Stocktake', { warehouse_id: w.warehouse.id, remark: '月末盘点' });
    const started = await c.post('Stocktake', 'start', { id: count.id });
    await c.post('Stocktake', 'count', { id: count.id, lines: [{ id: started.lines[0].id, counted_quantity: 6 }] });
    const { res, text } = await sheetText(count.id, 'zh-cn');
    expect(res.headers['content-disposition']).toContain(`${count.stocktake_no}-count-sheet.pdf`);
    const flat = compact(text);
    for (const expected of ['盘点表', count.stocktake_no, '上海仓', '盘点中', '否', '账面', '实盘', '已盘行数：1 / 3', '备注：月末盘点', '盘点人', '第 1 页，共 1 页']) expect(flat).toContain(compact(expected));
    const order = ['货架S2', '货架S10', '货架S1'].map((name) => flat.indexOf(compact(name)));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(flat).toContain(compact('库区：上海仓 / A区'));
    expect(flat).toContain(compact('库区：上海仓 / B区'));
  });

  it('prints a blind count without book quantities, in English', async () => {
    const count = await c.add('Stocktake', { warehouse_id: w.warehouse.id, blind: 1 });
    await c.post('Stocktake', 'start', { id: count.id });
    const { text } = await sheetText(count.id, 'en');
    const flat = compact(text);
    for (const expected of ['Count sheet', count.stocktake_no, 'Blind count', 'Yes (book quantities not shown)', 'Counted', 'LS-001', 'ST-002']) expect(flat).toContain(compact(expected));
    expect(flat).not.toContain('Book');
  });

  it('prints a posted blind count as blind still, now with its book quantities, in both languages', async () => {
    const count = await c.add('Stocktake', { warehouse_id: w.warehouse.id, blind: 1 });
    const started = await c.post('Stocktake', 'start', { id: count.id });
    await c.post('Stocktake', 'count', { id: count.id, lines: started.lines.map((line: Row) => ({ id: line.id, counted_quantity: 3 })) });
    expect(await c.post('Stocktake', 'post', { id: count.id })).toMatchObject({ status: 2, blind: 1 });
    const en = compact((await sheetText(count.id, 'en')).text);
    for (const expected of ['Blind count', 'Yes (posted: book quantities shown)', 'Book', 'Posted']) expect(en).toContain(compact(expected));
    expect(en).not.toMatch(/Blindcount:?No/);
    const zh = compact((await sheetText(count.id, 'zh-cn')).text);
    expect(zh).toContain(compact('是（已过账，显示账面数量）'));
    expect(zh).toContain('账面');
  });

  it('answers a translated message for an unknown count', async () => {
    const res = await c.raw.get('/admin/wms.Stocktake/print?id=999999&format=pdf');
    expect(res.body).toMatchObject({ code: 0 });
    expect(res.body.msg).toBeTruthy();
  });

  it('prints an adjustment with reasons, signed quantities and values', async () => {
    const order = await c.add('Adjustment', {
      lines: [
        { product_id: w.products.glove.id, warehouse_shelf_id: w.shelves.a10.id, quantity: -4, reason: 'damaged' },
        { product_id: w.products.screw.id, warehouse_shelf_id: w.shelves.b1.id, quantity: 2, reason: 'found' },
      ],
    });
    await c.post('Adjustment', 'audit', { id: order.id });
    const res = await download(t, `/admin/wms.Adjustment/print?id=${order.id}&format=pdf`, session.token, 'zh-cn');
    const flat = compact((await readPdf(res.body)).text);
    for (const expected of ['库存调整单', order.adjustment_no, '损坏', '找到', '-4', '+2', '14.00', '39.80', '调增金额：39.80', '调减金额：14.00']) expect(flat).toContain(compact(expected));
  });
});
