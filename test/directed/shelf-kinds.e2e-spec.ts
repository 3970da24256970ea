import { adminSpec } from '../support/admin-spec';
import { Client, smallWarehouse, Warehouse } from '../support/warehouse';

/** Shelf kinds: storage (default), receiving, staging, hold — on the shelf form and list. */
describe('shelf kinds', () => {
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ready: (f) => ((c = f.c), (w = f.w)) });

  const shelf = (extra: object) => ({ warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: 'Dock', serial_no: 'D1', ...extra });

  it('makes a new shelf a storage shelf unless told otherwise, and lists and filters by kind', async () => {
    expect(w.shelves[0]).toMatchObject({ kind: 0 });
    const staging = await c.add('Shelf', shelf({ name: 'Staging', serial_no: 'ST', kind: 2 }));
    expect(staging).toMatchObject({ kind: 2 });
    const dock = await c.add('Shelf', shelf({ kind: '1' }));
    expect(dock).toMatchObject({ kind: 1 });
    const list = await c.get(`/admin/wms.Shelf/index?kind=2`);
    expect(list.list.map((r: any) => r.name)).toEqual(['Staging']);
    const edited = await c.post('Shelf', 'edit', { ...dock, kind: 3 });
    expect(edited).toMatchObject({ kind: 3, name: 'Dock' });
  });

  it('refuses an unknown kind with a translated message and writes nothing', async () => {
    const en = await c.raw.post('/admin/wms.Shelf/add', shelf({ kind: 7 }));
    expect(en.body).toMatchObject({ code: 0 });
    expect(en.body.msg).toMatch(/Kind|kind|one of/);
    const zh = await c.raw.post('/admin/wms.Shelf/add', shelf({ kind: 9 })).set('think-lang', 'zh-cn');
    expect(zh.body.code).toBe(0);
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await c.get(`/admin/wms.Shelf/index?quickSearch=Dock`)).total).toBe(0);
    const edit = await c.raw.post('/admin/wms.Shelf/edit', { ...w.shelves[0], kind: -1 });
    expect(edit.body.code).toBe(0);
    expect((await c.get(`/admin/wms.Shelf/edit?id=${w.shelves[0].id}`)).row).toMatchObject({ kind: 0 });
  });
});
