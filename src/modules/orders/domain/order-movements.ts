import { AUDIT_STATUS } from '../../../../contract/enums';
import { OrderKind, OrderState } from './order-state';

/** `<product id>@<shelf id>`, then `#<lot>` for a lot other than '' */
export type ShelfKey = string;
export const shelfKey = (productId: number, shelfId: number, lotNo = ''): ShelfKey => `${productId}@${shelfId}${lotNo ? `#${lotNo}` : ''}`;

/**
 * What an order's lines say moved, signed per (product, shelf, lot): an audited inbound order put each line's
 * actual quantity on its shelf, an audited outbound order took it off, an audited adjustment changed each
 * line's stream by its signed quantity, a relocation took each line's actual (moved) quantity off its source
 * and put it on its target — per lot as the line's allocations say (a line without allocations moved lot '';
 * an adjustment line, its own lot). The ledger must hold exactly this under the order.
 */
export function lineMovements<K extends OrderKind>(kind: K, { order, lines }: OrderState<K>): Map<ShelfKey, number> {
  const moved = new Map<ShelfKey, number>();
  const add = (productId: number, shelfId: number, lotNo: string, quantity: number) => {
    const key = shelfKey(productId, shelfId, lotNo);
    moved.set(key, (moved.get(key) ?? 0) + quantity);
  };
  /** The line's quantity split by lot: its allocations, when they add up to it; else all of it in lot ''. */
  const byLot = (line: { actual_quantity: number; allocations?: Array<{ lot_no: string; quantity: number; warehouse_shelf_id?: number }> }) => {
    const allocations = line.allocations ?? [];
    return allocations.length && allocations.reduce((sum, a) => sum + a.quantity, 0) === line.actual_quantity ? allocations : [{ lot_no: '', quantity: line.actual_quantity }];
  };
  for (const line of lines) {
    if ('reason' in line) {
      if (order.audit_status === AUDIT_STATUS.audited) add(line.product_id, line.warehouse_shelf_id, line.lot_no ?? '', line.quantity);
    } else if ('source_warehouse_shelf_id' in line) {
      for (const a of byLot(line)) {
        add(line.product_id, line.source_warehouse_shelf_id, a.lot_no, -a.quantity);
        add(line.product_id, line.target_warehouse_shelf_id, a.lot_no, a.quantity);
      }
    } else if (order.audit_status === AUDIT_STATUS.audited) {
      for (const a of byLot(line)) add(line.product_id, a.warehouse_shelf_id || line.warehouse_shelf_id, a.lot_no, kind === 'outbound' ? -a.quantity : a.quantity);
    }
  }
  for (const [key, quantity] of moved) if (quantity === 0) moved.delete(key);
  return moved;
}
