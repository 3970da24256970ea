import { fromCents, toCents } from '../../../shared/database/money';
import { OrderRuleError } from './order-errors';
import { AUDIT_STATUS } from '../../../../contract/enums';
import { ShelfState, StockChange } from './order-lines';

/** Why stock is adjusted: the only reasons an adjustment line may give. */
export const ADJUSTMENT_REASONS = ['damaged', 'lost', 'found', 'expired', 'correction'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/** One line of an adjustment order: a signed change of one stock stream, with its reason. */
export type { AdjustmentLine } from '../../../../contract/orders';
import type { AdjustmentLine } from '../../../../contract/orders';

/** Lines as entered: at least one, each a whole non-zero quantity with a known reason. */
export function checkAdjustmentLines(lines: Array<Pick<AdjustmentLine, 'quantity' | 'reason'>>): void {
  if (!lines.length) throw new OrderRuleError('no_lines');
  lines.forEach((line, index) => {
    if (!Number.isInteger(line.quantity) || line.quantity === 0) throw new OrderRuleError('adjustment_zero_quantity', { line: index + 1 });
    if (!(ADJUSTMENT_REASONS as readonly string[]).includes(line.reason)) throw new OrderRuleError('adjustment_unknown_reason', { line: index + 1 });
  });
}

/**
 * Audit (0 → 1): every line on an enabled shelf; answers the signed stock changes priced at the product's
 * price, in line order. Whether a stream would go below zero is the ledger's to refuse (the whole audit).
 */
export function auditAdjustment(order: { audit_status: number }, lines: AdjustmentLine[], shelves: ReadonlyMap<number, ShelfState>, priceOf: (productId: number) => string): StockChange[] {
  if (order.audit_status !== AUDIT_STATUS.unaudited) throw new OrderRuleError('already_audited');
  checkAdjustmentLines(lines);
  return lines.map((line, index) => {
    const shelf = shelves.get(line.warehouse_shelf_id);
    if (!shelf) throw new OrderRuleError('line_needs_shelf', { line: index + 1 });
    if (!shelf.enabled) throw new OrderRuleError('shelf_disabled', { line: index + 1, shelf: shelf.name });
    return { productId: line.product_id, shelfId: line.warehouse_shelf_id, quantity: line.quantity, price: priceOf(line.product_id) };
  });
}

/** |quantity| × price, exactly. */
export function adjustmentLineTotal(quantity: number, price: string): string {
  return fromCents(BigInt(Math.abs(quantity)) * toCents(price));
}
