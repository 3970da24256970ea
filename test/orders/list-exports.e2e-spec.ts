import ExcelJS from 'exceljs';
import request from 'supertest';
import { parseCsv } from '../../src/modules/master-data/transfer/spreadsheet-reader';
import { TestApp } from '../setup/create-test-app';
import { createAdmin, login, Session } from '../support/api';
import { download } from '../support/download';
import { client, Client, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

/**
 * Every order list, the admin log and the member list export what they list (the list's filters and the
 * caller's scope), as CSV or XLSX, with headers and labels in the caller's language and times in the
 * site's; each export is its own rule.
 */
describe('list exports: orders, counts, adjustments, admin log, members', () => {
  let t: TestApp;
  let root: Session;
  let c: Client;
  let w: Warehouse;

  const csv = async (url: string, lang = 'en', token: string = root.token) => {
    const file = await download(t, url, token, lang);
    const rows = file.type.startsWith('text/csv') ? parseCsv(file.body.toString('utf8').replace(/^\uFEFF/, '')).map((r) => r.cells) : [];
    return { file, rows };
  };
  const xlsx = async (url: string, lang = 'en') => {
    const file = await download(t, url, root.token, lang);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { file, rows, sheet: workbook.worksheets[0].name };
  };

  adminSpec({ warehouse: smallWarehouse, reset: 'once', ready: (fixture) => ({ t, session: root, c, w } = fixture) });
  beforeAll(async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 5 }]); // audited
    await c.add('Inbound', {
      supplier_id: w.supplier.id,
      type: 30,
      order_sn: '=HYPERLINK("http://evil")',
      remark: 'not audited yet',
      lines: [{ product_id: w.products[1].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 2, actual_quantity: 2, price: '1.00' }],
    });
    const outbound = await c.add('Outbound', {
      customer_id: w.customer.id,
      type: 10,
      lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 2, actual_quantity: 2, price: '3.00' }],
    });
    await c.post('Outbound', 'audit', { id: outbound.id });
    await c.post('Outbound', 'ship', { id: outbound.id, carrier_id: w.carrier.id, courier_number: 'SF123' });
    await c.add('Relocation', { customer_id: w.customer.id, lines: [{ product_id: w.products[0].id, source_warehouse_shelf_id: w.shelves[0].id, target_warehouse_shelf_id: w.shelves[1].id, plan_quantity: 1 }] });
    await c.add('stocktake', { warehouse_id: w.warehouse.id, blind: 1, remark: 'year end' });
    await c.add('adjustment', { remark: 'broken', lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, quantity: -1, reason: 'damaged' }] });
  });

  it('writes the inbound list as it lists it, newest first, labels translated, times in the site zone', async () => {
    const list = await c.get('/admin/wms.inbound/index?limit=100');
    const { file, rows } = await csv('/admin/wms.inbound/export');
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/filename\*=UTF-8''Inbound%20orders-\d{8}-\d{6}\.csv/);
    const [header, ...body] = rows;
    expect(header).toEqual(['Number', 'Reference', 'Supplier', 'Type', 'Audit status', 'Created by', 'Created at', 'Audited at', 'Remark']);
    expect(body.map((r) => r[0])).toEqual(list.list.map((o: { receipt_no: string }) => o.receipt_no));
    expect(body[0].slice(1, 6)).toEqual([`'=HYPERLINK("http://evil")`, 'Acme Supply', 'Return', 'Unaudited', 'Admin']);
    expect(body[0][7]).toBe('');
    expect(body[1].slice(3, 5)).toEqual(['Purchase', 'Audited']);
    expect(body[1][7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const { rows: zh } = await csv('/admin/wms.inbound/export', 'zh-cn');
    expect(zh[0][0]).toBe('单号');
    expect(zh[1].slice(3, 5)).toEqual(['退货入库', '未审核']);
  });

  it('applies the list filters', async () => {
    const { rows } = await csv('/admin/wms.inbound/export?audit_status=1');
    expect(rows.slice(1).map((r) => r[4])).toEqual(['Audited']);
    const { rows: searched } = await csv(`/admin/wms.inbound/export?quickSearch=${encodeURIComponent('HYPERLINK')}`);
    expect(searched).toHaveLength(2);
  });

  it('writes XLSX with the formula kept as text', async () => {
    const { file, rows, sheet } = await xlsx('/admin/wms.inbound/export?format=xlsx');
    expect(file.type).toContain('spreadsheetml');
    expect(sheet).toBe('Inbound orders');
    expect(rows[1][1]).toBe('=HYPERLINK("http://evil")'); // a string cell, not a formula
    expect(rows).toHaveLength(3);
  });

  it('writes outbound shipments, relocation states, counts and adjustments', async () => {
    const { rows: outbound } = await csv('/admin/wms.outbound/export');
    expect(outbound[0]).toEqual(['Number', 'Reference', 'Customer', 'Type', 'Audit status', 'Shipment', 'Carrier', 'Courier number', 'Shipped at', 'Created by', 'Created at', 'Audited at', 'Remark']);
    expect(outbound[1].slice(2, 8)).toEqual(['Big Shop', 'Sales', 'Audited', 'Shipped', 'SF Express', 'SF123']);
    const { rows: relocation } = await csv('/admin/wms.relocation/export', 'zh-cn');
    expect(relocation[1].slice(2, 5)).toEqual(['Big Shop', '未审核', '未移库']);
    const { rows: counts } = await csv('/admin/wms.stocktake/export');
    expect(counts[0].slice(0, 7)).toEqual(['Number', 'Status', 'Warehouse', 'Area', 'Shelf', 'Category', 'Blind count']);
    expect(counts[1].slice(1, 3)).toEqual(['Draft', 'Main']);
    expect(counts[1][6]).toBe('Yes');
    expect(counts[1][11]).toBe('year end');
    const { rows: adjustments } = await csv('/admin/wms.adjustment/export');
    expect(adjustments).toHaveLength(2);
    expect(adjustments[1].slice(2, 4)).toEqual(['Unaudited', 'Admin']);
    expect(adjustments[1][6]).toBe('broken');
  });

  it('needs the export rule of each list, not only its list rule', async () => {
    await createAdmin(t, 'viewer', ['wmsOperation', 'wms/inbound', 'wms/inbound/index', 'wms/outbound', 'wms/outbound/index', 'wms/outbound/export']);
    const viewer = await login(t, 'viewer');
    const refused = await csv('/admin/wms.inbound/export', 'en', viewer.token);
    expect(refused.file.json?.code).toBe(401);
    expect((await csv('/admin/wms.outbound/export', 'en', viewer.token)).rows).toHaveLength(2);
  });

  it('exports the admin log without request data, an admin seeing only its own entries', async () => {
    await createAdmin(t, 'clerk', ['auth', 'auth/adminLog', 'auth/adminLog/index', 'auth/adminLog/export']);
    const clerk = await login(t, 'clerk');
    await c.add('Unit', { name: 'box' }); // a logged action of the root admin
    const refused = await request(t.app.getHttpServer()).post('/admin/wms.Unit/add').set('batoken', clerk.token).send({ name: 'crate' }); // refused, logged too
    expect(refused.body.code).toBe(401);
    // the log is written after the answer
    for (let i = 0; i < 50 && !(await t.dataSource.query("SELECT id FROM admin_log WHERE username = 'clerk'")).length; i++) await new Promise((r) => setTimeout(r, 40));
    const { rows: all } = await csv('/admin/auth.adminlog/export');
    expect(all[0]).toEqual(['ID', 'Admin', 'API token', 'Action', 'URL', 'IP', 'Browser', 'Time']);
    expect(all.slice(1).some((r) => r[1] === 'admin' && r[4].includes('wms.Unit/add'))).toBe(true);
    expect(all.slice(1).find((r) => r[4].includes('wms.Unit/add'))?.[3]).toBe('Units-Add');
    expect(all.flat().join('|')).not.toContain('box'); // the logged request body stays in the database
    const { rows: own } = await csv('/admin/auth.adminlog/export', 'en', clerk.token);
    expect(own.slice(1).every((r) => r[1] === 'clerk')).toBe(true);
    expect(own.length).toBeGreaterThan(1); // its refused request
    expect(own.flat().join('|')).not.toContain('crate');
  });

  it('exports members with their balance as money and never a password', async () => {
    const group = (await t.dataSource.query('SELECT id FROM user_group ORDER BY id LIMIT 1'))[0];
    const added = await c.raw.post('/admin/user.user/add', { username: 'member1', nickname: '=SUM(A1)', group_id: Number(group.id), password: 'Secret-123', gender: 2, status: 1, mobile: '13800000001' });
    expect(added.body.code).toBe(1);
    await t.dataSource.query('UPDATE user SET money = 1250 WHERE username = ?', ['member1']);
    const { rows } = await csv('/admin/user.user/export');
    expect(rows[0]).toEqual(['ID', 'Username', 'Nickname', 'Group', 'E-mail', 'Mobile', 'Gender', 'Balance', 'Score', 'Status', 'Last sign-in', 'Joined']);
    const member = rows.find((r) => r[1] === 'member1')!;
    expect(member.slice(2, 10)).toEqual(["'=SUM(A1)", expect.any(String), '', '13800000001', 'Female', '12.50', '0', 'Enabled']);
    expect(rows.flat().join('|')).not.toMatch(/Secret-123|scrypt|\$/);
  });
});

