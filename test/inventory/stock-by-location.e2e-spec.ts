import { QueryCounter } from '../../src/shared/database/query-counter';
import { createTestApp, TestApp } from '../setup/create-test-app';
import { login } from '../support/api';
import { client, Client, smallWarehouse, stockUp, Warehouse } from '../support/warehouse';

/**
 * The stock list by warehouse or area, in its default order (product): the rows of that location only, in
 * product order, in the statements of any list; on MySQL read along the (product_id, shelf) index, so a page
 * does not sort every stock row of the warehouse.
 */
describe('the stock list by location', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  let other: { warehouse: Record<string, any>; shelf: Record<string, any> };

  beforeAll(async () => {
    t = await createTestApp();
    await t.reset();
    c = client(t, await login(t));
    w = await smallWarehouse(c);
    const warehouse = await c.add('Warehouse', { name: 'Second', serial_no: 'WH2' });
    const area = await c.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'Area B', serial_no: 'B' });
    const shelf = await c.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: 'T1', serial_no: 'T1' });
    other = { warehouse, shelf };
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
  afterAll(() => t.close());

  /** The SQL statements a request sends (their text), and the answer. */
  async function traced(url: string) {
    const sql: string[] = [];
    const spy = jest.spyOn(QueryCounter.prototype, 'logQuery').mockImplementation(function (this: QueryCounter, query?: unknown) {
      sql.push(String(query));
      // keep counting as the real logger does
      (QueryCounter as unknown as { counted: number }).counted++;
    });
    try {
      return { data: await c.get(url), sql };
    } finally {
      spy.mockRestore();
    }
  }

  const rows = (data: Record<string, any>): number[][] => (data.list as Array<Record<string, unknown>>).map((r) => [Number(r.product_id), Number(r.warehouse_shelf_id), Number(r.quantity)]);
  const [p1, p2, p3] = [0, 1, 2].map((i) => () => w.products[i].id);
  const s2 = () => w.shelves[1].id;

  /** What the list must answer: the location's stock rows, by product then row id (the list's tie-breaker). */
  async function expected(where: string, id: number): Promise<number[][]> {
    const found: Array<{ p: number; s: number; q: number }> = await t.dataSource.query(
      `SELECT st.product_id AS p, st.warehouse_shelf_id AS s, st.quantity AS q FROM stock st JOIN warehouse_shelf sh ON sh.id = st.warehouse_shelf_id WHERE sh.${where} = ? AND st.quantity > 0 ORDER BY st.product_id, st.id`,
      [id],
    );
    return found.map((r) => [Number(r.p), Number(r.s), Number(r.q)]);
  }

  it('lists the stock of one warehouse in product order, and of one area', async () => {
    const { data, sql } = await traced(`/admin/wms.Stock/index?warehouse_id=${w.warehouse.id}`);
    const mine = await expected('warehouse_id', w.warehouse.id);
    expect(mine.map((r) => r[0])).toEqual([p1(), p1(), p2(), p3()]);
    expect(rows(data)).toEqual(mine);
    expect(data.total).toBe(4);
    const page = sql.filter((s) => /FROM [`"]?stock[`"]?/.test(s) && !/COUNT\(\*\)/.test(s));
    expect(page).toHaveLength(1);
    if (t.dataSource.options.type === 'mysql') expect(page[0]).toContain('USE INDEX (`uniq_stock_stream`)');
    const second = await c.get(`/admin/wms.Stock/index?warehouse_id=${other.warehouse.id}&limit=1`);
    expect(rows(second)).toEqual([[p1(), other.shelf.id, 13]]);
    expect(second.total).toBe(2);
    const byArea = await c.get(`/admin/wms.Stock/index?warehouse_area_id=${w.area.id}&page=2&limit=2`);
    expect(rows(byArea)).toEqual((await expected('warehouse_area_id', w.area.id)).slice(2, 4));
  });

  it('keeps the database free to choose for another order or a shelf filter', async () => {
    const { data, sql } = await traced(`/admin/wms.Stock/index?warehouse_id=${w.warehouse.id}&order=quantity,desc`);
    expect(rows(data).map((r) => r[2])).toEqual([7, 5, 3, 2]);
    expect(sql.some((s) => s.includes('USE INDEX'))).toBe(false);
    const shelf = await traced(`/admin/wms.Stock/index?warehouse_id=${w.warehouse.id}&warehouse_shelf_id=${s2()}`);
    expect(rows(shelf.data)).toEqual([[p1(), s2(), 5]]);
    expect(shelf.sql.some((s) => s.includes('USE INDEX'))).toBe(false);
  });
});
