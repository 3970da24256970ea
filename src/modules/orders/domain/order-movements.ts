import { AUDIT_STATUS } from '../../../../contract/enums';
import { OrderKind, OrderState } from './order-state';

/** `<product id>@<shelf id>` */
export type ShelfKey = string;
export const shelfKey = (productId: number, shelfId: number): ShelfKey => `${productId}@${shelfId}`;

/**
 * What an order's lines say moved, signed per (product, shelf): an audited inbound order put each line's
 * actual quantity on its shelf, an audited outbound order took it off, an audited adjustment changed each line's stream by its signed
 * quantity, a relocation took each line's actual
 * (moved) quantity off its source and put it on its target. The ledger must hold exactly this under the order.
 */
export function lineMovements<K extends OrderKind>(kind: K, { order, lines }: OrderState<K>): Map<ShelfKey, number> {
  const moved = new Map<ShelfKey, number>();
  const add = (productId: number, shelfId: number, quantity: number) => {
    const key = shelfKey(productId, shelfId);
    moved.set(key, (moved.get(key) ?? 0) + quantity);
  };
  for (const line of lines) {
    if ('reason' in line) {
      if (order.audit_status === AUDIT_STATUS.audited) add(line.product_id, line.warehouse_shelf_id, line.quantity);
    } else if ('source_warehouse_shelf_id' in line) {
      add(line.product_id, line.source_warehouse_shelf_id, -line.actual_quantity);
      add(line.product_id, line.target_warehouse_shelf_id, line.actual_quantity);
    } else if (order.audit_status === AUDIT_STATUS.audited) {
      add(line.product_id, line.warehouse_shelf_id, kind === 'outbound' ? -line.actual_quantity : line.actual_quantity);
    }
  }
  for (const [key, quantity] of moved) if (quantity === 0) moved.delete(key);
  return moved;
}
