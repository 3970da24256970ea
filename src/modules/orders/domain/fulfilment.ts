import { AUDIT_STATUS, FULFILMENT_STATUS } from '../../../../contract/enums';
import type { GoodsLine, LineAllocation, OutboundOrder, StoredGoodsLine } from '../../../../contract/orders';
import { toCents } from '../../../shared/database/money';
import { OrderRuleError } from './order-errors';

/** What a line asks the stock to reserve (the inventory's reservation request). */
export interface LineReservationRequest {
  lineId: number;
  productId: number;
  quantity: number;
  /** 0: any storage shelf of the order's warehouse. */
  shelfId: number;
  lotNo?: string;
}

/** A reservation a line holds, as the inventory keeps it. */
export interface HeldReservation {
  line_id: number;
  product_id: number;
  warehouse_shelf_id: number;
  lot_no: string;
  quantity: number;
}

/**
 * Reserve (fulfilment 0 → 1): an unaudited order that holds nothing yet, with lines; each line reserves its
 * actual quantity on its shelf (and lot), or anywhere in the order's warehouse when it names no shelf.
 */
export function reservationRequests(order: Pick<OutboundOrder, 'audit_status' | 'fulfilment_status' | 'warehouse_id'>, lines: ReadonlyArray<StoredGoodsLine>): LineReservationRequest[] {
  if (order.audit_status !== AUDIT_STATUS.unaudited) throw new OrderRuleError('already_audited');
  if (order.fulfilment_status !== FULFILMENT_STATUS.none) throw new OrderRuleError('already_reserved');
  if (!lines.length) throw new OrderRuleError('no_lines');
  return lines.map((line, index) => {
    if (!(line.actual_quantity > 0)) throw new OrderRuleError('line_needs_quantity', { line: index + 1 });
    if (!line.warehouse_shelf_id && !order.warehouse_id) throw new OrderRuleError('line_needs_shelf_or_warehouse', { line: index + 1 });
    return { lineId: line.id, productId: line.product_id, quantity: line.actual_quantity, shelfId: line.warehouse_shelf_id, lotNo: line.lot_no || undefined };
  });
}

/** Unreserve (fulfilment 1 → 0): only a reserved, unaudited order that is not in a wave. */
export function assertUnreservable(order: Pick<OutboundOrder, 'audit_status' | 'fulfilment_status'>): void {
  if (order.audit_status !== AUDIT_STATUS.unaudited) throw new OrderRuleError('already_audited');
  if (order.fulfilment_status === FULFILMENT_STATUS.none) throw new OrderRuleError('not_reserved');
  if (order.fulfilment_status !== FULFILMENT_STATUS.reserved) throw new OrderRuleError('in_wave');
}

/** One issue of a reserved order's audit: a line's quantity taken from one reserved stream. */
export interface ReservedIssue {
  lineIndex: number;
  productId: number;
  shelfId: number;
  lotNo: string;
  quantity: number;
  price: string;
}

/**
 * The classic audit of a reserved order consumes exactly its reservations: every line must hold all of its
 * actual quantity (a partial reservation is refused: reserve the rest or unreserve), at a price ≥ 0. Answers
 * the issues in line order, and each line's allocations (lot and shelf).
 */
export function reservedIssues(lines: ReadonlyArray<GoodsLine & { id: number }>, held: readonly HeldReservation[]): { issues: ReservedIssue[]; allocations: LineAllocation[][] } {
  if (!lines.length) throw new OrderRuleError('no_lines');
  const issues: ReservedIssue[] = [];
  const allocations = lines.map((line, index) => {
    const parts = held.filter((r) => r.line_id === line.id);
    const total = parts.reduce((sum, r) => sum + r.quantity, 0);
    if (!(line.actual_quantity > 0)) throw new OrderRuleError('line_needs_quantity', { line: index + 1 });
    if (toCents(line.price) < 0n) throw new OrderRuleError('line_negative_price', { line: index + 1 });
    if (total !== line.actual_quantity) throw new OrderRuleError('reservation_incomplete', { line: index + 1, reserved: total, needed: line.actual_quantity });
    for (const r of parts) issues.push({ lineIndex: index, productId: line.product_id, shelfId: r.warehouse_shelf_id, lotNo: r.lot_no, quantity: r.quantity, price: line.price });
    return parts.map((r) => ({ lot_no: r.lot_no, quantity: r.quantity, warehouse_shelf_id: r.warehouse_shelf_id }));
  });
  return { issues, allocations };
}