describe('list exports: balance and score logs, recycle bin, sensitive-data log', () => {
  let t: TestApp;
  let root: Session;

  const csv = async (url: string, lang = 'en') => {
    const file = await download(t, url, root.token, lang);
    expect(file.type).toMatch(/^text\/csv/);
    return parseCsv(file.body.toString('utf8').replace(/^\uFEFF/, '')).map((r) => r.cells);
  };

  adminSpec({ reset: 'once', ready: (fixture) => ({ t, session: root } = fixture) });

  it('writes balance changes as money and score changes as numbers, with the member', async () => {
    const c = client(t, root);
    const group = (await t.dataSource.query('SELECT id FROM user_group ORDER BY id LIMIT 1'))[0];
    const member = await c.raw.post('/admin/user.user/add', { username: 'buyer', nickname: 'Buyer', group_id: Number(group.id), password: 'Secret-123', status: 1 });
    const id = member.body.data.id;
    expect((await c.raw.post('/admin/user.MoneyLog/add', { user_id: id, money: '12.5', memo: '=1+1' })).body.code).toBe(1);
    expect((await c.raw.post('/admin/user.ScoreLog/add', { user_id: id, score: 7, memo: 'welcome' })).body.code).toBe(1);
    const money = await csv('/admin/user.MoneyLog/export');
    expect(money[0]).toEqual(['ID', 'Username', 'Nickname', 'Balance change', 'Before', 'After', 'Memo', 'Time']);
    expect(money[1].slice(1, 7)).toEqual(['buyer', 'Buyer', '12.50', '0.00', '12.50', "'=1+1"]);
    const score = await csv('/admin/user.ScoreLog/export', 'zh-cn');
    expect(score[0][3]).toBe('变动积分');
    expect(score[1].slice(1, 7)).toEqual(['buyer', 'Buyer', '7', '0', '7', 'welcome']);
  });

  it('writes the recycle bin without the kept rows and the sensitive-data log before → after', async () => {
    const c = client(t, root);
    const brand = await c.add('Brand', { name: 'Old brand' });
    expect((await c.raw.del(`/admin/wms.Brand/del?ids[]=${brand.id}`)).body.code).toBe(1);
    const product = await c.add('Product', { product_no: 'SENS-1', name: 'Watched', price: '12.50' });
    await c.post('Product', 'edit', { id: product.id, price: '99.90' });
    const recycle = await csv('/admin/security.DataRecycleLog/export');
    expect(recycle[0]).toEqual(['ID', 'Table', 'Row ID', 'Admin', 'Restored', 'IP', 'Time']);
    expect(recycle.find((r) => r[1] === 'brand')?.slice(2, 5)).toEqual([String(brand.id), 'Admin', 'No']);
    expect(recycle.flat().join('|')).not.toContain('Old brand');
    const sensitive = await csv('/admin/security.SensitiveDataLog/export?data_table=product');
    expect(sensitive[0]).toEqual(['ID', 'Table', 'Row ID', 'Field', 'Field label', 'Before', 'After', 'Admin', 'Rolled back', 'IP', 'Time']);
    expect(sensitive.slice(1).map((r) => r.slice(1, 9))).toEqual([['product', String(product.id), 'price', expect.any(String), '12.50', '99.90', 'Admin', 'No']]);
  });
});
