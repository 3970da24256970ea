import { QueryCounter } from '../../src/shared/database/query-counter';
import { ProjectionRebuilder } from '../../src/modules/inventory';
import { TestApp } from '../setup/create-test-app';
import { as } from '../support/api';
import { Client, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

/**
 * The stock list by warehouse or area, in its default order (product): the rows of that location only, in
 * product order, in the statements of any list. Stock rows carry their shelf's warehouse and area, so the
 * page and its capped count read the index (warehouse_id | warehouse_area_id, product_id) on both engines
 * instead of joining every stock row of the location to its shelf and sorting them (no index hint needed);
 * the copy follows a shelf that moves and is rebuilt by projections:rebuild.
 */
describe('the stock list by location', () => {
  let t: TestApp;
  let c: Client;
  let admin: ReturnType<typeof as>;
  let w: Warehouse;
  let other: { warehouse: Record<string, any>; area: Record<string, any>; shelf: Record<string, any> };
  const mysql = () => t.dataSource.options.type === 'mysql';

  adminSpec({
    warehouse: smallWarehouse,
    reset: 'once',
    ready: (fixture) => {
      ({ t, c, w } = fixture);
      admin = as(fixture.t, fixture.session);
    },
  });
  beforeAll(async () => {
    const warehouse = await c.add('Warehouse', { name: 'Second', serial_no: 'WH2' });
    const area = await c.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'Area B', serial_no: 'B' });
    const shelf = await c.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: 'T1', serial_no: 'T1' });
    other = { warehouse, area, shelf };
    await stockUp(c, w, [
      { product: 2, shelf: 0, quantity: 3 },
      { product: 0, shelf: 1, quantity: 5 },
      { product: 1, shelf: 0, quantity: 7 },
      { product: 0, shelf: 0, quantity: 2 },
    ]);
    await stockUp(c, { ...w, shelves: [shelf] }, [
      { product: 1, shelf: 0, quantity: 11 },
      { product: 0, shelf: 0, quantity: 13 },
    ]);
  });

  /** The SQL statements a request sends (text and parameters), and the answer. */
  async function traced(url: string) {
    const sql: Array<{ text: string; parameters: unknown[] }> = [];
    const spy = jest.spyOn(QueryCounter.prototype, 'logQuery').mockImplementation(function (this: QueryCounter, query?: unknown, parameters?: unknown) {
      sql.push({ text: String(query), parameters: (parameters as unknown[]) ?? [] });
      // keep counting as the real logger does
      (QueryCounter as unknown as { counted: number }).counted++;
    });
    try {
      return { data: await c.get(url), sql };
    } finally {
      spy.mockRestore();
    }
  }

  /** How the database reads `stock` for a statement: the index it uses, and whether it sorts afterwards. */
  async function planOf(statement: { text: string; parameters: unknown[] }): Promise<{ index: string | null; sorts: boolean }> {
    if (mysql()) {
      const rows: Array<Record<string, any>> = await t.dataSource.query(`EXPLAIN ${statement.text}`, statement.parameters);
      const stock = rows.find((r) => r.table === 'stock');
      return { index: stock?.key ?? null, sorts: rows.some((r) => /filesort|temporary/i.test(String(r.Extra ?? ''))) };
    }
    const rows: Array<{ detail: string }> = await t.dataSource.query(`EXPLAIN QUERY PLAN ${statement.text}`, statement.parameters);
    const stock = rows.find((r) => /\bstock\b/.test(r.detail) && !/stock_lot/.test(r.detail));
    return { index: /USING (?:COVERING )?INDEX (\w+)/.exec(stock?.detail ?? '')?.[1] ?? null, sorts: rows.some((r) => /TEMP B-TREE/.test(r.detail)) };
  }

  const rows = (data: Record<string, any>): number[][] => (data.list as Array<Record<string, unknown>>).map((r) => [Number(r.product_id), Number(r.warehouse_shelf_id), Number(r.quantity)]);
  const [p1, p2, p3] = [0, 1, 2].map((i) => () => w.products[i].id);
  const s2 = () => w.shelves[1].id;
  const stockStatements = (sql: Array<{ text: string; parameters: unknown[] }>) => sql.filter((s) => /FROM [`"]?stock[`"]?/.test(s.text));

  /** What the list must answer: the location's stock rows through the shelves, by product then row id (the list's tie-breaker). */
  async function expected(where: string, id: number, zero = false): Promise<number[][]> {
    const found: Array<{ p: number; s: number; q: number }> = await t.dataSource.query(
      `SELECT st.product_id AS p, st.warehouse_shelf_id AS s, st.quantity AS q FROM stock st JOIN warehouse_shelf sh ON sh.id = st.warehouse_shelf_id WHERE sh.${where} = ?${zero ? '' : ' AND st.quantity > 0'} ORDER BY st.product_id, st.id`,
      [id],
    );
    return found.map((r) => [Number(r.p), Number(r.s), Number(r.q)]);
  }

  it('lists the stock of one warehouse in product order, and of one area, as the shelves place it', async () => {
    const { data, sql } = await traced(`/admin/wms.Stock/index?warehouse_id=${w.warehouse.id}`);
    const mine = await expected('warehouse_id', w.warehouse.id);
    expect(mine.map((r) => r[0])).toEqual([p1(), p1(), p2(), p3()]);
    expect(rows(data)).toEqual(mine);
    expect(data.total).toBe(4);
    const second = await c.get(`/admin/wms.Stock/index?warehouse_id=${other.warehouse.id}&limit=1`);
    expect(rows(second)).toEqual([[p1(), other.shelf.id, 13]]);
    expect(second.total).toBe(2);
    const byArea = await c.get(`/admin/wms.Stock/index?warehouse_area_id=${w.area.id}&page=2&limit=2`);
    expect(rows(byArea)).toEqual((await expected('warehouse_area_id', w.area.id)).slice(2, 4));
    const both = await c.get(`/admin/wms.Stock/index?warehouse_id=${other.warehouse.id}&warehouse_area_id=${other.area.id}`);
    expect(rows(both)).toEqual(await expected('warehouse_area_id', other.area.id));
    expect(rows(await c.get(`/admin/wms.Stock/index?warehouse_id=${other.warehouse.id}&warehouse_area_id=${w.area.id}`))).toEqual([]);
  });

  it('keeps the database free to choose for another order or a shelf filter', async () => {
    const { data, sql } = await traced(`/admin/wms.Stock/index?warehouse_id=${w.warehouse.id}&order=quantity,desc`);
    expect(rows(data).map((r) => r[2])).toEqual([7, 5, 3, 2]);
    expect(sql.some((s) => s.text.includes('USE INDEX'))).toBe(false);
    const shelf = await traced(`/admin/wms.Stock/index?warehouse_id=${w.warehouse.id}&warehouse_shelf_id=${s2()}`);
    expect(rows(shelf.data)).toEqual([[p1(), s2(), 5]]);
    expect(shelf.sql.some((s) => s.text.includes('USE INDEX'))).toBe(false);
  });

  it('is rebuilt from the shelves by projections:rebuild, which notices a wrong copy', async () => {
    expect(await t.app.get(ProjectionRebuilder).rebuild()).toMatchObject({ matched: true, differing: [] });
    await t.dataSource.query('UPDATE stock SET warehouse_id = ? WHERE warehouse_shelf_id = ?', [other.warehouse.id, w.shelves[0].id]);
    expect((await t.app.get(ProjectionRebuilder).rebuild()).differing).toEqual(['stock']);
    expect(rows(await c.get(`/admin/wms.Stock/index?warehouse_id=${w.warehouse.id}`))).toEqual(await expected('warehouse_id', w.warehouse.id));
    expect(rows(await c.get(`/admin/wms.Stock/index?warehouse_id=${other.warehouse.id}`))).toEqual(await expected('warehouse_id', other.warehouse.id));
  });

  it('moves the stock rows of a shelf that moves, and refuses to move a shelf holding stock', async () => {
    // a shelf holding stock stays where it is, and so do its rows
    const refused = await admin.post('/admin/wms.Shelf/edit', { id: w.shelves[1].id, warehouse_id: other.warehouse.id, warehouse_area_id: other.area.id });
    expect(refused.body.code).toBe(0);
    expect(rows(await c.get(`/admin/wms.Stock/index?warehouse_id=${w.warehouse.id}`))).toEqual(await expected('warehouse_id', w.warehouse.id));

    // an emptied shelf keeps its stock rows at zero (and no order names it here: the rows came with an import)
    const spare = await c.add('Shelf', { warehouse_id: w.warehouse.id, warehouse_area_id: w.area.id, name: 'Spare', serial_no: 'SP' });
    await t.dataSource.query('INSERT INTO stock (product_id, warehouse_shelf_id, warehouse_id, warehouse_area_id, quantity, version, updatetime) VALUES (?, ?, ?, ?, 0, 2, 0)', [p3(), spare.id, w.warehouse.id, w.area.id]);
    await c.post('Shelf', 'edit', { id: spare.id, warehouse_id: other.warehouse.id, warehouse_area_id: other.area.id });
    const moved = await c.get(`/admin/wms.Stock/index?warehouse_id=${other.warehouse.id}&zero=1`);
    expect(rows(moved)).toEqual(await expected('warehouse_id', other.warehouse.id, true));
    expect(rows(moved)).toContainEqual([p3(), spare.id, 0]);
    expect(rows(await c.get(`/admin/wms.Stock/index?warehouse_area_id=${other.area.id}&zero=1`))).toContainEqual([p3(), spare.id, 0]);
    expect(rows(await c.get(`/admin/wms.Stock/index?warehouse_id=${w.warehouse.id}&zero=1`))).toEqual(await expected('warehouse_id', w.warehouse.id, true));
  });

  it('sends no more statements than any list, and reads the location index in product order for the page and the count (EXPLAIN)', async () => {
    // a few hundred stock rows elsewhere, so that the plans are those of a table worth an index (MariaDB scans a table of ten rows whatever its indexes)
    const bulk = await c.add('Warehouse', { name: 'Bulk', serial_no: 'WH3' });
    const bulkArea = await c.add('WarehouseArea', { warehouse_id: bulk.id, name: 'Bulk', serial_no: 'BK' });
    const bulkShelf = await c.add('Shelf', { warehouse_id: bulk.id, warehouse_area_id: bulkArea.id, name: 'BK1', serial_no: 'BK1' });
    const values = Array.from({ length: 400 }, (_, i) => [p3(), bulkShelf.id, bulk.id, bulkArea.id, `L${i}`]);
    await t.dataSource.query(`INSERT INTO stock (product_id, warehouse_shelf_id, warehouse_id, warehouse_area_id, lot_no, quantity, version, updatetime) VALUES ${values.map(() => '(?, ?, ?, ?, ?, 1, 1, 0)').join(', ')}`, values.flat());
    await t.dataSource.query(mysql() ? 'ANALYZE TABLE stock' : 'ANALYZE');
    await c.get('/admin/wms.Warehouse/index?limit=1'); // warm the per-process caches
    // pages of one row, so that every list here is counted after its page
    const plain = await traced('/admin/wms.Warehouse/index?limit=1');
    for (const url of [`/admin/wms.Stock/index?warehouse_id=${w.warehouse.id}&limit=1`, `/admin/wms.Stock/index?warehouse_area_id=${w.area.id}&limit=1`]) {
      await c.get(url); // warm: the page's remark and the expiry setting are cached per process
      const { sql } = await traced(url);
      expect(sql).toHaveLength(plain.sql.length);
      expect(sql.some((s) => s.text.includes('USE INDEX'))).toBe(false);
      const onStock = stockStatements(sql);
      expect(onStock).toHaveLength(2); // the page and the capped count
      const index = url.includes('warehouse_area_id') ? 'idx_stock_area_product' : 'idx_stock_warehouse_product';
      for (const statement of onStock) expect(await planOf(statement)).toEqual({ index, sorts: false });
    }
  });
});
