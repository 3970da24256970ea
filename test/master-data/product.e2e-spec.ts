import { TestApp } from '../setup/create-test-app';
import { createAdmin, login } from '../support/api';
import { api, Api, location, Row, search } from './master-data-fixtures';
import { adminSpec } from '../support/admin-spec';

/** Products: codes, exact prices, references and location, read-only stock total, embedded names. */
describe('products (wms.Product)', () => {
  let t: TestApp;
  let client: Api;
  let brand: Row, category: Row, unit: Row;
  let place: { warehouse: Row; area: Row; shelf: Row };

  adminSpec({
    ready: (fixture) => {
      ({ t } = fixture);
      client = api(fixture.t, fixture.session);
    },
  });
  beforeEach(async () => {
    brand = await client.add('Brand', { name: 'Acme' });
    category = await client.add('Category', { name: 'Fasteners' });
    unit = await client.add('Unit', { name: 'Box' });
    place = await location(client, 'W1');
  });

  const full = () => ({
    product_no: 'P-001',
    bar_code: '6901234567892',
    name: 'Hex bolt M8',
    brand_id: brand.id,
    category_id: String(category.id),
    unit_id: unit.id,
    spec: 'M8 × 40',
    price: '12.5',
    safety_stock_num: '20',
    warehouse_id: place.warehouse.id,
    warehouse_area_id: place.area.id,
    warehouse_shelf_id: place.shelf.id,
    images: ['/storage/a.png', '/storage/b.png'],
    status: '20',
    remark: 'zinc plated',
    effective_day: 365,
  });

  it('adds a product with every field and answers it with the names it refers to', async () => {
    const res = await client.post('/admin/wms.Product/add', { ...full(), id: 77, total_stock_num: 999, createtime: 1, deletetime: 3 });
    expect(res.body).toMatchObject({
      code: 1,
      data: {
        product_no: 'P-001',
        bar_code: '6901234567892',
        name: 'Hex bolt M8',
        brand_id: brand.id,
        category_id: category.id,
        unit_id: unit.id,
        spec: 'M8 × 40',
        price: '12.50',
        safety_stock_num: 20,
        total_stock_num: 0,
        images: '/storage/a.png,/storage/b.png',
        status: 20,
        effective_day: 365,
        deletetime: null,
        brand: { id: brand.id, name: 'Acme' },
        category: { id: category.id, name: 'Fasteners' },
        unit: { id: unit.id, name: 'Box' },
        warehouse: { id: place.warehouse.id, name: 'Warehouse W1', serial_no: 'W1' },
        area: { id: place.area.id, name: 'Area W1-A', serial_no: 'A' },
        shelf: { id: place.shelf.id, name: 'Shelf W1-A-01', serial_no: '01' },
      },
    });
    expect(res.body.data.id).not.toBe(77);
    const minimal = await client.add('Product', { product_no: 'P-002', name: 'Washer' });
    expect(minimal).toMatchObject({ bar_code: null, price: '0.00', status: 10, images: '', brand: null, shelf: null, total_stock_num: 0 });
  });

  it('keeps money exact: two decimals at most, never negative, answered as a string', async () => {
    const add = (price: unknown) => client.post('/admin/wms.Product/add', { product_no: `P${Math.random()}`.slice(0, 20), name: 'N', price });
    expect((await add('0.1')).body.data.price).toBe('0.10');
    expect((await add(19.99)).body.data.price).toBe('19.99');
    expect((await add('999999999999.99')).body.data.price).toBe('999999999999.99');
    expect((await add('1.005')).body).toMatchObject({ code: 0, msg: 'Price must be an amount with at most two decimals' });
    expect((await add('-1')).body).toMatchObject({ code: 0, msg: 'Price must not be less than 0' });
    expect((await add('12,5')).body.code).toBe(0);
    expect((await add('1e3')).body.code).toBe(0);
    expect((await add('1000000000000')).body.code).toBe(0);
    const zh = await client.post('/admin/wms.Product/add', { product_no: 'Z', name: 'N', price: '1.234' }).set('think-lang', 'zh-cn');
    expect(zh.body.msg).toBe('价格须为最多两位小数的金额');
    const sum = await t.dataSource.query(`SELECT SUM(price) AS total FROM product WHERE price IN (0.10, 19.99)`);
    expect(Number(sum[0].total).toFixed(2)).toBe('20.09');
  });

  it('requires code and name, validates enumerations and numbers', async () => {
    const bad = (body: object) => client.post('/admin/wms.Product/add', { product_no: 'P', name: 'N', ...body });
    expect((await client.post('/admin/wms.Product/add', { name: 'N' })).body).toMatchObject({ code: 0, msg: 'Please enter Product code' });
    expect((await client.post('/admin/wms.Product/add', { product_no: 'P' })).body).toMatchObject({ code: 0, msg: 'Please enter Name' });
    expect((await bad({ status: 1 })).body).toMatchObject({ code: 0, msg: 'Status has an invalid value' });
    expect((await bad({ safety_stock_num: -5 })).body).toMatchObject({ code: 0, msg: 'Safety stock must not be less than 0' });
    expect((await bad({ effective_day: 1.5 })).body).toMatchObject({ code: 0, msg: 'Shelf life (days) must be a whole number' });
    expect((await bad({ brand_id: 'x' })).body).toMatchObject({ code: 0, msg: 'Brand is not in the right format' });
    expect((await bad({ bar_code: 'x'.repeat(51) })).body).toMatchObject({ code: 0, msg: 'Bar code must be at most 50 characters' });
  });

  it('keeps product_no unique and bar_code unique when set (NULL when empty), deleted products excepted', async () => {
    const first = await client.add('Product', { product_no: 'P1', name: 'A', bar_code: '111' });
    expect((await client.post('/admin/wms.Product/add', { product_no: 'P1', name: 'B' })).body).toMatchObject({ code: 0, msg: 'Product code "P1" is already in use' });
    expect((await client.post('/admin/wms.Product/add', { product_no: 'P2', name: 'B', bar_code: ' 111 ' })).body).toMatchObject({ code: 0, msg: 'Bar code "111" is already in use' });
    const zh = await client.post('/admin/wms.Product/add', { product_no: 'P1', name: 'B' }).set('think-lang', 'zh-cn');
    expect(zh.body.msg).toBe('商品编号“P1”已被使用');
    // Many products without a bar code: stored as NULL, never clashing.
    const a = await client.add('Product', { product_no: 'P2', name: 'B', bar_code: '' });
    const b = await client.add('Product', { product_no: 'P3', name: 'C', bar_code: null });
    const c = await client.add('Product', { product_no: 'P4', name: 'D' });
    expect([a.bar_code, b.bar_code, c.bar_code]).toEqual([null, null, null]);
    expect(await t.dataSource.query('SELECT id FROM product WHERE bar_code IS NULL')).toHaveLength(3);
    expect((await client.post('/admin/wms.Product/edit', { id: a.id, bar_code: '111' })).body.msg).toBe('Bar code "111" is already in use');
    expect((await client.post('/admin/wms.Product/edit', { id: first.id, bar_code: '' })).body).toMatchObject({ code: 1, data: { bar_code: null } });
    expect((await client.post('/admin/wms.Product/edit', { id: a.id, bar_code: '111' })).body).toMatchObject({ code: 1, data: { bar_code: '111' } });
    // A deleted product frees both codes.
    await client.delete('Product', [a.id]);
    expect(await client.add('Product', { product_no: 'P2', name: 'Again', bar_code: '111' })).toMatchObject({ product_no: 'P2', bar_code: '111' });
  });

  it('lets exactly one of several simultaneous adds of the same product_no through', async () => {
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => client.post('/admin/wms.Product/add', { product_no: 'RACE', name: `Racer ${n}` })));
    expect(results.map((r) => r.body.code).sort()).toEqual([0, 0, 0, 0, 1]);
    expect(await t.dataSource.query(`SELECT id FROM product WHERE product_no = 'RACE'`)).toHaveLength(1);
  });

  it('refuses references that do not exist and a location whose parts do not belong together', async () => {
    const bad = (body: object) => client.post('/admin/wms.Product/add', { product_no: 'P', name: 'N', ...body });
    expect((await bad({ brand_id: 999 })).body.msg).toBe('The selected Brand does not exist');
    expect((await bad({ unit_id: 999 })).body.msg).toBe('The selected Unit does not exist');
    expect((await bad({ warehouse_shelf_id: 999, warehouse_area_id: place.area.id, warehouse_id: place.warehouse.id })).body.msg).toBe('The selected Shelf does not exist');
    const other = await location(client, 'W2');
    expect((await bad({ warehouse_id: place.warehouse.id, warehouse_area_id: other.area.id })).body).toMatchObject({
      code: 0,
      msg: 'Area "Area W2-A (A)" does not belong to the selected warehouse',
    });
    expect((await bad({ warehouse_area_id: place.area.id })).body.msg).toBe('Area "Area W1-A (A)" does not belong to the selected warehouse');
    expect((await bad({ warehouse_id: place.warehouse.id, warehouse_area_id: place.area.id, warehouse_shelf_id: other.shelf.id })).body.msg).toBe(
      'Shelf "Shelf W2-A-01 (01)" does not belong to the selected area',
    );
    const zh = await bad({ warehouse_id: place.warehouse.id, warehouse_area_id: place.area.id, warehouse_shelf_id: other.shelf.id }).set('think-lang', 'zh-cn');
    expect(zh.body.msg).toBe('货架“Shelf W2-A-01 (01)”不属于所选库区');
    // Editing one level re-checks the whole location.
    const row = await client.add('Product', { product_no: 'P9', name: 'N', ...{ warehouse_id: place.warehouse.id, warehouse_area_id: place.area.id, warehouse_shelf_id: place.shelf.id } });
    expect((await client.post('/admin/wms.Product/edit', { id: row.id, warehouse_id: other.warehouse.id })).body.msg).toBe('Area "Area W1-A (A)" does not belong to the selected warehouse');
    const moved = await client.post('/admin/wms.Product/edit', { id: row.id, warehouse_id: other.warehouse.id, warehouse_area_id: other.area.id, warehouse_shelf_id: other.shelf.id });
    expect(moved.body).toMatchObject({ code: 1, data: { warehouse: { name: 'Warehouse W2' }, shelf: { name: 'Shelf W2-A-01' } } });
  });

  it('never writes total_stock_num from add or edit; a status switch posts only {id, status}', async () => {
    const row = await client.add('Product', { ...full(), total_stock_num: 50 });
    const edit = await client.post('/admin/wms.Product/edit', { id: row.id, total_stock_num: 80, status: 10 });
    expect(edit.body).toMatchObject({ code: 1, data: { total_stock_num: 0, status: 10, name: 'Hex bolt M8', price: '12.50' } });
    expect(await t.dataSource.query('SELECT total_stock_num FROM product WHERE id = ?', [row.id])).toEqual([{ total_stock_num: 0 }]);
  });

  it('lists with named filters, joined-name search, ranges, order, pagination and quickSearch over the codes', async () => {
    const other = await location(client, 'W2');
    const tape = await client.add('Unit', { name: 'Roll' });
    await client.add('Product', { ...full() });
    await client.add('Product', { product_no: 'P-002', bar_code: '555', name: 'Nut', price: '0.30', unit_id: unit.id, warehouse_id: other.warehouse.id, warehouse_area_id: other.area.id, warehouse_shelf_id: other.shelf.id });
    await client.add('Product', { product_no: 'Q-003', name: 'Tape', price: '99.00', unit_id: tape.id, brand_id: brand.id });
    const names = async (query: string) => (await client.list('Product', query)).list.map((p: Row) => p.name);
    expect(await names('')).toEqual(['Tape', 'Nut', 'Hex bolt M8']);
    expect(await names(`warehouse_id=${place.warehouse.id}`)).toEqual(['Hex bolt M8']);
    expect(await names(`warehouse_area_id=${other.area.id}`)).toEqual(['Nut']);
    expect(await names(`warehouse_shelf_id=${other.shelf.id}`)).toEqual(['Nut']);
    expect(await names(`brand_id=${brand.id}&order=name,asc`)).toEqual(['Hex bolt M8', 'Tape']);
    expect(await names(`unit_id=${tape.id}`)).toEqual(['Tape']);
    expect(await names(`category_id=${category.id}`)).toEqual(['Hex bolt M8']);
    expect(await names('status=20')).toEqual(['Hex bolt M8']);
    expect(await names(search(['unit.name', 'eq', 'Box']))).toEqual(['Nut', 'Hex bolt M8']);
    expect(await names(search(['warehouse.name', 'LIKE', 'W2']))).toEqual(['Nut']);
    expect(await names(search(['price', 'RANGE', '0.30,12.50']))).toEqual(['Nut', 'Hex bolt M8']);
    expect(await names(search(['price', 'gt', '12.49']))).toEqual(['Tape', 'Hex bolt M8']);
    expect(await names('order=price,asc')).toEqual(['Nut', 'Hex bolt M8', 'Tape']);
    expect(await names('order=unit.name,desc&limit=1&page=2')).toEqual(['Nut']);
    expect(await names('quickSearch=Q-0')).toEqual(['Tape']);
    expect(await names('quickSearch=555')).toEqual(['Nut']);
    expect(await names('quickSearch=6901234')).toEqual(['Hex bolt M8']);
    expect(await names('quickSearch=bolt')).toEqual(['Hex bolt M8']);
    const select = await client.list('Product', 'select=true&quickSearch=P-00');
    expect(select).toMatchObject({ total: 2, list: [{ name: 'Nut', unit: { name: 'Box' } }, { name: 'Hex bolt M8' }] });
    expect((await client.get(`/admin/wms.Product/index?${search(['images', 'LIKE', 'a'])}`)).body).toMatchObject({ code: 0, msg: 'Unsupported search field: images' });
  });

  it('hides deleted products everywhere but keeps them stored', async () => {
    const row = await client.add('Product', full());
    expect((await client.delete('Product', [row.id])).body).toMatchObject({ code: 1, data: { count: 1 } });
    expect((await client.list('Product')).total).toBe(0);
    expect((await client.list('Product', `quickSearch=${row.product_no}`)).total).toBe(0);
    expect((await client.get(`/admin/wms.Product/edit?id=${row.id}`)).body.msg).toBe('Record not found');
    expect(await t.dataSource.query('SELECT product_no FROM product WHERE id = ? AND deletetime IS NOT NULL', [row.id])).toEqual([{ product_no: 'P-001' }]);
  });

  it('refuses to delete a brand or unit a product uses; frees them once the product is gone', async () => {
    const row = await client.add('Product', full());
    expect((await client.delete('Brand', [brand.id])).body).toMatchObject({ code: 0, msg: 'Brand "Acme" is still used by products and cannot be deleted' });
    expect((await client.delete('Unit', [unit.id])).body.msg).toBe('Unit "Box" is still used by products and cannot be deleted');
    const zh = await client.delete('Unit', [unit.id]).set('think-lang', 'zh-cn');
    expect(zh.body.msg).toBe('计量单位“Box”仍被商品使用，不能删除');
    await client.delete('Product', [row.id]);
    expect((await client.delete('Brand', [brand.id])).body.code).toBe(1);
    expect((await client.delete('Unit', [unit.id])).body.code).toBe(1);
  });

  it('answers code 401 to an admin without the product nodes', async () => {
    await createAdmin(t, 'clerk', ['wmsBase', 'wms/product', 'wms/product/index']);
    const clerk = api(t, await login(t, 'clerk'));
    expect((await clerk.get('/admin/wms.Product/index')).body.code).toBe(1);
    expect((await clerk.post('/admin/wms.Product/add', full())).body.code).toBe(401);
    expect((await clerk.delete('Product', [1])).body.code).toBe(401);
  });
});
