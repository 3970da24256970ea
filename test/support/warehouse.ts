import { TestApp } from '../setup/create-test-app';
import { as, Requester, Session } from './api';

type Row = Record<string, any>;

/** Requests as an admin that fail the test unless they succeed; answer `data`. */
export function client(t: TestApp, session: Session) {
  return clientOf(as(t, session));
}

/** The same over any requester (`asAt` for a server process). */
export function clientOf(req: Requester) {
  const ok = async (res: { body: { code: number; data: any } }, what: string) => {
    if (res.body.code !== 1) throw new Error(`${what} failed: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  return {
    raw: req,
    add: (controller: string, body: object): Promise<Row> => req.post(`/admin/wms.${controller}/add`, body).then((r) => ok(r, `add ${controller}`)),
    post: (controller: string, action: string, body: object): Promise<Row> => req.post(`/admin/wms.${controller}/${action}`, body).then((r) => ok(r, `${action} ${controller}`)),
    get: (url: string): Promise<Row> => req.get(url).then((r) => ok(r, `GET ${url}`)),
  };
}

export type Client = ReturnType<typeof client>;

/** A small warehouse: one area, shelves S1–S3 (S3 disabled), products P1–P3, a supplier, a customer and a carrier. */
export async function smallWarehouse(c: Client) {
  const warehouse = await c.add('Warehouse', { name: 'Main', serial_no: 'WH1' });
  const area = await c.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'Area A', serial_no: 'A' });
  const shelf = (n: number, status = 1) => c.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `S${n}`, serial_no: `S${n}`, status });
  const shelves = [await shelf(1), await shelf(2), await shelf(3, 0)];
  const unit = await c.add('Unit', { name: 'pcs' });
  const product = (n: number, price: string) => c.add('Product', { product_no: `P${n}`, name: `Product ${n}`, unit_id: unit.id, price, spec: `${n}kg`, safety_stock_num: 5 });
  const products = [await product(1, '2.50'), await product(2, '10.00'), await product(3, '0.10')];
  const supplier = await c.add('Supplier', { name: 'Acme Supply' });
  const customer = await c.add('Customer', { name: 'Big Shop' });
  const carrier = await c.add('Carrier', { name: 'SF Express' });
  return { warehouse, area, shelves, unit, products, supplier, customer, carrier };
}

export type Warehouse = Awaited<ReturnType<typeof smallWarehouse>>;

/** Creates and audits an inbound order putting `quantity` of each (product, shelf) pair on stock. */
export async function stockUp(c: Client, w: Warehouse, lines: Array<{ product: number; shelf: number; quantity: number; price?: string }>): Promise<Row> {
  const order = await c.add('Inbound', {
    supplier_id: w.supplier.id,
    type: 10,
    lines: lines.map((l) => ({ product_id: w.products[l.product].id, warehouse_shelf_id: w.shelves[l.shelf].id, plan_quantity: l.quantity, actual_quantity: l.quantity, price: l.price ?? '1.00' })),
  });
  return c.post('Inbound', 'audit', { id: order.id });
}

/** Stock rows keyed `P<n>@S<n>` by product_no and shelf name. */
export async function stockOf(t: Pick<TestApp, 'dataSource'>): Promise<Record<string, number>> {
  const rows = await t.dataSource.query(
    'SELECT p.product_no AS p, s.name AS s, st.quantity AS q FROM stock st JOIN product p ON p.id = st.product_id JOIN warehouse_shelf s ON s.id = st.warehouse_shelf_id',
  );
  return Object.fromEntries(rows.map((r: Row) => [`${r.p}@${r.s}`, Number(r.q)]));
}
