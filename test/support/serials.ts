import { Client, Warehouse } from './warehouse';

type Row = Record<string, any>;

/** Receives these serials of a product onto a shelf: one inbound order, audited. */
export async function receiveSerials(c: Client, w: Warehouse, productId: number, serials: string[], shelfId: number): Promise<void> {
  const order = await c.add('Inbound', {
    supplier_id: w.supplier.id,
    type: 10,
    lines: [{ product_id: productId, warehouse_shelf_id: shelfId, plan_quantity: serials.length, actual_quantity: serials.length, price: '3.00', serials }],
  });
  await c.post('Inbound', 'audit', { id: order.id });
}

/** A serial's row of `wms.Serial/index` (where it is, its movements), or undefined. */
export async function serialRow(c: Client, productId: number, serialNo: string): Promise<Row | undefined> {
  return (await c.get(`/admin/wms.Serial/index?product_id=${productId}&serial_no=${encodeURIComponent(serialNo)}`)).list[0];
}

/** A serial's movements as [order type, form type, direction, shelf], oldest first. */
export async function serialHistory(c: Client, productId: number, serialNo: string): Promise<unknown[][]> {
  return ((await serialRow(c, productId, serialNo))?.movements ?? []).map((m: Row) => [m.order_type, m.form_type, m.direction, m.shelf_location]);
}
