import { CommandBus } from '@nestjs/cqrs';
import { PostStocktakeCommand } from '../../src/modules/orders/commands/post-stocktake/post-stocktake.command';
import { QueryCounter } from '../../src/shared/database/query-counter';
import { TestApp } from '../setup/create-test-app';
import { adminSpec } from '../support/admin-spec';
import { ledgerViolations } from '../support/ledger';
import { Client, smallWarehouse, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

/**
 * Posting a count is batched: the statements it sends grow with the batches, not with the lines (the
 * 50,000-line count of `npm run bench:directed` rests on it).
 */
describe('statements sent by a count post', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  const productIds: number[] = [];
  adminSpec({ warehouse: smallWarehouse, reset: 'once', ready: (fixture) => ({ t, c, w } = fixture) });
  beforeAll(async () => {
    const values = Array.from({ length: 100 }, (_, i) => `('BULK${i}', 'Bulk product ${i}', ${w.unit.id}, '1.50', 10, 0, 0)`).join(', ');
    await t.dataSource.query(`INSERT INTO product (product_no, name, unit_id, price, status, weigh, total_stock_num) VALUES ${values}`);
    productIds.push(...(await t.dataSource.query("SELECT id FROM product WHERE product_no LIKE 'BULK%' ORDER BY id")).map((r: { id: number }) => Number(r.id)));
  }, 120000);

  /** A warehouse of `shelves` shelves holding every bulk product on each (`shelves` × 100 streams, counted whole). */
  async function statementsToPost(name: string, shelves: number, products = 100): Promise<number> {
    const warehouse = await c.add('Warehouse', { name, serial_no: name });
    const area = await c.add('WarehouseArea', { warehouse_id: warehouse.id, name: `${name} A`, serial_no: 'A' });
    const shelfIds: number[] = [];
    for (let i = 0; i < shelves; i++) shelfIds.push((await c.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `${name} ${i}`, serial_no: `S${i}` })).id);
    const lines = shelfIds.flatMap((shelf) => productIds.slice(0, products).map((product) => ({ product_id: product, warehouse_shelf_id: shelf, plan_quantity: 5, actual_quantity: 5, price: '1.50' })));
    const inbound = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines });
    await c.post('Inbound', 'audit', { id: inbound.id });
    const count = await c.add('Stocktake', { warehouse_id: warehouse.id });
    const started = await c.post('Stocktake', 'start', { id: count.id });
    expect(started.lines).toHaveLength(lines.length);
    // one in three found short by one, one in three one over, the rest as booked
    await c.post('Stocktake', 'count', { id: count.id, lines: started.lines.map((l: Row, i: number) => ({ id: l.id, counted_quantity: 5 + ((i % 3) - 1) })) });
    await new Promise((resolve) => setTimeout(resolve, 200)); // the admin log of the count lands first
    const admin = { id: 1, username: 'admin', nickname: 'Admin', isSuper: true, nodes: new Set<string>(), tokenId: '' };
    const { result, queries } = await QueryCounter.measureOwn(() => t.app.get(CommandBus).execute(new PostStocktakeCommand(count.id, { admin })));
    expect(result.status).toBe(2);
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM inventory_history WHERE order_no = ?', [count.stocktake_no]);
    expect(Number(n)).toBe(Math.round((lines.length * 2) / 3));
    return queries;
  }

  it('posts 1,000 lines with about the statements of 10', async () => {
    const ten = await statementsToPost('Small', 1, 10);
    const thousand = await statementsToPost('Large', 10);
    // each batched step sends at most a statement per 200–500 rows: 1,000 lines add a few batches, never one per line
    expect(thousand).toBeLessThanOrEqual(ten + 25);
    expect(thousand).toBeLessThan(80);
    expect(await ledgerViolations(t)).toEqual([]);
  });
});
