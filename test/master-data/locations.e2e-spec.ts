import { TestApp } from '../setup/create-test-app';
import { createAdmin, login } from '../support/api';
import { api, Api, location, search } from './master-data-fixtures';
import { adminSpec } from '../support/admin-spec';

/** Warehouses, their areas and the shelves in them: codes, belonging, embedded names, reference checks. */
describe('warehouses, areas and shelves (wms.Warehouse, wms.WarehouseArea, wms.Shelf)', () => {
  let t: TestApp;
  let client: Api;
  adminSpec({
    ready: (fixture) => {
      ({ t } = fixture);
      client = api(fixture.t, fixture.session);
    },
  });

  describe('warehouse', () => {
    it('adds with every field, numbers as numbers, and validates code, mobile and type', async () => {
      const res = await client.post('/admin/wms.Warehouse/add', {
        name: 'Main',
        serial_no: ' WH-01 ',
        address: '8 Harbour Road',
        city: '310000,310100',
        responsible_person: 'Han Meimei',
        mobile: '13700137000',
        status: '0',
        warehouse_type: '2',
        remark: 'cold chain',
      });
      expect(res.body).toMatchObject({
        code: 1,
        data: { name: 'Main', serial_no: 'WH-01', address: '8 Harbour Road', responsible_person: 'Han Meimei', mobile: '13700137000', status: 0, warehouse_type: 2, deletetime: null },
      });
      const bad = (body: object) => client.post('/admin/wms.Warehouse/add', { name: 'X', serial_no: 'X1', ...body });
      expect((await bad({ serial_no: '' })).body).toMatchObject({ code: 0, msg: 'Please enter Code' });
      expect((await bad({ mobile: '555' })).body).toMatchObject({ code: 0, msg: 'Mobile is not a valid mobile number' });
      expect((await bad({ warehouse_type: 9 })).body).toMatchObject({ code: 0, msg: 'Warehouse type has an invalid value' });
      expect((await bad({ status: 2 })).body).toMatchObject({ code: 0, msg: 'Status has an invalid value' });
      expect((await bad({ serial_no: 'x'.repeat(51) })).body).toMatchObject({ code: 0, msg: 'Code must be at most 50 characters' });
      expect((await bad({})).body.data).toMatchObject({ status: 1, warehouse_type: 1 });
    });

    it('keeps codes unique among live warehouses; a deleted warehouse frees its code', async () => {
      const first = await client.add('Warehouse', { name: 'Main', serial_no: 'W1' });
      expect((await client.post('/admin/wms.Warehouse/add', { name: 'Other', serial_no: 'W1' })).body).toMatchObject({ code: 0, msg: 'Code "W1" is already in use' });
      const zh = await client.post('/admin/wms.Warehouse/add', { name: 'Other', serial_no: 'W1' }).set('think-lang', 'zh-cn');
      expect(zh.body.msg).toBe('编号“W1”已被使用');
      const second = await client.add('Warehouse', { name: 'Other', serial_no: 'W2' });
      expect((await client.post('/admin/wms.Warehouse/edit', { id: second.id, serial_no: 'W1' })).body).toMatchObject({ code: 0, msg: 'Code "W1" is already in use' });
      // Keeping its own code is no clash.
      expect((await client.post('/admin/wms.Warehouse/edit', { id: first.id, serial_no: 'W1', name: 'Main 2' })).body).toMatchObject({ code: 1, data: { name: 'Main 2' } });
      expect((await client.delete('Warehouse', [first.id])).body.code).toBe(1);
      const again = await client.add('Warehouse', { name: 'Main again', serial_no: 'W1' });
      expect(again.id).not.toBe(first.id);
      expect((await client.list('Warehouse', 'quickSearch=W1')).list.map((w: { name: string }) => w.name)).toEqual(['Main again']);
    });

    it('lets exactly one of several simultaneous adds of the same code through', async () => {
      const results = await Promise.all([1, 2, 3, 4].map((n) => client.post('/admin/wms.Warehouse/add', { name: `Racer ${n}`, serial_no: 'RACE' })));
      const codes = results.map((r) => r.body.code).sort();
      expect(codes).toEqual([0, 0, 0, 1]);
      for (const r of results.filter((r) => r.body.code === 0)) expect(r.body.msg).toBe('Code "RACE" is already in use');
      expect(await t.dataSource.query(`SELECT id FROM warehouse WHERE serial_no = 'RACE'`)).toHaveLength(1);
    });

    it('filters by status and orders by any allowed column', async () => {
      await client.add('Warehouse', { name: 'B', serial_no: 'B', status: 0 });
      await client.add('Warehouse', { name: 'A', serial_no: 'A' });
      await client.add('Warehouse', { name: 'C', serial_no: 'C' });
      expect((await client.list('Warehouse', 'status=1&order=serial_no,desc')).list.map((w: { name: string }) => w.name)).toEqual(['C', 'A']);
      expect((await client.list('Warehouse', search(['status', 'eq', '0']))).list.map((w: { name: string }) => w.name)).toEqual(['B']);
    });
  });

  describe('area', () => {
    it('needs a live warehouse, embeds its name, filters by warehouse_id', async () => {
      const w1 = await client.add('Warehouse', { name: 'North', serial_no: 'N' });
      const w2 = await client.add('Warehouse', { name: 'South', serial_no: 'S' });
      expect((await client.post('/admin/wms.WarehouseArea/add', { name: 'A', serial_no: 'A' })).body).toMatchObject({ code: 0, msg: 'Please enter Warehouse' });
      expect((await client.post('/admin/wms.WarehouseArea/add', { warehouse_id: 999, name: 'A', serial_no: 'A' })).body).toMatchObject({
        code: 0,
        msg: 'The selected Warehouse does not exist',
      });
      const a = await client.add('WarehouseArea', { warehouse_id: String(w1.id), name: 'Cold', serial_no: 'C1' });
      expect(a).toMatchObject({ warehouse_id: w1.id, warehouse: { id: w1.id, name: 'North', serial_no: 'N' } });
      await client.add('WarehouseArea', { warehouse_id: w2.id, name: 'Dry', serial_no: 'D1' });
      const north = await client.list('WarehouseArea', `warehouse_id=${w1.id}`);
      expect(north).toMatchObject({ total: 1, list: [{ name: 'Cold', warehouse: { name: 'North' } }] });
      expect((await client.list('WarehouseArea', search(['warehouse.name', 'LIKE', 'sou']))).list.map((r: { name: string }) => r.name)).toEqual(['Dry']);
      expect((await client.list('WarehouseArea', 'order=warehouse.name,desc')).list.map((r: { name: string }) => r.name)).toEqual(['Dry', 'Cold']);
      // A deleted warehouse cannot take new areas.
      const w3 = await client.add('Warehouse', { name: 'Gone', serial_no: 'G' });
      await client.delete('Warehouse', [w3.id]);
      expect((await client.post('/admin/wms.WarehouseArea/add', { warehouse_id: w3.id, name: 'A', serial_no: 'A' })).body.msg).toBe('The selected Warehouse does not exist');
    });

    it('keeps codes unique within a warehouse only, and frees them on delete', async () => {
      const w1 = await client.add('Warehouse', { name: 'North', serial_no: 'N' });
      const w2 = await client.add('Warehouse', { name: 'South', serial_no: 'S' });
      const a = await client.add('WarehouseArea', { warehouse_id: w1.id, name: 'A', serial_no: 'A' });
      expect((await client.post('/admin/wms.WarehouseArea/add', { warehouse_id: w1.id, name: 'A2', serial_no: 'A' })).body).toMatchObject({
        code: 0,
        msg: 'Code "A" is already in use in this warehouse',
      });
      const other = await client.add('WarehouseArea', { warehouse_id: w2.id, name: 'A', serial_no: 'A' });
      // Moving an (unused) area into a warehouse where its code is taken is refused too.
      expect((await client.post('/admin/wms.WarehouseArea/edit', { id: other.id, warehouse_id: w1.id })).body.msg).toBe('Code "A" is already in use in this warehouse');
      await client.delete('WarehouseArea', [a.id]);
      expect((await client.post('/admin/wms.WarehouseArea/edit', { id: other.id, warehouse_id: w1.id })).body).toMatchObject({ code: 1, data: { warehouse: { name: 'North' } } });
    });
  });

  describe('shelf', () => {
    it('lies in an area of its warehouse, embeds both names, filters by both', async () => {
      const { warehouse: w1, area: a1 } = await location(client, 'W1');
      const { warehouse: w2, area: a2 } = await location(client, 'W2');
      expect((await client.post('/admin/wms.Shelf/add', { warehouse_id: w1.id, name: 'S', serial_no: 'S' })).body).toMatchObject({ code: 0, msg: 'Please enter Warehouse area' });
      expect((await client.post('/admin/wms.Shelf/add', { warehouse_id: w1.id, warehouse_area_id: a2.id, name: 'S', serial_no: 'S' })).body).toMatchObject({
        code: 0,
        msg: 'Area "Area W2-A (A)" does not belong to warehouse "Warehouse W1 (W1)"',
      });
      const zh = await client.post('/admin/wms.Shelf/add', { warehouse_id: w1.id, warehouse_area_id: a2.id, name: 'S', serial_no: 'S' }).set('think-lang', 'zh-cn');
      expect(zh.body.msg).toBe('库区“Area W2-A (A)”不属于仓库“Warehouse W1 (W1)”');
      const shelf = await client.add('Shelf', { warehouse_id: w1.id, warehouse_area_id: a1.id, name: 'Top', serial_no: 'T' });
      expect(shelf).toMatchObject({ warehouse: { name: 'Warehouse W1', serial_no: 'W1' }, area: { name: 'Area W1-A', serial_no: 'A' } });
      expect((await client.list('Shelf', `warehouse_id=${w1.id}`)).total).toBe(2);
      expect((await client.list('Shelf', `warehouse_area_id=${a2.id}`)).list).toMatchObject([{ name: 'Shelf W2-A-01', warehouse: { name: 'Warehouse W2' }, area: { name: 'Area W2-A' } }]);
      expect((await client.list('Shelf', `warehouse_id=${w2.id}&warehouse_area_id=${a1.id}`)).total).toBe(0);
      expect((await client.list('Shelf', `${search(['area.name', 'LIKE', 'W1-A'])}&quickSearch=T`)).list.map((s: { name: string }) => s.name)).toEqual(['Top']);
      // Changing only the warehouse would tear the shelf from its area.
      expect((await client.post('/admin/wms.Shelf/edit', { id: shelf.id, warehouse_id: w2.id })).body.msg).toBe('Area "Area W1-A (A)" does not belong to warehouse "Warehouse W2 (W2)"');
      expect((await client.post('/admin/wms.Shelf/edit', { id: shelf.id, warehouse_id: w2.id, warehouse_area_id: a2.id })).body).toMatchObject({ code: 1, data: { area: { name: 'Area W2-A' } } });
    });

    it('keeps codes unique within an area only', async () => {
      const { warehouse, area, shelf } = await location(client, 'W1');
      const area2 = await client.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'B', serial_no: 'B' });
      expect((await client.post('/admin/wms.Shelf/add', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: 'X', serial_no: '01' })).body).toMatchObject({
        code: 0,
        msg: 'Code "01" is already in use in this area',
      });
      await client.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area2.id, name: 'X', serial_no: '01' });
      await client.delete('Shelf', [shelf.id]);
      await client.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: 'Y', serial_no: '01' });
    });
  });

  describe('reference checks', () => {
    it('refuses to delete a warehouse with areas, an area with shelves; frees them bottom-up', async () => {
      const { warehouse, area, shelf } = await location(client, 'W1');
      const w = await client.delete('Warehouse', [warehouse.id]);
      expect(w.body).toMatchObject({ code: 0, msg: 'Warehouse "Warehouse W1 (W1)" is still used by warehouse areas and cannot be deleted' });
      const zh = await client.delete('Warehouse', [warehouse.id]).set('think-lang', 'zh-cn');
      expect(zh.body.msg).toBe('仓库“Warehouse W1 (W1)”仍被库区使用，不能删除');
      expect((await client.delete('WarehouseArea', [area.id])).body.msg).toBe('Warehouse area "Area W1-A (A)" is still used by shelves and cannot be deleted');
      // Nothing was deleted by the refused requests.
      expect((await client.list('Shelf')).total).toBe(1);
      expect((await client.delete('Shelf', [shelf.id])).body.code).toBe(1);
      expect((await client.delete('WarehouseArea', [area.id])).body.code).toBe(1);
      expect((await client.delete('Warehouse', [warehouse.id])).body.code).toBe(1);
      // Soft-deleted rows stay stored, so documents keep their names.
      expect(await t.dataSource.query('SELECT id FROM warehouse_shelf WHERE deletetime IS NOT NULL')).toHaveLength(1);
    });

    it('refuses to delete a warehouse, area or shelf that a product uses as its location', async () => {
      const { warehouse, area, shelf } = await location(client, 'W1');
      const other = await client.add('Warehouse', { name: 'Spare', serial_no: 'SP' });
      await client.add('Product', { product_no: 'P1', name: 'Bolt', warehouse_id: other.id });
      await client.add('Product', { product_no: 'P2', name: 'Nut', warehouse_id: warehouse.id, warehouse_area_id: area.id, warehouse_shelf_id: shelf.id });
      expect((await client.delete('Warehouse', [other.id])).body.msg).toBe('Warehouse "Spare (SP)" is still used by products and cannot be deleted');
      expect((await client.delete('Shelf', [shelf.id])).body.msg).toBe('Shelf "Shelf W1-A-01 (01)" is still used by products and cannot be deleted');
      const emptyShelf = await client.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: 'Empty', serial_no: '02' });
      expect((await client.delete('Shelf', [emptyShelf.id])).body.code).toBe(1);
    });

    it('refuses to move an area with shelves, or a shelf a product uses, elsewhere', async () => {
      const { area, shelf } = await location(client, 'W1');
      const { warehouse: w2, area: a2 } = await location(client, 'W2');
      expect((await client.post('/admin/wms.WarehouseArea/edit', { id: area.id, warehouse_id: w2.id })).body.msg).toBe(
        'Warehouse area "Area W1-A (A)" is still used by shelves and cannot be moved elsewhere',
      );
      await client.add('Product', { product_no: 'P1', name: 'Bolt', warehouse_id: shelf.warehouse_id, warehouse_area_id: area.id, warehouse_shelf_id: shelf.id });
      expect((await client.post('/admin/wms.Shelf/edit', { id: shelf.id, warehouse_id: w2.id, warehouse_area_id: a2.id })).body.msg).toBe(
        'Shelf "Shelf W1-A-01 (01)" is still used by products and cannot be moved elsewhere',
      );
      // Renaming is no move.
      expect((await client.post('/admin/wms.Shelf/edit', { id: shelf.id, name: 'Renamed', warehouse_area_id: area.id })).body).toMatchObject({ code: 1, data: { name: 'Renamed' } });
    });
  });

  it('checks the wms/warehouseArea node for wms.WarehouseArea', async () => {
    const { warehouse } = await location(client, 'W1');
    await createAdmin(t, 'viewer', ['wmsBase', 'wms/warehouseArea', 'wms/warehouseArea/index', 'wms/shelf/add']);
    const viewer = api(t, await login(t, 'viewer'));
    expect((await viewer.get('/admin/wms.WarehouseArea/index')).body).toMatchObject({ code: 1, data: { total: 1 } });
    expect((await viewer.post('/admin/wms.WarehouseArea/add', { warehouse_id: warehouse.id, name: 'B', serial_no: 'B' })).body.code).toBe(401);
    expect((await viewer.get('/admin/wms.Shelf/index')).body.code).toBe(401);
  });
});
