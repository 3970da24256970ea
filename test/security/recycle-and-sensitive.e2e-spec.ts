import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, http, login, Session } from '../support/api';
import { Client, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';
import { eventually } from '../support/eventually';

/**
 * The recycle bin and the sensitive-data log: what deletes and edits record (through the CRUD kernel and
 * the order, admin and member writers), restoring and rolling back with a reason per refused row, and the
 * rules themselves.
 */
describe('safety tools: recycle bin and sensitive-data log', () => {
  let t: TestApp;
  let session: Session;
  let c: Client;
  let w: Warehouse;
  const api = () => as(t, session);
  const recycled = async (table: string) => (await api().get(`/admin/security.DataRecycleLog/index?data_table=${table}&limit=100`)).body.data;
  const sensitive = async (query = '') => (await api().get(`/admin/security.SensitiveDataLog/index?limit=100${query}`)).body.data;

  adminSpec({ warehouse: smallWarehouse, ready: (fixture) => ({ t, session, c, w } = fixture) });

  it('keeps a deleted brand with who, when and address, and restores it once', async () => {
    const brand = await c.add('Brand', { name: 'Acme' });
    expect((await api().del(`/admin/wms.Brand/del?ids[]=${brand.id}`)).body.code).toBe(1);
    const { list, total } = await recycled('brand');
    expect(total).toBe(1);
    expect(list[0]).toMatchObject({ data_table: 'brand', id_value: String(brand.id), is_restore: 0, admin_id: session.id, admin: { username: 'admin' } });
    expect(list[0].ip).not.toBe('');
    expect(list[0].createtime).toBeGreaterThan(0);
    const info = (await api().get(`/admin/security.DataRecycleLog/info?id=${list[0].id}`)).body.data.row;
    expect(JSON.parse(info.data).row).toMatchObject({ id: brand.id, name: 'Acme' });

    const restored = await api().post('/admin/security.DataRecycleLog/restore', { ids: [list[0].id] });
    expect(restored.body).toMatchObject({ code: 1, data: { done: [list[0].id], refused: [] } });
    expect((await c.get(`/admin/wms.Brand/edit?id=${brand.id}`)).row.name).toBe('Acme');

    // the admin log records the restore under its rule's title
    // (written after the answer went out)
    const restoreRow = (list: any[]) => list.find((l) => /security\.DataRecycleLog\/restore/.test(l.url));
    const logged = await eventually(async () => (await api().get('/admin/auth.AdminLog/index?limit=5').set('think-lang', 'zh-cn')).body.data.list, (list: any[]) => !!restoreRow(list), 'an admin-log row of the restore');
    expect(restoreRow(logged).title).toBe('数据回收站-还原');

    const twice = await api().post('/admin/security.DataRecycleLog/restore', { ids: [list[0].id] });
    expect(twice.body.code).toBe(0);
    expect(twice.body.msg).toContain('already been restored');
    expect(twice.body.data.refused).toEqual([{ id: list[0].id, reason: 'This row has already been restored' }]);
  });

  it('refuses a restore per row when the code was reused or the parent is gone, and restores the rest', async () => {
    const product = await c.add('Product', { product_no: 'PX', name: 'Gadget', unit_id: w.unit.id, price: '1.00' });
    const area = await c.add('WarehouseArea', { warehouse_id: w.warehouse.id, name: 'Area B', serial_no: 'B' });
    const shelf = await c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: area.id, name: 'B1', serial_no: 'B1' });
    const brand = await c.add('Brand', { name: 'Solo' });
    expect((await api().del(`/admin/wms.Product/del?ids[]=${product.id}`)).body.code).toBe(1);
    expect((await api().del(`/admin/wms.Shelf/del?ids[]=${shelf.id}`)).body.code).toBe(1);
    expect((await api().del(`/admin/wms.WarehouseArea/del?ids[]=${area.id}`)).body.code).toBe(1);
    expect((await api().del(`/admin/wms.Brand/del?ids[]=${brand.id}`)).body.code).toBe(1);
    await c.add('Product', { product_no: 'PX', name: 'Other gadget', unit_id: w.unit.id, price: '2.00' });

    const logs = [...(await recycled('product')).list, ...(await recycled('warehouse_shelf')).list, ...(await recycled('brand')).list];
    const res = await api().post('/admin/security.DataRecycleLog/restore', { ids: logs.map((l: any) => l.id) });
    expect(res.body.code).toBe(1);
    const byTable = Object.fromEntries(logs.map((l: any) => [l.data_table, l.id]));
    expect(res.body.data.done).toEqual([byTable.brand]);
    const reasons = Object.fromEntries(res.body.data.refused.map((r: any) => [r.id, r.reason]));
    expect(reasons[byTable.product]).toMatch(/"PX" is already in use/);
    expect(reasons[byTable.warehouse_shelf]).toMatch(/does not exist/);
    // nothing changed for the refused rows
    const shelves = await c.get(`/admin/wms.Shelf/index?warehouse_area_id=${area.id}`);
    expect(shelves.total).toBe(0);
    expect((await recycled('product')).list[0].is_restore).toBe(0);
  });

  it('keeps a refused delete refused (stock references the product) and restores a soft-deleted one', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 4 }]);
    const refused = await api().del(`/admin/wms.Product/del?ids[]=${w.products[0].id}`);
    expect(refused.body.code).toBe(0);
    expect((await recycled('product')).total).toBe(0);

    expect((await api().del(`/admin/wms.Product/del?ids[]=${w.products[2].id}`)).body.code).toBe(1);
    expect((await api().get(`/admin/wms.Product/edit?id=${w.products[2].id}`)).body.code).toBe(0);
    const [log] = (await recycled('product')).list;
    expect((await api().post('/admin/security.DataRecycleLog/restore', { ids: [log.id] })).body.code).toBe(1);
    expect((await c.get(`/admin/wms.Product/edit?id=${w.products[2].id}`)).row).toMatchObject({ product_no: 'P3', price: '0.10' });
  });

  it('keeps a deleted unaudited order with its lines and puts both back', async () => {
    const order = await c.add('Inbound', {
      supplier_id: w.supplier.id,
      type: 10,
      lines: [{ product_id: w.products[1].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 3, actual_quantity: 3, price: '2.00' }],
    });
    expect((await api().del(`/admin/wms.Inbound/del?ids[]=${order.id}`)).body.code).toBe(1);
    const [log] = (await recycled('inbound_order')).list;
    const record = JSON.parse((await api().get(`/admin/security.DataRecycleLog/info?id=${log.id}`)).body.data.row.data);
    expect(record.children[0].rows).toHaveLength(1);
    expect((await api().post('/admin/security.DataRecycleLog/restore', { ids: [log.id] })).body.code).toBe(1);
    const back = await c.get(`/admin/wms.Inbound/edit?id=${order.id}`);
    expect(back.row.receipt_no).toBe(order.receipt_no);
    expect(back.row.lines).toHaveLength(1);
    // and it can be audited as if never deleted
    await c.post('Inbound', 'audit', { id: order.id });

    const adjustment = await c.add('Adjustment', { lines: [{ product_id: w.products[1].id, warehouse_shelf_id: w.shelves[0].id, quantity: 2, reason: 'found' }] });
    expect((await api().del(`/admin/wms.Adjustment/del?ids[]=${adjustment.id}`)).body.code).toBe(1);
    const [adjustmentLog] = (await recycled('adjustment_order')).list;
    expect((await api().post('/admin/security.DataRecycleLog/restore', { ids: [adjustmentLog.id] })).body.code).toBe(1);
    expect((await c.get(`/admin/wms.Adjustment/edit?id=${adjustment.id}`)).row.lines).toHaveLength(1);
  });

  it('keeps deleted admins and members and refuses one whose username was taken since', async () => {
    const { adminId } = await createAdmin(t, 'clerk', ['wms/brand/index']);
    expect((await api().del(`/admin/auth.Admin/del?ids[]=${adminId}`)).body.code).toBe(1);
    const [adminLog] = (await recycled('admin')).list;
    expect(JSON.parse((await api().get(`/admin/security.DataRecycleLog/info?id=${adminLog.id}`)).body.data.row.data).children[0].rows).toHaveLength(1);
    expect((await api().post('/admin/security.DataRecycleLog/restore', { ids: [adminLog.id] })).body.code).toBe(1);
    await login(t, 'clerk');

    const member = await api().post('/admin/user.User/add', { group_id: 1, username: 'member1', nickname: 'M', password: 'Member-Pass-1' });
    expect(member.body.code).toBe(1);
    const id = (await api().get('/admin/user.User/index?quickSearch=member1')).body.data.list[0].id;
    expect((await api().del(`/admin/user.User/del?ids[]=${id}`)).body.code).toBe(1);
    expect((await api().post('/admin/user.User/add', { group_id: 1, username: 'member1', nickname: 'N', password: 'Member-Pass-2' })).body.code).toBe(1);
    const [memberLog] = (await recycled('user')).list;
    const res = await api().post('/admin/security.DataRecycleLog/restore', { ids: [memberLog.id] });
    expect(res.body.code).toBe(0);
    expect(res.body.data.refused[0].reason).toMatch(/"member1" is in use/);
  });

  it('logs a price and safety-stock change field by field and rolls it back only while the row holds the new value', async () => {
    const product = w.products[0];
    await c.post('Product', 'edit', { ...product, price: '3.75', safety_stock_num: 9, name: 'Renamed' });
    const { list } = await sensitive('&data_table=product');
    expect(list.map((l: any) => [l.data_field, l.before, l.after]).sort()).toEqual([
      ['price', '2.50', '3.75'],
      ['safety_stock_num', '5', '9'],
    ]);
    expect(list[0]).toMatchObject({ admin_id: session.id, id_value: String(product.id), is_rollback: 0 });
    const price = list.find((l: any) => l.data_field === 'price');
    const stock = list.find((l: any) => l.data_field === 'safety_stock_num');

    await c.post('Product', 'edit', { id: product.id, safety_stock_num: 12 });
    const res = await api().post('/admin/security.SensitiveDataLog/rollback', { ids: [price.id, stock.id] });
    expect(res.body.code).toBe(1);
    expect(res.body.data.done).toEqual([price.id]);
    expect(res.body.data.refused[0].reason).toMatch(/has changed since \(it is now "12"\)/);
    const row = (await c.get(`/admin/wms.Product/edit?id=${product.id}`)).row;
    expect(row).toMatchObject({ price: '2.50', safety_stock_num: 12, name: 'Renamed' });
    // the entry is marked (the admin log records the rollback request itself)
    expect((await sensitive(`&data_field=price`)).list.map((l: any) => [l.before, l.after, l.is_rollback])).toEqual([['2.50', '3.75', 1]]);
    const again = await api().post('/admin/security.SensitiveDataLog/rollback', { ids: [price.id] });
    expect(again.body).toMatchObject({ code: 0 });
    expect(again.body.msg).toContain('already been rolled back');
  });

  it('logs warehouse and shelf status and admin groups; a password only as changed', async () => {
    await c.post('Warehouse', 'edit', { id: w.warehouse.id, name: 'Main', serial_no: 'WH1', status: 0 });
    await c.post('Shelf', 'edit', { id: w.shelves[2].id, status: 1 });
    const { adminId, groupId } = await createAdmin(t, 'clerk', ['wms/brand/index']);
    const edit = await api().post('/admin/auth.Admin/edit', { id: adminId, username: 'clerk', nickname: 'Clerk', group_arr: [1], password: 'New-Pass-123' });
    expect(edit.body.code).toBe(1);
    const fields = (await sensitive()).list.map((l: any) => [l.data_table, l.data_field, l.before, l.after, l.changed_only]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['warehouse', 'status', '1', '0', 0],
        ['warehouse_shelf', 'status', '0', '1', 0],
        ['admin', 'group_ids', String(groupId), '1', 0],
        ['admin', 'password', null, null, 1],
      ]),
    );
    const logs = (await sensitive('&data_table=admin')).list;
    const password = logs.find((l: any) => l.data_field === 'password');
    const groups = logs.find((l: any) => l.data_field === 'group_ids');
    const refused = await api().post('/admin/security.SensitiveDataLog/rollback', { ids: [password.id] });
    expect(refused.body.code).toBe(0);
    expect(refused.body.msg).toMatch(/cannot be rolled back/);
    expect((await api().post('/admin/security.SensitiveDataLog/rollback', { ids: [groups.id] })).body.code).toBe(1);
    const admin = (await api().get(`/admin/auth.Admin/edit?id=${adminId}`)).body.data.row;
    expect(admin.group_arr.map(Number)).toEqual([groupId]);
  });

  it('never lets a rule watch member money or score, nor a table that does not exist', async () => {
    const money = await api().post('/admin/security.SensitiveData/add', { name: 'money', data_table: 'user', data_fields: JSON.stringify({ money: 'Money' }) });
    expect(money.body.code).toBe(0);
    expect(money.body.msg).toMatch(/only be changed through its own log/);
    const unknown = await api().post('/admin/security.SensitiveData/add', { name: 'x', data_table: 'no_such_table', data_fields: JSON.stringify({ a: 'A' }) });
    expect(unknown.body.code).toBe(0);
    const field = await api().post('/admin/security.SensitiveData/add', { name: 'x', data_table: 'brand', data_fields: JSON.stringify({ nope: 'A' }) });
    expect(field.body.msg).toMatch(/has no field "nope"/);
    const ok = await api().post('/admin/security.SensitiveData/add', { name: 'Brand names', data_table: 'brand', data_fields: JSON.stringify({ name: 'Name' }) });
    expect(ok.body.code).toBe(1);
    const seeded = (await api().get('/admin/security.DataRecycle/index?limit=100')).body.data.list.map((r: any) => r.data_table);
    expect(seeded).toEqual(expect.arrayContaining(['brand', 'carrier', 'customer', 'supplier', 'category', 'unit', 'warehouse', 'warehouse_area', 'warehouse_shelf', 'product', 'inbound_order', 'outbound_order', 'relocation_order', 'admin', 'user']));
  });

  it('records nothing for a table whose rule is disabled', async () => {
    const rule = (await api().get('/admin/security.DataRecycle/index?quickSearch=brand')).body.data.list.find((r: any) => r.data_table === 'brand');
    expect((await api().post('/admin/security.DataRecycle/edit', { id: rule.id, status: 0 })).body.code).toBe(1);
    const brand = await c.add('Brand', { name: 'Gone' });
    await api().del(`/admin/wms.Brand/del?ids[]=${brand.id}`);
    expect((await recycled('brand')).total).toBe(0);
  });

  it('lets only a super administrator restore or regroup administrator accounts', async () => {
    const { adminId } = await createAdmin(t, 'gone', ['wms/brand/index']);
    await api().post('/admin/auth.Admin/edit', { id: adminId, username: 'gone', nickname: 'Gone', group_arr: [1] });
    expect((await api().del(`/admin/auth.Admin/del?ids[]=${adminId}`)).body.code).toBe(1);
    const brand = await c.add('Brand', { name: 'Ordinary' });
    await api().del(`/admin/wms.Brand/del?ids[]=${brand.id}`);
    await createAdmin(t, 'keeper', ['security/dataRecycleLog/restore', 'security/sensitiveDataLog/rollback']);
    const keeper = as(t, await login(t, 'keeper'));
    const [adminLog] = (await recycled('admin')).list;
    const [brandLog] = (await recycled('brand')).list;
    const res = await keeper.post('/admin/security.DataRecycleLog/restore', { ids: [adminLog.id, brandLog.id] });
    expect(res.body.data).toEqual({ done: [brandLog.id], refused: [{ id: adminLog.id, reason: 'Only a super administrator can restore or roll back administrator accounts' }] });
    const [groups] = (await sensitive('&data_table=admin&data_field=group_ids')).list;
    expect((await keeper.post('/admin/security.SensitiveDataLog/rollback', { ids: [groups.id] })).body.msg).toMatch(/Only a super administrator/);
  });

  it('needs its permission rules', async () => {
    await createAdmin(t, 'viewer', ['security/dataRecycleLog/index']);
    const viewer = as(t, await login(t, 'viewer'));
    expect((await viewer.get('/admin/security.DataRecycleLog/index')).body.code).toBe(1);
    expect((await viewer.post('/admin/security.DataRecycleLog/restore', { ids: [1] })).body.code).toBe(401);
    expect((await viewer.post('/admin/security.SensitiveDataLog/rollback', { ids: [1] })).body.code).toBe(401);
    expect((await viewer.get('/admin/routine.Backup/index')).body.code).toBe(401);
    expect((await http(t).get('/admin/security.DataRecycleLog/index')).body.code).toBe(302);
    expect((await api().post('/admin/security.DataRecycleLog/restore', { ids: ['x'] })).body.code).toBe(0);
  });
});
