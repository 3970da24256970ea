import ExcelJS from 'exceljs';
import request from 'supertest';
import { parseCsv } from '../../src/modules/master-data/transfer/spreadsheet-reader';
import { TestApp } from '../setup/create-test-app';
import { createAdmin, login, Session } from '../support/api';
import { api, Api, location, search } from './master-data-fixtures';
import { adminSpec } from '../support/admin-spec';

/**
 * Export of every master-data list (CSV and XLSX, the list's filters, headers in the caller's language) and
 * import of the catalogues from CSV / XLSX: every problem of every row in one answer, nothing written
 * unless the whole file is valid.
 */
const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const parts: Buffer[] = [];
  res.on('data', (chunk: Buffer) => parts.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(parts)));
};

async function xlsxRows(buffer: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

async function xlsxFile(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csv = (rows: Array<Array<string | number>>) => rows.map((r) => r.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c))).join(',')).join('\r\n');
const CATALOGUES = ['Brand', 'Carrier', 'Customer', 'Supplier', 'Category', 'Unit', 'Warehouse', 'WarehouseArea', 'Shelf', 'Product'];

describe('master-data export and import', () => {
  let t: TestApp;
  let root: Session;
  let client: Api;

  const get = (url: string, lang = 'en', token = root.token) => request(t.app.getHttpServer()).get(url).set('batoken', token).set('think-lang', lang);
  const download = (url: string, lang = 'en') => get(url, lang).buffer(true).parse(binary);
  const upload = (controller: string, content: Buffer | string, filename: string, lang = 'en', token = root.token) =>
    request(t.app.getHttpServer())
      .post(`/admin/wms.${controller}/import`)
      .set('batoken', token)
      .set('think-lang', lang)
      .attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content), filename);
  const count = async (table: string) => Number((await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);

  adminSpec({ ready: (fixture) => ({ t, session: root } = fixture) });
  beforeEach(async () => {
    client = api(t, root);
  });

  describe('export', () => {
    it('streams CSV with the filters of the list and headers in the caller\'s language', async () => {
      await client.add('Brand', { name: 'Acme Tools', introduce: 'hammers, "heavy" ones' });
      await client.add('Brand', { name: 'Beta Paints' });
      await client.add('Brand', { name: 'Acme Paper' });

      const all = await get('/admin/wms.Brand/export?format=csv');
      expect(all.status).toBe(200);
      expect(all.headers['content-type']).toMatch(/^text\/csv/);
      expect(all.headers['content-disposition']).toMatch(/attachment; filename=".*\.csv"; filename\*=UTF-8''Brand-\d{8}-\d{6}\.csv/);
      expect(all.text.charCodeAt(0)).toBe(0xfeff);
      const rows = parseCsv(all.text.slice(1)).map((r) => r.cells);
      expect(rows[0]).toEqual(['ID', 'Name', 'Image', 'Introduction', 'Weight', 'Created', 'Updated']);
      expect(rows.slice(1).map((r) => r[1])).toEqual(['Acme Paper', 'Beta Paints', 'Acme Tools']);
      expect(rows[3][3]).toBe('hammers, "heavy" ones');
      expect(rows[1][5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

      const quick = parseCsv((await get('/admin/wms.Brand/export?quickSearch=Acme')).text.slice(1));
      expect(quick.slice(1).map((r) => r.cells[1])).toEqual(['Acme Paper', 'Acme Tools']);
      const searched = parseCsv((await get(`/admin/wms.Brand/export?${search(['name', '=', 'Beta Paints'])}`)).text.slice(1));
      expect(searched.slice(1).map((r) => r.cells[1])).toEqual(['Beta Paints']);

      const zh = parseCsv((await get('/admin/wms.Brand/export?quickSearch=Beta', 'zh-cn')).text.slice(1));
      expect(zh[0].cells.slice(0, 3)).toEqual(['ID', '名称', '图片']);
      // a filter the list refuses is refused before the download starts
      const refused = await get(`/admin/wms.Brand/export?${search(['password', '=', 'x'])}`);
      expect(refused.headers['content-type']).toMatch(/json/);
      expect(refused.body).toMatchObject({ code: 0, msg: 'Unsupported search field: password' });
    });

    it('streams XLSX with joined names and translated enumerations, filtered like the list', async () => {
      const here = await location(client, 'W1');
      const there = await location(client, 'W2');
      const brand = await client.add('Brand', { name: 'Acme' });
      const unit = await client.add('Unit', { name: 'box' });
      await client.add('Product', { product_no: 'P-1', name: 'Hammer', brand_id: brand.id, unit_id: unit.id, price: '12.50', warehouse_id: here.warehouse.id, warehouse_area_id: here.area.id, warehouse_shelf_id: here.shelf.id });
      await client.add('Product', { product_no: 'P-2', name: 'Saw', status: 20, price: '3', warehouse_id: there.warehouse.id });

      const res = await download(`/admin/wms.Product/export?format=xlsx&warehouse_id=${here.warehouse.id}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const rows = await xlsxRows(res.body);
      // named as the product form names its fields
      expect(rows[0]).toEqual(expect.arrayContaining(['Product code', 'Name', 'Brand', 'Unit', 'Unit price', 'Default warehouse', 'Default area', 'Default shelf', 'Status', 'Created']));
      expect(rows).toHaveLength(2);
      const row = Object.fromEntries(rows[0].map((header, i) => [header, rows[1][i]]));
      // the price is a numeric cell (12.5), which a spreadsheet sums
      expect(row).toMatchObject({ 'Product code': 'P-1', Name: 'Hammer', Brand: 'Acme', Unit: 'box', 'Unit price': '12.5', 'Default warehouse': 'Warehouse W1', 'Default area': 'Area W1-A', 'Default shelf': 'Shelf W1-A-01', Status: 'On shelf' });

      const zh = await xlsxRows((await download('/admin/wms.Product/export?format=xlsx&quickSearch=Saw', 'zh-cn')).body);
      const zhRow = Object.fromEntries(zh[0].map((header, i) => [header, zh[1][i]]));
      expect(zh).toHaveLength(2);
      expect(zhRow).toMatchObject({ 商品编号: 'P-2', 商品名称: 'Saw', 状态: '下架', 默认仓库: 'Warehouse W2' });
    });

    it('exports all ten catalogues in both formats, reading long lists a chunk at a time', async () => {
      const values = Array.from({ length: 2345 }, (_, i) => `('Brand ${i}', '', '', ${i}, 1, 1)`).join(',');
      await t.dataSource.query(`INSERT INTO brand (name, image, introduce, weigh, createtime, updatetime) VALUES ${values}`);
      const brands = parseCsv((await get('/admin/wms.Brand/export')).text.slice(1));
      expect(brands).toHaveLength(2346);
      expect(new Set(brands.slice(1).map((r) => r.cells[0])).size).toBe(2345);

      const { warehouse } = await location(client, 'W9');
      const parent = await client.add('Category', { name: 'Tools' });
      await client.add('Category', { name: 'Hammers', pid: parent.id });
      const categories = parseCsv((await get('/admin/wms.Category/export')).text.slice(1)).map((r) => r.cells);
      expect(categories[0]).toEqual(['ID', 'Name', 'Parent', 'Status', 'Weight', 'Created']);
      expect(categories.find((r) => r[1] === 'Hammers')).toEqual(expect.arrayContaining(['Tools', 'Shown']));
      for (const controller of CATALOGUES) {
        for (const format of ['csv', 'xlsx']) {
          const res = await download(`/admin/wms.${controller}/export?format=${format}`);
          expect({ controller, format, status: res.status }).toEqual({ controller, format, status: 200 });
          const rows = format === 'csv' ? parseCsv(res.body.toString('utf8').slice(1)).map((r) => r.cells) : await xlsxRows(res.body);
          expect(rows[0].length).toBeGreaterThan(3);
        }
      }
      const areas = await xlsxRows((await download(`/admin/wms.WarehouseArea/export?format=xlsx&warehouse_id=${warehouse.id}`)).body);
      expect(areas[0]).toEqual(expect.arrayContaining(['Warehouse code', 'Warehouse']));
      expect(areas[1]).toEqual(expect.arrayContaining(['W9', 'Warehouse W9', 'Area W9-A', 'Enabled']));
    });

    it('is refused without the export node', async () => {
      await createAdmin(t, 'viewer', ['wms/brand', 'wms/brand/index']);
      const viewer = await login(t, 'viewer');
      expect((await get('/admin/wms.Brand/export', 'en', viewer.token)).body).toMatchObject({ code: 401 });
      expect((await get('/admin/wms.Brand/import?template=1', 'en', viewer.token)).body).toMatchObject({ code: 401 });
      expect((await upload('Brand', 'Name\nX', 'b.csv', 'en', viewer.token)).body).toMatchObject({ code: 401 });
      expect(await count('brand')).toBe(0);
    });
  });

  describe('import', () => {
    it('offers a template with the headers of the form, required ones marked, and an example row skipped on import', async () => {
      const xlsx = await xlsxRows((await download('/admin/wms.Product/import?template=1&format=xlsx')).body);
      expect(xlsx).toHaveLength(2);
      expect(xlsx[0]).toEqual(expect.arrayContaining(['*Product code', '*Name', 'Bar code', 'Brand', 'Category', 'Unit', 'Unit price', 'Default warehouse', 'Default area', 'Default shelf', 'Status']));
      const example = Object.fromEntries(xlsx[0].map((header, i) => [header, xlsx[1][i]]));
      expect(example).toMatchObject({ '*Product code': 'SP0001', '*Name': 'Sample product (this row is skipped on import)', 'Unit price': '12.50' });
      const zh = parseCsv((await get('/admin/wms.Category/import?template=1', 'zh-cn')).text.slice(1));
      expect(zh.map((r) => r.cells)).toEqual([
        ['*名称', '上级', '状态', '权重'],
        ['示例分类（导入时跳过本行）', '', '', ''],
      ]);
      // the template sent back as it is imports nothing, in either language
      const template = (await get('/admin/wms.Category/import?template=1', 'zh-cn')).text;
      expect((await upload('Category', template, 'template.csv')).body).toMatchObject({ code: 0 });
      expect(await count('category')).toBe(0);
      expect((await get('/admin/wms.Shelf/import?template=1')).body).toMatchObject({ code: 0, msg: 'Parameter error' });
    });

    it('reports every problem of every row in one pass and writes nothing', async () => {
      const { warehouse } = await location(client, 'W1');
      await client.add('Brand', { name: 'Acme' });
      await client.add('Product', { product_no: 'TAKEN', name: 'Old', bar_code: 'B-TAKEN' });
      const before = await count('product');
      const file = csv([
        ['Product code', 'Name', 'Bar code', 'Brand', 'Price', 'Status', 'Warehouse', 'Warehouse area', 'Shelf', 'Shelf life (days)'],
        ['P-1', 'Good one', '', 'Acme', '1.00', 'On shelf', 'W1', 'A', '01', '30'],
        ['P-2', '', '', '', '-3', '', '', '', '', ''],
        ['P-1', 'Same code', '', 'Nobody', '1.234', 'Sold', '', '', '', 'x'],
        ['TAKEN', 'Taken code', 'B-TAKEN', '', '', '', 'Warehouse W1', 'Z', '', ''],
        ['P-5', 'Shelf without area', '', '', '', '', 'W1', '', '01', ''],
        ['P-6', 'Fine too', 'B-6', '', '9', '20', '', '', '', ''],
      ]);
      const res = await upload('Product', file, 'products.csv');
      expect(res.body).toMatchObject({ code: 0, msg: '4 of 6 rows have problems; nothing was imported', data: { invalid_rows: 4, total_rows: 6 } });
      expect(res.body.data.errors).toEqual([
        { row: 3, field: 'Name', reason: 'Please enter Name' },
        { row: 3, field: 'Unit price', reason: 'Price must not be less than 0' },
        { row: 4, field: 'Product code', reason: 'Product code "P-1" already appears on line 2' },
        { row: 4, field: 'Brand', reason: 'Brand "Nobody" was not found' },
        { row: 4, field: 'Unit price', reason: 'Price must be an amount with at most two decimals' },
        { row: 4, field: 'Shelf life (days)', reason: 'Shelf life (days) must be a whole number' },
        { row: 4, field: 'Status', reason: 'Status has an invalid value' },
        { row: 5, field: 'Product code', reason: 'Product code "TAKEN" already exists' },
        { row: 5, field: 'Bar code', reason: 'Bar code "B-TAKEN" already exists' },
        { row: 5, field: 'Default area', reason: 'Warehouse area "Z" was not found' },
        { row: 6, field: 'Default shelf', reason: 'Shelf needs Warehouse area to be given' },
      ]);
      expect(await count('product')).toBe(before);

      const zh = await upload('Product', file, 'products.csv', 'zh-cn');
      expect(zh.body.msg).toBe('共 6 行，其中 4 行有问题；未导入任何数据');
      expect(zh.body.data.errors[0]).toEqual({ row: 3, field: '商品名称', reason: '请输入名称' });
      expect(warehouse.id).toBeGreaterThan(0);
    });

    it('imports a valid file in one go: references by code or name, labels in either language, defaults', async () => {
      const { warehouse, area, shelf } = await location(client, 'W1');
      const brand = await client.add('Brand', { name: 'Acme' });
      const category = await client.add('Category', { name: 'Tools' });
      const unit = await client.add('Unit', { name: '箱' });
      const rows: Array<Array<string | number>> = [['*商品编号', '*名称', '品牌', '商品分类', '计量单位', '价格', '状态', '仓库', '库区', '货架', '图片', '总库存']];
      for (let i = 1; i <= 1200; i++) rows.push([`P-${i}`, `商品 ${i}`, i % 2 ? 'Acme' : '', 'Tools', '箱', `${i}.5`, i % 3 ? '上架' : 'Off shelf', i % 2 ? 'W1' : 'Warehouse W1', 'A', i % 2 ? '01' : 'Shelf W1-A-01', '/storage/a.png', 99]);
      const res = await upload('Product', csv(rows), '商品.csv', 'zh-cn');
      expect(res.body).toMatchObject({ code: 1, msg: '已导入 1200 行', data: { count: 1200 } });
      expect(await count('product')).toBe(1200);

      const byCode = async (code: string) => (await client.list('Product', search(['product_no', '=', code]))).list[0];
      const p3 = await byCode('P-3');
      expect(p3).toMatchObject({
        name: '商品 3',
        brand_id: brand.id,
        category_id: category.id,
        unit_id: unit.id,
        price: '3.50',
        status: 20,
        warehouse_id: warehouse.id,
        warehouse_area_id: area.id,
        warehouse_shelf_id: shelf.id,
        images: '/storage/a.png',
        total_stock_num: 0,
        bar_code: null,
      });
      expect(p3.weigh).toBe(p3.id);
      expect(await byCode('P-30')).toMatchObject({ brand_id: 0, status: 20, warehouse_shelf_id: shelf.id });
      expect(await byCode('P-1')).toMatchObject({ brand_id: brand.id, status: 10 });
    });

    it('imports categories from XLSX with parents by name, also parents defined further down', async () => {
      await client.add('Category', { name: 'Existing' });
      const file = await xlsxFile([
        ['Name', 'Parent', 'Status', 'Weight'],
        ['Claw hammers', 'Hammers', 'Shown', ''],
        ['Hammers', 'Tools', '', 5],
        ['Tools', '', 'Hidden', ''],
        ['Under existing', 'Existing', 1, ''],
      ]);
      const res = await upload('Category', file, 'categories.xlsx');
      expect(res.body).toMatchObject({ code: 1, data: { count: 4 } });
      const rows: Array<{ id: number; pid: number; name: string; status: number; weigh: number }> = await t.dataSource.query('SELECT id, pid, name, status, weigh FROM category');
      const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
      expect(Number(byName['Claw hammers'].pid)).toBe(Number(byName.Hammers.id));
      expect(Number(byName.Hammers.pid)).toBe(Number(byName.Tools.id));
      expect(Number(byName.Tools.pid)).toBe(0);
      expect(Number(byName.Tools.status)).toBe(0);
      expect(Number(byName.Hammers.weigh)).toBe(5);
      expect(Number(byName['Under existing'].pid)).toBe(Number(byName.Existing.id));

      const bad = await upload('Category', await xlsxFile([['Name', 'Parent'], ['A', 'B'], ['B', 'A'], ['Tools', ''], ['C', 'Nowhere'], ['D', 'D']]), 'bad.xlsx');
      expect(bad.body.code).toBe(0);
      expect(bad.body.data.errors).toEqual([
        { row: 2, field: 'Parent', reason: 'A category cannot be placed under itself or one of its subcategories' },
        { row: 3, field: 'Parent', reason: 'A category cannot be placed under itself or one of its subcategories' },
        { row: 4, field: 'Name', reason: 'Name "Tools" already exists' },
        { row: 5, field: 'Parent', reason: 'Parent "Nowhere" was not found' },
        { row: 6, field: 'Parent', reason: 'A category cannot be placed under itself or one of its subcategories' },
      ]);
      expect(await count('category')).toBe(5);
    });

    it('imports the smaller catalogues with their own rules', async () => {
      expect((await upload('Brand', csv([['Name', 'Introduction'], ['Acme', 'tools'], ['Beta', '']]), 'b.csv')).body).toMatchObject({ code: 1, data: { count: 2 } });
      const brands = await upload('Brand', csv([['Name'], ['Acme'], ['Gamma'], ['Gamma']]), 'b.csv');
      expect(brands.body.data.errors).toEqual([
        { row: 2, field: 'Name', reason: 'Name "Acme" already exists' },
        { row: 4, field: 'Name', reason: 'Name "Gamma" already appears on line 3' },
      ]);
      expect((await upload('Unit', csv([['name', 'status'], ['box', 'Disabled'], ['piece', 1]]), 'u.csv')).body.data).toEqual({ count: 2 });
      expect((await t.dataSource.query("SELECT status FROM unit WHERE name = 'box'"))[0].status).toBe(0);
      for (const controller of ['Carrier', 'Customer', 'Supplier']) {
        const partners = await upload(controller, csv([['Name', 'Mobile', 'E-mail', 'Level'], ['Fast Co', '13800138000', 'a@b.cn', 2], ['Slow Co', '123', 'nope', -1]]), 'p.csv');
        expect(partners.body.data.errors).toEqual([
          { row: 3, field: 'Mobile', reason: 'Mobile is not a valid mobile number' },
          { row: 3, field: 'E-mail', reason: 'E-mail is not a valid e-mail address' },
          { row: 3, field: 'Level', reason: 'Level must not be less than 0' },
        ]);
        expect((await upload(controller, csv([['Name', 'Mobile'], ['Fast Co', '13800138000']]), 'p.csv')).body).toMatchObject({ code: 1, data: { count: 1 } });
      }
      const warehouses = await upload('Warehouse', csv([['*Code', '*Name', 'Warehouse type'], ['W1', 'Main', 'Third-party warehouse'], ['W1', 'Again', ''], ['W2', '', 'Own warehouse']]), 'w.csv');
      expect(warehouses.body.data.errors).toEqual([
        { row: 3, field: 'Code', reason: 'Code "W1" already appears on line 2' },
        { row: 4, field: 'Name', reason: 'Please enter Name' },
      ]);
      expect((await upload('Warehouse', csv([['Code', 'Name', 'Warehouse type'], ['W1', 'Main', 'Third-party warehouse']]), 'w.csv')).body.code).toBe(1);
      expect((await t.dataSource.query("SELECT warehouse_type FROM warehouse WHERE serial_no = 'W1'"))[0].warehouse_type).toBe(2);
    });

    it('refuses files it cannot use, with a message', async () => {
      expect((await upload('Brand', 'x', 'notes.pdf')).body).toMatchObject({ code: 0, msg: 'Only CSV and XLSX files can be imported' });
      expect((await upload('Brand', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'broken.xlsx')).body).toMatchObject({ code: 0, msg: 'The file could not be read as a spreadsheet' });
      expect((await upload('Brand', 'Introduction\nabc', 'b.csv')).body).toMatchObject({ code: 0, msg: 'The file has no "Name" column' });
      expect((await upload('Brand', 'Name\n', 'b.csv')).body).toMatchObject({ code: 0, msg: 'The file has no data rows' });
      expect((await upload('Brand', 'Name,名称\na,b', 'b.csv')).body).toMatchObject({ code: 0, msg: 'The column "名称" appears twice' });
      const none = await request(t.app.getHttpServer()).post('/admin/wms.Brand/import').set('batoken', root.token).set('think-lang', 'en').send({});
      expect(none.body).toMatchObject({ code: 0, msg: 'Please choose a CSV or XLSX file to import' });
      // GB18030 as Excel writes CSV on Chinese Windows
      const gbk = Buffer.concat([Buffer.from([0xc3, 0xfb, 0xb3, 0xc6]), Buffer.from('\r\n'), Buffer.from([0xb0, 0xa2, 0xb6, 0xfb])]);
      expect((await upload('Brand', gbk, 'gbk.csv')).body).toMatchObject({ code: 1, data: { count: 1 } });
      expect((await t.dataSource.query('SELECT name FROM brand'))[0].name).toBe('阿尔');
    });
  });
});
