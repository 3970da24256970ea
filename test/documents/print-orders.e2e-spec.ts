import { TestApp } from '../setup/create-test-app';
import { createAdmin, login, Session } from '../support/api';
import { download } from '../support/download';
import { compact, readPdf } from '../support/pdf';
import { lotProduct, receive } from '../support/lots';
import { Client, stockUp } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

type Row = Record<string, any>;

describe('printed orders: receipts, picking lists, delivery notes, relocation sheets', () => {
  let t: TestApp;
  let c: Client;
  let session: Session;
  let w: Row;

  adminSpec({ ready: (fixture) => ({ t, session, c } = fixture) });
  beforeEach(async () => {
    w = await chineseWarehouse(c);
  });

  /** Two warehouses, areas and shelves whose codes sort as numbers (S2 before S10), products with Chinese names. */
  async function chineseWarehouse(c: Client) {
    const north = await c.add('Warehouse', { name: '北京仓', serial_no: 'WH2' });
    const south = await c.add('Warehouse', { name: '上海仓', serial_no: 'WH1' });
    const areaB = await c.add('WarehouseArea', { warehouse_id: south.id, name: 'B区', serial_no: 'B' });
    const areaA = await c.add('WarehouseArea', { warehouse_id: south.id, name: 'A区', serial_no: 'A' });
    const areaN = await c.add('WarehouseArea', { warehouse_id: north.id, name: '北区', serial_no: 'A' });
    const shelf = (area: Row, warehouse: Row, serial: string) => c.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `货架${serial}`, serial_no: serial });
    const shelves = {
      a10: await shelf(areaA, south, 'S10'),
      a2: await shelf(areaA, south, 'S2'),
      b1: await shelf(areaB, south, 'S1'),
      n1: await shelf(areaN, north, 'S1'),
    };
    const unit = await c.add('Unit', { name: '个' });
    const product = (no: string, name: string, price: string, spec: string) => c.add('Product', { product_no: no, name, unit_id: unit.id, price, spec });
    const products = {
      screw: await product('LS-001', '螺丝刀套装', '19.90', '12件/套'),
      glove: await product('ST-002', '劳保手套', '3.50', 'L号'),
      tape: await product('JD-003', 'Packing tape 封箱胶带', '8.00', '48mm'),
    };
    const supplier = await c.add('Supplier', { name: '上海五金供应商' });
    const customer = await c.add('Customer', { name: '杭州客户有限公司' });
    const carrier = await c.add('Carrier', { name: '顺丰速运' });
    return { north, south, shelves, unit, products, supplier, customer, carrier };
  }

  const goodsLine = (product: Row, shelf: Row, quantity: number, price: string, plan = quantity) => ({
    product_id: product.id,
    warehouse_shelf_id: shelf.id,
    plan_quantity: plan,
    actual_quantity: quantity,
    price,
  });

  it('prints an inbound receipt in Chinese: number, party, every line, totals, signatures, embedded and extractable CJK text', async () => {
    const order = await c.add('Inbound', {
      order_sn: 'PO-7788',
      supplier_id: w.supplier.id,
      type: 10,
      remark: '第一批到货',
      lines: [goodsLine(w.products.screw, w.shelves.a2, 3, '19.90', 4), goodsLine(w.products.glove, w.shelves.n1, 10, '3.50')],
    });
    const res = await download(t, `/admin/wms.Inbound/print?id=${order.id}&format=pdf`, session.token, 'zh-cn');
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${order.receipt_no}-receipt.pdf`);
    const { text, pages, info } = await readPdf(res.body);
    expect(info.Title).toBe(`入库单 ${order.receipt_no}`);
    expect(pages).toHaveLength(1);
    const flat = compact(text);
    for (const expected of [
      '仓库管理系统',
      '入库单',
      order.receipt_no,
      'PO-7788',
      '上海五金供应商',
      '采购入库',
      '未审核',
      'LS-001',
      '螺丝刀套装',
      '12件/套',
      '上海仓 / A区 / 货架S2 (S2)',
      '19.90',
      '59.70',
      'ST-002',
      '劳保手套',
      '北京仓 / 北区 / 货架S1 (S1)',
      '35.00',
      '计划数量合计：14',
      '实收数量合计：13',
      '金额合计：94.70',
      '备注：第一批到货',
      '仓管员',
      '第 1 页，共 1 页',
    ]) {
      expect(flat).toContain(compact(expected));
    }
    // the CJK font is embedded as a subset: a one-page order stays small
    expect(res.body.length).toBeLessThan(150_000);
  });

  it('prints the same receipt in English when asked by the lang query, with the token in the query string as a browser tab sends it', async () => {
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 30, lines: [goodsLine(w.products.tape, w.shelves.b1, 1200, '8.00')] });
    await c.post('Inbound', 'audit', { id: order.id });
    const res = await download(t, `/admin/wms.Inbound/print?id=${order.id}&format=pdf&batoken=${encodeURIComponent(session.token)}&server=1&lang=en`, null, '');
    expect(res.type).toBe('application/pdf');
    const flat = compact((await readPdf(res.body)).text);
    for (const expected of ['Inbound receipt', order.receipt_no, 'Return', 'Audited', 'Admin', 'Packing tape 封箱胶带', '1,200', 'Total received: 1,200', 'Total amount: 9,600.00', 'Warehouse keeper', 'Page 1 of 1', 'Warehouse Management System']) {
      expect(flat).toContain(compact(expected));
    }
    // the seeded site name in the reader's language, as the pages show it
    expect(flat).not.toContain('入库单');
    expect(flat).not.toContain('仓库管理系统');
  });

  it('never breaks a shelf code or product number inside itself: a word wider than its column is set smaller', async () => {
    const rack = await c.add('Shelf', { warehouse_id: w.south.id, warehouse_area_id: w.shelves.a2.warehouse_area_id, name: 'RACK-BAY-000123-LEFT-UPPER-TIER', serial_no: 'RACK-BAY-000123-LEFT-UPPER-TIER' });
    const long = await c.add('Product', { product_no: 'PN-2026-000000123456-XL', name: 'Heavy-duty galvanised steel shelving bracket', unit_id: w.unit.id, price: '1.00', spec: '600x400' });
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [goodsLine(long, rack, 5, '1.00')] });
    const res = await download(t, `/admin/wms.Inbound/print?id=${order.id}&format=pdf&lang=en`, session.token, 'en');
    const { text } = await readPdf(res.body);
    const lines = text.split('\n');
    // a code may break after a hyphen, never between two of its letters or digits: no line ends with a part of it cut elsewhere
    const cutInside = (code: string) => lines.filter((line) => [...code].some((_, k) => k >= 2 && k < code.length && code[k - 1] !== '-' && line.trimEnd().endsWith(code.slice(0, k))));
    for (const code of ['RACK-BAY-000123-LEFT-UPPER-TIER', 'PN-2026-000000123456-XL']) {
      expect(text).toContain(code.slice(0, 8));
      expect(cutInside(code)).toEqual([]);
    }
  });

  it('prints a picking list walking the warehouse: by warehouse, area and shelf code (S2 before S10), with headings and totals', async () => {
    await stockUp(c, { products: [w.products.screw, w.products.glove, w.products.tape], shelves: [w.shelves.a10, w.shelves.a2, w.shelves.b1, w.shelves.n1], supplier: w.supplier } as any, [
      { product: 0, shelf: 0, quantity: 50 },
      { product: 1, shelf: 1, quantity: 50 },
      { product: 2, shelf: 2, quantity: 50 },
      { product: 0, shelf: 3, quantity: 50 },
    ]);
    const order = await c.add('Outbound', {
      order_sn: 'SO-1',
      customer_id: w.customer.id,
      type: 10,
      lines: [
        goodsLine(w.products.screw, w.shelves.n1, 1, '19.90'),
        goodsLine(w.products.tape, w.shelves.b1, 2, '8.00'),
        goodsLine(w.products.screw, w.shelves.a10, 3, '19.90'),
        goodsLine(w.products.glove, w.shelves.a2, 4, '3.50'),
      ],
    });
    const res = await download(t, `/admin/wms.Outbound/print?id=${order.id}&format=pdf`, session.token, 'zh-cn');
    expect(res.type).toBe('application/pdf');
    const flat = compact((await readPdf(res.body)).text);
    expect(flat).toContain('拣货单');
    expect(flat).toContain(order.outbound_no);
    expect(flat).toContain('杭州客户有限公司');
    // WH1 (上海仓) before WH2 (北京仓); in WH1 area A before B; in area A shelf S2 before S10
    const walk = ['仓库：上海仓 (WH1)', 'A区 / 货架S2 A-S2', 'A区 / 货架S10 A-S10', 'B区 / 货架S1 B-S1', '仓库：北京仓 (WH2)', '北区 / 货架S1 A-S1'].map((text) => flat.indexOf(compact(text)));
    expect(walk.every((at) => at >= 0)).toBe(true);
    expect([...walk].sort((a, b) => a - b)).toEqual(walk);
    expect(flat).toContain(compact('应拣数量合计：10'));
    expect(flat).toContain('拣货人');
  });

  it('prints a delivery note with the carrier, courier number, prices and the total amount', async () => {
    await stockUp(c, { products: [w.products.screw], shelves: [w.shelves.a2], supplier: w.supplier } as any, [{ product: 0, shelf: 0, quantity: 10 }]);
    const order = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [goodsLine(w.products.screw, w.shelves.a2, 6, '21.00')] });
    await c.post('Outbound', 'audit', { id: order.id });
    await c.post('Outbound', 'ship', { id: order.id, carrier_id: w.carrier.id, courier_number: 'SF1234567890' });
    const zh = compact((await readPdf((await download(t, `/admin/wms.Outbound/print?id=${order.id}&format=pdf&doc=delivery`, session.token, 'zh-cn')).body)).text);
    for (const expected of ['送货单', order.outbound_no, '杭州客户有限公司', '顺丰速运', 'SF1234567890', '螺丝刀套装', '21.00', '126.00', '数量合计：6', '金额合计：126.00', '收货人签字及日期']) {
      expect(zh).toContain(compact(expected));
    }
    const en = compact((await readPdf((await download(t, `/admin/wms.Outbound/print?id=${order.id}&format=pdf&doc=delivery`, session.token, 'en')).body)).text);
    expect(en).toContain(compact('Delivery note'));
    expect(en).toContain(compact('Total amount: 126.00'));
  });

  it('prints a relocation sheet with both shelves and the move progress', async () => {
    await stockUp(c, { products: [w.products.glove], shelves: [w.shelves.a2], supplier: w.supplier } as any, [{ product: 0, shelf: 0, quantity: 20 }]);
    const order = await c.add('Relocation', { lines: [{ product_id: w.products.glove.id, source_warehouse_shelf_id: w.shelves.a2.id, target_warehouse_shelf_id: w.shelves.n1.id, plan_quantity: 8 }] });
    await c.post('Relocation', 'audit', { id: order.id });
    const edit = await c.get(`/admin/wms.Relocation/edit?id=${order.id}`);
    await c.post('Relocation', 'move', { id: order.id, lines: [{ id: edit.row.lines[0].id, quantity: 3 }] });
    const flat = compact((await readPdf((await download(t, `/admin/wms.Relocation/print?id=${order.id}&format=pdf`, session.token, 'en')).body)).text);
    for (const expected of ['Relocation sheet', order.relocation_no, 'Partly moved', 'ST-002', '上海仓 / A区 / 货架S2 (S2)', '北京仓 / 北区 / 货架S1 (S1)', 'Total planned: 8', 'Total moved: 3', 'Moved by']) {
      expect(flat).toContain(compact(expected));
    }
  });

  it('prints the lot and expiry of each relocation line that has one: the lot named, the lots moved (with quantities), in both languages', async () => {
    const milk = await lotProduct(c, { unit: w.unit } as any, 'MILK');
    await receive(c, { supplier: w.supplier } as any, [
      { product: milk, shelf: w.shelves.a2, quantity: 5, lot_no: 'A1', expiry_date: '2031-03-04' },
      { product: milk, shelf: w.shelves.a2, quantity: 5, lot_no: 'B2', expiry_date: '2031-01-02' },
    ]);
    const line = (lotNo?: string) => ({ product_id: milk.id, source_warehouse_shelf_id: w.shelves.a2.id, target_warehouse_shelf_id: w.shelves.n1.id, plan_quantity: 2, ...(lotNo ? { lot_no: lotNo } : {}) });
    const order = await c.add('Relocation', { lines: [line('A1'), line(), { product_id: w.products.glove.id, source_warehouse_shelf_id: w.shelves.a2.id, target_warehouse_shelf_id: w.shelves.n1.id, plan_quantity: 1 }] });
    const before = compact((await readPdf((await download(t, `/admin/wms.Relocation/print?id=${order.id}&format=pdf`, session.token, 'en')).body)).text);
    expect(before).toContain(compact('Lot / expiry'));
    expect(before).toContain(compact('A1 exp. 2031-03-04'));
    expect(before).not.toContain('B2');
    await c.post('Relocation', 'audit', { id: order.id });
    await c.post('Relocation', 'move', { id: order.id, lines: [{ id: order.lines[1].id, quantity: 2 }] });
    const en = compact((await readPdf((await download(t, `/admin/wms.Relocation/print?id=${order.id}&format=pdf`, session.token, 'en')).body)).text);
    expect(en).toContain(compact('B2 ×2 exp. 2031-01-02'));
    const zh = compact((await readPdf((await download(t, `/admin/wms.Relocation/print?id=${order.id}&format=pdf`, session.token, 'zh-cn')).body)).text);
    for (const expected of ['批次 / 有效期', 'A1 有效期至 2031-03-04', 'B2 ×2 有效期至 2031-01-02']) expect(zh).toContain(compact(expected));
  });

  it('prints the lot and expiry of every allocation on the picking list and the delivery note: the lot named and first-expiry-first-out, as the audit took them', async () => {
    const milk = await lotProduct(c, { unit: w.unit } as any, 'MILK');
    await receive(c, { supplier: w.supplier } as any, [
      { product: milk, shelf: w.shelves.a2, quantity: 4, lot_no: 'EARLY', expiry_date: '2031-01-02' },
      { product: milk, shelf: w.shelves.a2, quantity: 30, lot_no: 'LATE', expiry_date: '2031-06-30' },
      { product: milk, shelf: w.shelves.b1, quantity: 9, lot_no: 'NAMED', expiry_date: '2032-02-03' },
    ]);
    await stockUp(c, { products: [w.products.glove], shelves: [w.shelves.a2], supplier: w.supplier } as any, [{ product: 0, shelf: 0, quantity: 5 }]);
    const order = await c.add('Outbound', {
      customer_id: w.customer.id,
      type: 10,
      lines: [goodsLine(milk, w.shelves.a2, 10, '5.00'), { ...goodsLine(milk, w.shelves.b1, 3, '5.00'), lot_no: 'NAMED' }, goodsLine(w.products.glove, w.shelves.a2, 1, '3.50')],
    });
    const audited = await c.post('Outbound', 'audit', { id: order.id });
    const allocations = audited.lines.map((line: Row) => line.allocations);
    expect(allocations).toEqual([
      [{ lot_no: 'EARLY', quantity: 4 }, { lot_no: 'LATE', quantity: 6 }],
      [{ lot_no: 'NAMED', quantity: 3 }],
      [{ lot_no: '', quantity: 1 }],
    ]);
    const expiry: Record<string, string> = { EARLY: '2031-01-02', LATE: '2031-06-30', NAMED: '2032-02-03' };
    const printed = async (doc: string, lang: string) => compact((await readPdf((await download(t, `/admin/wms.Outbound/print?id=${order.id}&format=pdf&doc=${doc}`, session.token, lang)).body)).text);
    for (const doc of ['picking', 'delivery']) {
      const en = await printed(doc, 'en');
      expect(en).toContain(compact('Lot / expiry'));
      // every lot the audit took, with its quantity and the expiry of its first receipt
      for (const line of audited.lines.slice(0, 2)) {
        for (const a of line.allocations) expect(en).toContain(compact(`${a.lot_no} ×${a.quantity} exp. ${expiry[a.lot_no]}`));
      }
      const zh = await printed(doc, 'zh-cn');
      expect(zh).toContain(compact('批次 / 有效期'));
      expect(zh).toContain(compact('EARLY ×4 有效期至 2031-01-02'));
      expect(zh).toContain(compact('NAMED ×3 有效期至 2032-02-03'));
    }
  });

  it('paginates a long order: every line printed once, the table header and page numbers on every page', async () => {
    const lines = Array.from({ length: 150 }, (_, i) => goodsLine(i % 2 ? w.products.glove : w.products.screw, w.shelves.a2, i + 1, '1.00'));
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines });
    const { pages } = await readPdf((await download(t, `/admin/wms.Inbound/print?id=${order.id}&format=pdf`, session.token, 'en')).body);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => {
      expect(page.text).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page.text).toContain(order.receipt_no);
      // every page with lines repeats the table header
      if (/LS-001|ST-002/.test(page.text)) expect(page.text).toContain('Product no.');
    });
    const all = compact(pages.map((p) => p.text).join(' '));
    expect(all).toContain(compact('Total received: 11,325'));
    expect(all).toContain(compact('Total amount: 11,325.00'));
    expect(all.match(/LS-001/g)?.length).toBe(75);
    expect(all.match(/ST-002/g)?.length).toBe(75);
  });

  it('answers a translated envelope, never a PDF, for a bad id, an unknown order, document or format', async () => {
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [goodsLine(w.products.screw, w.shelves.a2, 1, '1.00')] });
    const cases: Array<[string, string]> = [
      ['/admin/wms.Inbound/print?id=abc&format=pdf', 'Parameter error'],
      ['/admin/wms.Inbound/print?format=pdf', 'Parameter error'],
      ['/admin/wms.Outbound/print?id=99999&format=pdf', 'Record not found'],
      [`/admin/wms.Inbound/print?id=${order.id}&format=docx`, 'Documents are printed as PDF only (format=pdf)'],
      [`/admin/wms.Outbound/print?id=${order.id}&doc=invoice`, 'No such document: an outbound order prints a picking list (doc=picking) or a delivery note (doc=delivery)'],
      [`/admin/wms.Inbound/print?id=${order.id}&doc=delivery`, 'No such document: an outbound order prints a picking list (doc=picking) or a delivery note (doc=delivery)'],
    ];
    for (const [url, msg] of cases) {
      const res = await download(t, url, session.token, 'en');
      expect({ url, type: res.type, json: res.json && { code: res.json.code, msg: res.json.msg } }).toEqual({ url, type: 'application/json; charset=utf-8', json: { code: 0, msg } });
    }
    const zh = await download(t, '/admin/wms.Inbound/print?id=99999', session.token, 'zh-cn');
    expect(zh.json).toMatchObject({ code: 0 });
    expect(zh.json!.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('asks for a login without a token and refuses an admin without the print node', async () => {
    const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [goodsLine(w.products.screw, w.shelves.a2, 1, '1.00')] });
    expect((await download(t, `/admin/wms.Inbound/print?id=${order.id}`, null)).json).toMatchObject({ code: 302 });
    await createAdmin(t, 'viewer', ['wms/inbound', 'wms/inbound/index']);
    const viewer = await login(t, 'viewer');
    expect((await download(t, `/admin/wms.Inbound/print?id=${order.id}`, viewer.token)).json).toMatchObject({ code: 401 });
    await createAdmin(t, 'printer', ['wms/inbound', 'wms/inbound/index', 'wms/inbound/print']);
    const printer = await login(t, 'printer');
    expect((await download(t, `/admin/wms.Inbound/print?id=${order.id}`, printer.token)).type).toBe('application/pdf');
    // printing one order type does not print the others
    expect((await download(t, `/admin/wms.Outbound/print?id=${order.id}`, printer.token)).json).toMatchObject({ code: 401 });
  });
});
