import request from 'supertest';
import { parseCsv } from '../../src/modules/master-data/transfer/spreadsheet-reader';
import { TestApp } from '../setup/create-test-app';
import { createAdmin, login } from '../support/api';
import { Client, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

describe('inventory exports (CSV)', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  let token: string;
  const csv = async (query: string, lang = 'en', as = token, controller = 'InventoryHistory') => {
    const res = await request(t.app.getHttpServer()).get(`/admin/wms.${controller}/export${query}`).set('batoken', as).set('think-lang', lang);
    return { res, rows: res.headers['content-type']?.startsWith('text/csv') ? parseCsv(res.text.replace(/^\uFEFF/, '')).map((r) => r.cells) : [] };
  };

  adminSpec({
    warehouse: smallWarehouse,
    reset: 'once',
    ready: (fixture) => {
      ({ t, c, w } = fixture);
      token = fixture.session.token;
    },
  });
  beforeAll(async () => {
    await stockUp(c, w, [
      { product: 0, shelf: 0, quantity: 3, price: '19.99' },
      { product: 1, shelf: 1, quantity: 7, price: '0.10' },
    ]);
    await stockUp(c, w, [{ product: 0, shelf: 1, quantity: 2, price: '2.50' }]);
  });

  it('writes every history row the list shows, newest first, with exact amounts and the site time', async () => {
    const list = await c.get('/admin/wms.InventoryHistory/index?limit=100');
    const { res, rows } = await csv('');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="inventory-history-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...body] = rows;
    expect(header).toHaveLength(16);
    expect(header.slice(14)).toEqual(['Lot number', 'Expiry date']);
    expect(body.every((r) => r[14] === '' && r[15] === '')).toBe(true);
    expect(body.map((r) => Number(r[0]))).toEqual(list.list.map((h: any) => Number(h.id)));
    const byProductShelf = body.map((r) => [r[4], r[8], r[9], r[10], r[11], r[12]]);
    expect(byProductShelf).toEqual([
      ['P1', 'Main / Area A / S2', '2', '2.50', '5.00', '2'],
      ['P2', 'Main / Area A / S2', '7', '0.10', '0.70', '7'],
      ['P1', 'Main / Area A / S1', '3', '19.99', '59.97', '3'],
    ]);
    expect(body.every((r) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(r[1]))).toBe(true);
  });

  it('applies the list filters and translates the form type', async () => {
    const { rows } = await csv(`?product_id=${w.products[0].id}`, 'zh-cn');
    expect(rows.slice(1).map((r) => r[4])).toEqual(['P1', 'P1']);
    const { rows: none } = await csv(`?product_id=${w.products[2].id}`);
    expect(none).toHaveLength(1);
    const { rows: en } = await csv(`?product_id=${w.products[1].id}`);
    const { rows: zh } = await csv(`?product_id=${w.products[1].id}`, 'zh-cn');
    expect(en[1][3]).not.toBe(zh[1][3]);
    expect(zh[0][1]).not.toBe(en[0][1]);
  });

  it('needs the history rule', async () => {
    await createAdmin(t, 'clerk', ['wms/stock', 'wms/stock/index']);
    const clerk = await login(t, 'clerk');
    const { res } = await csv('', 'en', clerk.token);
    expect(res.body.code).toBe(401); // no permission, as every refused admin action
  });

  describe('stock', () => {
    const stock = (query: string, lang = 'en', as = token) => csv(query, lang, as, 'Stock');
    beforeAll(() => stockUp(c, w, [{ product: 2, shelf: 0, quantity: 1, price: '0.10' }])); // P3: 1 of 5 safety stock

    it('writes the stock rows the list shows, with the product, its place and the totals', async () => {
      const list = await c.get('/admin/wms.Stock/index?limit=100');
      const { res, rows } = await stock('');
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/filename="stock-\d{4}-\d{2}-\d{2}\.csv"/);
      const [header, ...body] = rows;
      expect(header).toEqual(['Product no.', 'Product', 'Bar code', 'Spec', 'Warehouse', 'Area', 'Shelf', 'On hand', 'Reserved', 'Available', 'Product total', 'Safety stock', 'Last movement', 'Lot number', 'Production date', 'Expiry date']);
      expect(body).toHaveLength(list.total);
      // nothing reserved: all of it available
      expect(body.map((r) => [r[0], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11]]).sort()).toEqual(
        [
          ['P1', 'Main', 'Area A', 'S1', '3', '0', '3', '5', '5'],
          ['P1', 'Main', 'Area A', 'S2', '2', '0', '2', '5', '5'],
          ['P2', 'Main', 'Area A', 'S2', '7', '0', '7', '7', '5'],
          ['P3', 'Main', 'Area A', 'S1', '1', '0', '1', '1', '5'],
        ].sort(),
      );
      expect(body.every((r) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(r[12]))).toBe(true);
    });

    it('applies the list filters (shelf, low stock) and speaks the language asked for', async () => {
      const { rows } = await stock(`?warehouse_shelf_id=${w.shelves[1].id}`);
      expect(rows.slice(1).map((r) => r[0]).sort()).toEqual(['P1', 'P2']);
      const { rows: low } = await stock('?low=1');
      expect(low.slice(1).map((r) => r[0])).toEqual(['P3']);
      const { rows: zh } = await stock('?quickSearch=P2', 'zh-cn');
      expect(zh[0][0]).toBe('商品编号');
      expect(zh.slice(1).map((r) => r[0])).toEqual(['P2']);
    });

    it('needs the stock export rule, not just the list', async () => {
      await createAdmin(t, 'viewer', ['wms/stock', 'wms/stock/index']);
      const viewer = await login(t, 'viewer');
      expect((await stock('', 'en', viewer.token)).res.body.code).toBe(401);
      await createAdmin(t, 'exporter', ['wms/stock', 'wms/stock/index', 'wms/stock/export']);
      const exporter = await login(t, 'exporter');
      expect((await stock('', 'en', exporter.token)).rows.length).toBe(5);
    });
  });
});
