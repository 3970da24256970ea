import { QueryCounter } from '../../src/shared/database/query-counter';
import { unixNow } from '../../src/shared/http/envelope';
import { TestApp } from '../setup/create-test-app';
import { api, Api, quiet, Row } from './master-data-fixtures';
import { adminSpec } from '../support/admin-spec';

const PRODUCTS = 100_000;
const PER_INSERT = 1_000;

/**
 * With 100,000 products, `wms.Product/index` with its six joined names and a quickSearch sends the same
 * number of SQL statements whatever the page size (one count, one page query, plus the guard's fixed reads).
 */
describe('the product list at scale', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let client: Api;

  adminSpec({
    reset: 'once',
    ready: (fixture) => {
      ({ t } = fixture);
      client = api(fixture.t, fixture.session);
    },
  });
  beforeAll(async () => {
    const brands = [await client.add('Brand', { name: 'Acme' }), await client.add('Brand', { name: 'Globex' })];
    const category = await client.add('Category', { name: 'Fasteners' });
    const unit = await client.add('Unit', { name: 'Box' });
    const warehouse = await client.add('Warehouse', { name: 'Main', serial_no: 'W1' });
    const area = await client.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'Area A', serial_no: 'A' });
    const shelves: Row[] = [];
    for (const n of [1, 2, 3]) shelves.push(await client.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `Shelf ${n}`, serial_no: `0${n}` }));
    await seedProducts(t, { brands: brands.map((b) => b.id), category: category.id, unit: unit.id, warehouse: warehouse.id, area: area.id, shelves: shelves.map((s) => s.id) });
    // the account, the time zone and the remark are read once per process and version (then cached)
    await client.get('/admin/wms.Product/index?limit=1');
  });

  const index = async (query: string) => {
    await quiet();
    const { result, queries } = await QueryCounter.measure(() => client.get(`/admin/wms.Product/index?${query}`));
    expect(result.body.code).toBe(1);
    return { data: result.body.data as { list: Row[]; total: number; total_capped?: boolean }, queries };
  };

  it('seeded every product', async () => {
    const rows = await t.dataSource.query('SELECT COUNT(*) AS n FROM product');
    expect(Number(rows[0].n)).toBe(PRODUCTS);
  });

  it('runs the same statements for a page of 10 and a page of 500, with joined names and a quickSearch', async () => {
    const small = await index('quickSearch=Widget%201&limit=10');
    const large = await index('quickSearch=Widget%201&limit=500');
    expect(small.data.list).toHaveLength(10);
    expect(large.data.list).toHaveLength(500);
    // 11,112 match (Widget 1, 10–19, 100–199, 1000–1999, 10000–19999 and 100000): a quickSearch counts up to
    // 100 or the page asked for and one more page, whichever is further (a lower bound, `total_capped`)
    expect(small.data).toMatchObject({ total: 100, total_capped: true });
    expect(large.data).toMatchObject({ total: 1_000, total_capped: true });
    expect(large.queries).toBe(small.queries);
    expect(small.queries).toBe(3); // the token (with the site version), the count, the page
    for (const row of large.data.list) {
      expect(row.name).toContain('Widget 1');
      expect(row).toMatchObject({ category: { name: 'Fasteners' }, unit: { name: 'Box' }, warehouse: { name: 'Main' }, area: { name: 'Area A' } });
      expect(['Acme', 'Globex']).toContain(row.brand.name);
      expect(row.shelf.name).toMatch(/^Shelf [123]$/);
    }
    // Newest first: weigh = id.
    expect(large.data.list[0].product_no).toBe('P100000');
  });

  it('keeps that count with filters, another order and a later page', async () => {
    const base = await index('limit=10');
    expect(base.data).toMatchObject({ total: 10_000, total_capped: true });
    const few = await index('quickSearch=Widget%2099999');
    expect(few.data).toEqual(expect.objectContaining({ total: 1 }));
    expect(few.data).not.toHaveProperty('total_capped');
    const paged = await index('limit=500&page=40&order=price,asc&status=10&quickSearch=P0');
    expect(paged.data.list).toHaveLength(500);
    expect(paged.queries).toBe(base.queries);
    const byCode = await index('quickSearch=P0054321');
    expect(byCode.data.list).toMatchObject([{ product_no: 'P0054321', name: 'Widget 54321' }]);
    expect(byCode.queries).toBe(base.queries);
  });
});

/** 100 INSERTs of 1,000 rows in one transaction. */
async function seedProducts(t: TestApp, refs: { brands: number[]; category: number; unit: number; warehouse: number; area: number; shelves: number[] }): Promise<void> {
  const columns = [
    'product_no',
    'bar_code',
    'name',
    'brand_id',
    'category_id',
    'unit_id',
    'spec',
    'price',
    'safety_stock_num',
    'warehouse_id',
    'warehouse_area_id',
    'warehouse_shelf_id',
    'images',
    'weigh',
    'status',
    'createtime',
    'updatetime',
  ];
  const placeholders = `(${columns.map(() => '?').join(',')})`;
  const now = unixNow();
  await t.dataSource.transaction(async (manager) => {
    for (let start = 1; start <= PRODUCTS; start += PER_INSERT) {
      const params: unknown[] = [];
      const end = Math.min(start + PER_INSERT - 1, PRODUCTS);
      for (let i = start; i <= end; i++) {
        // P0000001 … P0099999, and P100000 for the last one: quickSearch "P0" matches all but one.
        const code = i < PRODUCTS ? `P${String(i).padStart(7, '0')}` : `P${i}`;
        params.push(
          code,
          i % 2 ? `69${String(i).padStart(11, '0')}` : null,
          `Widget ${i}`,
          refs.brands[i % refs.brands.length],
          refs.category,
          refs.unit,
          `size ${i % 7}`,
          ((i % 10000) / 100).toFixed(2),
          i % 50,
          refs.warehouse,
          refs.area,
          refs.shelves[i % refs.shelves.length],
          '',
          i,
          10,
          now,
          now,
        );
      }
      await manager.query(`INSERT INTO product (${columns.join(',')}) VALUES ${Array.from({ length: end - start + 1 }, () => placeholders).join(',')}`, params);
    }
  });
}
