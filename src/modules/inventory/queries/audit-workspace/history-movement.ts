import type { HistoryMovement } from '../../../../../contract/audit';
import { toMoneyString } from '../../../../shared/database/money';

/** A history row as the auditor's views read it (contract/audit.ts): the movement with the names, place and price of its moment. */
export type { HistoryMovement };

/** Reads the columns every auditor's view shares from a raw `inventory_history` row (either engine's types). */
export function historyMovement(r: Record<string, unknown>): HistoryMovement {
  return {
    id: Number(r.id),
    event_id: Number(r.event_id),
    createtime: Number(r.createtime),
    order_no: String(r.order_no),
    form_type: Number(r.form_type),
    product_id: Number(r.product_id),
    product_no: String(r.product_no ?? ''),
    product_name: String(r.product_name ?? ''),
    spec: String(r.spec ?? ''),
    unit: String(r.unit ?? ''),
    shelf_location: String(r.shelf_location ?? ''),
    lot_no: String(r.lot_no ?? ''),
    quantity: Number(r.quantity),
    price: toMoneyString(r.price ?? 0),
    operator: String(r.operator ?? ''),
  };
}
