import { AUDIT_STATUS, FULFILMENT_STATUS, PACKAGE_STATUS } from '../../../../contract/enums';
import { OrderRuleError } from './order-errors';

/*
 * Packing, as pure rules over a picked outbound order, its lines and its packages. Quantities are per product:
 * what the order's lines picked of a product may be packed, over all its packages, never more.
 */

/** A package as its commands decide on it. */
export interface PackageState {
  id: number;
  sscc: string;
  outbound_id: number;
  type: number;
  status: number;
  weight: string;
}

/** The part of an order packing decides on. */
export interface PackingOrder {
  audit_status: number;
  fulfilment_status: number;
  outbound_no: string;
}

/** What an order's packages hold: per package, per product. */
export interface PackedLine {
  package_id: number;
  product_id: number;
  quantity: number;
}

/** A package may be opened on an order picked in a wave (fulfilment 3) or packed (4), not shipped. */
export function assertPackable(order: PackingOrder): void {
  if (order.fulfilment_status === FULFILMENT_STATUS.shipped || order.audit_status !== AUDIT_STATUS.unaudited) throw new OrderRuleError('package_order_shipped', { order: order.outbound_no });
  if (order.fulfilment_status !== FULFILMENT_STATUS.picked && order.fulfilment_status !== FULFILMENT_STATUS.packed) throw new OrderRuleError('package_order_not_picked', { order: order.outbound_no });
}

/** Pack and unpack change an open package only. */
export function assertOpen(pack: PackageState): void {
  if (pack.status !== PACKAGE_STATUS.open) throw new OrderRuleError('package_closed', { sscc: pack.sscc });
}

/** Sum of quantities per product. */
export function byProduct(rows: ReadonlyArray<{ product_id: number; quantity: number }>): Map<number, number> {
  const sums = new Map<number, number>();
  for (const row of rows) sums.set(row.product_id, (sums.get(row.product_id) ?? 0) + row.quantity);
  return sums;
}

/**
 * Pack `quantity` of a product into a package: the product must be on the order, and at most what its lines
 * picked less what the order's packages hold of it already.
 */
export function assertPackQuantity(productId: number, productNo: string, quantity: number, picked: ReadonlyMap<number, number>, packed: ReadonlyMap<number, number>, onOrder: boolean): void {
  if (!onOrder) throw new OrderRuleError('package_product_not_on_order', { product: productNo });
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new OrderRuleError('package_quantity_invalid');
  const left = (picked.get(productId) ?? 0) - (packed.get(productId) ?? 0);
  if (quantity > left) throw new OrderRuleError('package_above_picked', { product: productNo, left: Math.max(left, 0) });
}

/** Unpack: at most what the package holds of the product. */
export function assertUnpackQuantity(productNo: string, quantity: number, held: number): void {
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new OrderRuleError('package_quantity_invalid');
  if (held <= 0) throw new OrderRuleError('package_product_not_in_package', { product: productNo });
  if (quantity > held) throw new OrderRuleError('package_above_held', { product: productNo, held });
}

/** Close: a package that holds something; the weight in kg, 0 to 100 000, at most two decimals ('' or absent: not weighed). */
export function closingWeight(pack: PackageState, holds: number, weight: unknown): string {
  if (pack.status !== PACKAGE_STATUS.open) throw new OrderRuleError('package_closed', { sscc: pack.sscc });
  if (holds <= 0) throw new OrderRuleError('package_empty', { sscc: pack.sscc });
  if (weight === undefined || weight === null || weight === '') return '0.00';
  const text = String(weight).trim();
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text) || Number(text) > 100000) throw new OrderRuleError('package_weight_invalid');
  return Number(text).toFixed(2);
}

/**
 * Whether the order is packed (fulfilment 4): it has a package that holds something, every package that holds
 * something is closed, and its packages hold exactly what its lines picked, product by product. An open
 * package that holds nothing does not count (nor is it a carton on the labels); one that holds something
 * keeps the order at picked (3).
 */
export function isPacked(picked: ReadonlyMap<number, number>, packages: ReadonlyArray<Pick<PackageState, 'id' | 'status'>>, lines: readonly PackedLine[]): boolean {
  const holding = new Set(lines.filter((l) => l.quantity > 0).map((l) => l.package_id));
  if (!holding.size) return false;
  if (packages.some((p) => holding.has(p.id) && p.status !== PACKAGE_STATUS.closed)) return false;
  const packed = byProduct(lines);
  const products = new Set([...picked.keys(), ...packed.keys()]);
  return [...products].every((id) => (picked.get(id) ?? 0) === (packed.get(id) ?? 0));
}

/** Ship of an order that has packages (that hold something): only once it is packed. */
export function assertShippable(hasPackages: boolean, fulfilmentStatus: number): void {
  if (hasPackages && fulfilmentStatus !== FULFILMENT_STATUS.packed) throw new OrderRuleError('package_not_all_packed');
}
