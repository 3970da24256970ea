import { fromCents, toCents } from '../../../shared/database/money';
import { OrderRuleError } from './order-errors';
import { AUDIT_STATUS, SHIPMENT_STATUS } from '../../../../contract/enums';
import type { GoodsLine } from '../../../../contract/orders';

export { INBOUND_TYPES, OUTBOUND_TYPES } from '../../../../contract/enums';
export type { GoodsLine } from '../../../../contract/orders';
/** Inbound type 10/20/30 → inventory form type 10/20/30; outbound 10/20/30 → 40/50/60. */
export const inboundFormType = (type: number) => type as 10 | 20 | 30;
export const outboundFormType = (type: number) => (type + 30) as 40 | 50 | 60;

export interface ShelfState {
  id: number;
  name: string;
  enabled: boolean;
}

export interface StockChange {
  productId: number;
  shelfId: number;
  quantity: number;
  price: string;
}

export function lineTotalPrice(line: Pick<GoodsLine, 'actual_quantity' | 'price'>): string {
  return fromCents(BigInt(line.actual_quantity) * toCents(line.price));
}

/**
 * Audit checks shared by inbound and outbound orders: unaudited, at least one line, every
 * line on an enabled shelf with a positive actual quantity and a price ≥ 0. Answers the stock changes,
 * signed by `direction`, in line order.
 */
export function auditGoodsLines(order: { audit_status: number }, lines: GoodsLine[], shelves: ReadonlyMap<number, ShelfState>, direction: 1 | -1): StockChange[] {
  if (order.audit_status !== AUDIT_STATUS.unaudited) throw new OrderRuleError('already_audited');
  if (!lines.length) throw new OrderRuleError('no_lines');
  return lines.map((line, index) => {
    const shelf = shelves.get(line.warehouse_shelf_id);
    if (!shelf) throw new OrderRuleError('line_needs_shelf', { line: index + 1 });
    if (!shelf.enabled) throw new OrderRuleError('shelf_disabled', { line: index + 1, shelf: shelf.name });
    if (!(line.actual_quantity > 0)) throw new OrderRuleError('line_needs_quantity', { line: index + 1 });
    if (toCents(line.price) < 0n) throw new OrderRuleError('line_negative_price', { line: index + 1 });
    return { productId: line.product_id, shelfId: line.warehouse_shelf_id, quantity: direction * line.actual_quantity, price: line.price };
  });
}

/** Created, edited and deleted only while unaudited and (outbound) holding no reservation; audited orders are immutable. */
export function assertEditable(order: { audit_status: number; fulfilment_status?: number }): void {
  if (order.audit_status !== AUDIT_STATUS.unaudited) throw new OrderRuleError('audited_is_immutable');
  if (order.fulfilment_status) throw new OrderRuleError('reserved_is_locked');
}

export interface ShipInput {
  carrier_id: number;
  courier_number: string;
  shipment_time?: number;
}

/** Ship (shipment 0 → 1): only after audit, once, with a carrier and a courier number. */
export function shipOutbound(order: { audit_status: number; shipment_status: number }, input: ShipInput, now: number) {
  if (order.audit_status !== AUDIT_STATUS.audited) throw new OrderRuleError('not_audited_yet');
  if (order.shipment_status === SHIPMENT_STATUS.shipped) throw new OrderRuleError('already_shipped');
  if (!input.carrier_id) throw new OrderRuleError('ship_needs_carrier');
  if (!input.courier_number?.trim()) throw new OrderRuleError('ship_needs_courier_number');
  return { shipment_status: SHIPMENT_STATUS.shipped, carrier_id: input.carrier_id, courier_number: input.courier_number.trim(), shipment_time: input.shipment_time || now };
}
