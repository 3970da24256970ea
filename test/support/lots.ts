import { siteDayOf } from '../../src/shared/time/site-day';
import { Client, Warehouse } from './warehouse';

type Row = Record<string, any>;

/** `YYYY-MM-DD`, `days` from today in Asia/Shanghai (the default site time zone). */
export function dayFromToday(days: number): string {
  const today = siteDayOf('Asia/Shanghai')(Math.floor(Date.now() / 1000));
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A lot-tracked product (shelf life `effectiveDays`). */
export function lotProduct(c: Client, w: Warehouse, productNo: string, effectiveDays = 0): Promise<Row> {
  return c.add('Product', { product_no: productNo, name: `Lot product ${productNo}`, unit_id: w.unit.id, price: '3.00', lot_tracked: 1, effective_day: effectiveDays });
}

export interface LotLine {
  product: Row;
  shelf: Row;
  quantity: number;
  lot_no?: string;
  production_date?: string;
  expiry_date?: string;
}

export const inboundLine = (l: LotLine) => ({
  product_id: l.product.id,
  warehouse_shelf_id: l.shelf.id,
  plan_quantity: l.quantity,
  actual_quantity: l.quantity,
  price: '3.00',
  lot_no: l.lot_no,
  production_date: l.production_date,
  expiry_date: l.expiry_date,
});

/** An audited inbound order of these lines. */
export async function receive(c: Client, w: Warehouse, lines: LotLine[]): Promise<Row> {
  const order = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: lines.map(inboundLine) });
  return c.post('Inbound', 'audit', { id: order.id });
}

export const outboundLine = (product: Row, shelf: Row, quantity: number, lotNo?: string) => ({
  product_id: product.id,
  warehouse_shelf_id: shelf.id,
  plan_quantity: quantity,
  actual_quantity: quantity,
  price: '5.00',
  ...(lotNo === undefined ? {} : { lot_no: lotNo }),
});

/** Stock rows of a product keyed `<shelf name>/<lot>` → quantity (rows at 0 left out). */
export async function lotStock(c: Client, product: Row): Promise<Record<string, number>> {
  const { list } = await c.get(`/admin/wms.Stock/index?product_id=${product.id}&limit=100`);
  return Object.fromEntries(list.map((r: Row) => [`${r.shelf.name}/${r.lot_no}`, r.quantity]));
}
