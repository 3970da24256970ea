import { ScanReader } from '../../src/modules/master-data/queries/scan/scan.reader';
import { QueryCounter } from '../../src/shared/database/query-counter';
import { quiet } from '../master-data/master-data-fixtures';
import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, login, Session } from '../support/api';
import { Client } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

type Row = Record<string, any>;
const GS = '\x1d';

describe('wms.Scan/resolve: bar codes, product numbers, GS1 strings and shelf codes', () => {
  let t: TestApp;
  let c: Client;
  let session: Session;
  let w: Row;

  adminSpec({ ready: (fixture) => ({ t, session, c } = fixture) });
  beforeEach(async () => {
    const main = await c.add('Warehouse', { name: 'Main', serial_no: 'W1' });
    const annex = await c.add('Warehouse', { name: 'Annex', serial_no: 'W2' });
    const areaMain = await c.add('WarehouseArea', { warehouse_id: main.id, name: 'Area A', serial_no: 'A' });
    const areaAnnex = await c.add('WarehouseArea', { warehouse_id: annex.id, name: 'Area B', serial_no: 'B' });
    const shelf = (warehouse: Row, area: Row, serial: string) => c.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `Shelf ${serial}`, serial_no: serial });
    const unit = await c.add('Unit', { name: 'box' });
    w = {
      main,
      annex,
      shelves: { a1: await shelf(main, areaMain, 'A-01'), shared: await shelf(main, areaMain, 'X-9'), sharedAnnex: await shelf(annex, areaAnnex, 'X-9') },
      ean: await c.add('Product', { product_no: 'P-EAN', bar_code: '9501101020917', name: 'Tea 螺丝', unit_id: unit.id, price: '12.50', spec: '500g', warehouse_id: main.id, warehouse_area_id: areaMain.id, warehouse_shelf_id: 0 }),
      upc: await c.add('Product', { product_no: 'P-UPC', bar_code: '036000291452', name: 'Tissues', unit_id: unit.id, price: '1.00' }),
      plain: await c.add('Product', { product_no: 'SKU-7', name: 'No bar code', unit_id: unit.id, price: '3.00' }),
    };
  });

  const resolve = async (code: string, extra = '', session_: Session | null = session, lang = 'en') => {
    const req = as(t, session_ ?? '').get(`/admin/wms.Scan/resolve?code=${encodeURIComponent(code)}${extra}`);
    if (!session_) req.unset('batoken');
    return (await req.set('think-lang', lang)).body;
  };

  it.each([
    ['the bar code', '9501101020917', 'ean', {}],
    ['the product number', 'SKU-7', 'plain', {}],
    ['the product number with the scanner’s trailing CR LF', 'P-UPC\r\n', 'upc', {}],
    ['an EAN-13 behind its symbology identifier', ']E09501101020917', 'ean', {}],
    ['a GTIN-14 of an EAN-13 bar code', '09501101020917', 'ean', { gtin: '09501101020917' }],
    ['a GS1 string in parentheses: GTIN, expiry with day 00, lot', '(01)09501101020917(17)270200(10)LOT-42', 'ean', { gtin: '09501101020917', expiry_date: '2027-02-28', lot_no: 'LOT-42' }],
    ['a GS1-128 string with ]C1, the lot closed by GS', `]C10109501101020917` + `10B7${GS}17261231`, 'ean', { lot_no: 'B7', expiry_date: '2026-12-31' }],
    ['a GS1 DataMatrix string (]d2) with production date and serial', `]d20100036000291452` + `11250101` + `21SN1`, 'upc', { production_date: '2025-01-01', gtin: '00036000291452' }],
    ['a GS1 string of a UPC-A bar code kept as 12 digits, FNC1 first', `${GS}0100036000291452` + '10L9', 'upc', { lot_no: 'L9' }],
  ])('finds the product by %s', async (_name, code, product, extra) => {
    const body = await resolve(code);
    expect(body).toMatchObject({ code: 1, data: { kind: 'product', row: { id: w[product].id, product_no: w[product].product_no, name: w[product].name, unit: { name: 'box' } }, ...extra } });
  });

  describe('GS1 strings exactly as scanners send them: no parentheses, GS only after a variable-length element with more to follow', () => {
    it.each([
      ['GTIN, expiry and the lot last, no separator, with the keyboard wedge’s CR LF', '010950110102091717261231' + '10ABC123\r\n', 'ean', { gtin: '09501101020917', expiry_date: '2026-12-31', lot_no: 'ABC123' }],
      ['the same behind the GS1-128 identifier ]C1', ']C1010950110102091717261231' + '10ABC123', 'ean', { gtin: '09501101020917', expiry_date: '2026-12-31', lot_no: 'ABC123' }],
      ['a GS1 DataMatrix (]d2) of a UPC-A product: GTIN, expiry, lot', ']d20100036000291452' + '17270228' + '10L-9', 'upc', { gtin: '00036000291452', expiry_date: '2027-02-28', lot_no: 'L-9' }],
      ['the lot before the expiry, closed by GS', ']C10109501101020917' + `10LOT-1${GS}17261231\r`, 'ean', { lot_no: 'LOT-1', expiry_date: '2026-12-31' }],
      ['a net weight (3103) between GTIN and lot, no separator', '0109501101020917' + '3103001250' + '10W-2', 'ean', { lot_no: 'W-2' }],
      ['a GTIN element alone', '0109501101020917', 'ean', { gtin: '09501101020917' }],
    ])('%s', async (_name, code, product, extra) => {
      expect(await resolve(code)).toMatchObject({ code: 1, data: { kind: 'product', row: { id: w[product].id }, ...extra } });
    });

    it('still finds a shelf whose code only reads as GS1 digits (no identifier, parentheses or GS)', async () => {
      const shelf = await c.add('Shelf', { warehouse_id: w.main.id, warehouse_area_id: w.shelves.a1.warehouse_area_id, name: 'Shelf 2001', serial_no: '2001' });
      expect(await resolve('2001')).toMatchObject({ code: 1, data: { kind: 'shelf', row: { id: shelf.id } } });
      // behind a GS1 identifier it is a GS1 string and names no product
      expect(await resolve(']C12001')).toMatchObject({ code: 0, msg: 'Unknown code: ]C12001' });
    });
  });

  it('answers the product row with its price and default place, for the line editor', async () => {
    const body = await resolve('9501101020917');
    expect(body.data.row).toMatchObject({ price: '12.50', spec: '500g', unit_name: 'box', warehouse_id: w.main.id, total_stock_num: 0 });
    expect(body.data).not.toHaveProperty('lot_no');
  });

  it('finds a shelf by its code, and within a warehouse when the code is used in two', async () => {
    expect(await resolve('A-01')).toMatchObject({ code: 1, data: { kind: 'shelf', row: { id: w.shelves.a1.id, serial_no: 'A-01', location: 'Main / Area A / Shelf A-01', warehouse_id: w.main.id } } });
    expect(await resolve('X-9')).toMatchObject({ code: 0, msg: 'The code X-9 names several shelves (Main / Area A / Shelf X-9; Annex / Area B / Shelf X-9): choose the warehouse first, then scan' });
    expect(await resolve('X-9', `&warehouse_id=${w.annex.id}`)).toMatchObject({ code: 1, data: { kind: 'shelf', row: { id: w.shelves.sharedAnnex.id } } });
  });

  it('prefers a product to a shelf with the same code', async () => {
    await c.add('Product', { product_no: 'A-01', name: 'Shelf-like product', price: '1.00' });
    expect((await resolve('A-01')).data).toMatchObject({ kind: 'product', row: { name: 'Shelf-like product' } });
  });

  it.each([
    ['an unknown code', 'NOPE-1', 'Unknown code: NOPE-1', 'en'],
    ['an unknown code, in Chinese', 'NOPE-1', '无法识别的条码：NOPE-1', 'zh-cn'],
    ['a GS1 GTIN no product has', '(01)00012345600012', 'Unknown code: (01)00012345600012', 'en'],
    ['a GS1 GTIN with a wrong check digit', '(01)09501101020918(10)A', 'Wrong check digit in the GTIN 09501101020918 of a GS1 code', 'en'],
    ['a GS1-128 string with a wrong check digit', ']C10109501101020918', 'Wrong check digit in the GTIN 09501101020918 of a GS1 code', 'en'],
    ['a GS1 string with an unknown AI', '(01)09501101020917(05)X', 'Unknown application identifier (05) in a GS1 code', 'en'],
    ['a GS1 expiry that is no date', '(01)09501101020917(17)261399', 'The date 261399 of (17) in a GS1 code is not a date', 'en'],
    ['an empty code', '   ', 'Scan or type a code', 'en'],
    ['a code too long', 'x'.repeat(201), 'The code is too long (at most 200 characters)', 'en'],
    ['a GS separator shown, not sent back raw', `AB${GS}CD`, 'Unknown code: AB<GS>CD', 'en'],
  ])('refuses %s with a translated message', async (_name, code, msg, lang) => {
    expect(await resolve(code, '', session, lang)).toMatchObject({ code: 0, msg });
  });

  it('never finds deleted products or shelves', async () => {
    await c.raw.del(`/admin/wms.Product/del?ids[]=${w.plain.id}`);
    await c.raw.del(`/admin/wms.Shelf/del?ids[]=${w.shelves.a1.id}`);
    expect(await resolve('SKU-7')).toMatchObject({ code: 0, msg: 'Unknown code: SKU-7' });
    expect(await resolve('A-01')).toMatchObject({ code: 0, msg: 'Unknown code: A-01' });
  });

  it('reads a bar code in two statements, a GS1 string or a shelf code in three', async () => {
    const resolver = t.app.get(ScanReader);
    // the admin log of the requests above is written after their answers: wait until nothing runs
    const count = async (code: string) => {
      await quiet();
      return (await QueryCounter.measure(() => resolver.execute(code))).queries;
    };
    expect(await count('9501101020917')).toBe(2);
    expect(await count('(01)09501101020917(10)X')).toBe(3);
    expect(await count('A-01')).toBe(3);
  });

  it('needs the scan node: granted to the seeded groups that edit orders, not to the read-only ones', async () => {
    expect(await resolve('SKU-7', '', null)).toMatchObject({ code: 302 });
    await createAdmin(t, 'reader', ['wms/inbound', 'wms/inbound/index']);
    expect(await resolve('SKU-7', '', await login(t, 'reader'))).toMatchObject({ code: 401 });
    await createAdmin(t, 'scanner', ['wms/scan/resolve']);
    expect(await resolve('SKU-7', '', await login(t, 'scanner'))).toMatchObject({ code: 1 });
    const groups: Row[] = await t.dataSource.query('SELECT g.name, g.rules FROM admin_group g');
    const [rule] = await t.dataSource.query("SELECT id FROM admin_rule WHERE name = 'wms/scan/resolve'");
    const holds = (name: string) => String(groups.find((g) => g.name === name)!.rules).split(',').includes(String(rule.id));
    expect({ level1: holds('一级管理员'), level2: holds('二级管理员'), level3: holds('三级管理员'), auditor: holds('审计员') }).toEqual({ level1: true, level2: true, level3: false, auditor: false });
  });
});
