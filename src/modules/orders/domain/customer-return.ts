import { AUDIT_STATUS, RETURN_DISPOSITION, SHELF_KIND } from '../../../../contract/enums';
import type { Returnable, ReturnLine } from '../../../../contract/orders';
import { OrderRuleError } from './order-errors';

export type { Returnable, ReturnLine } from '../../../../contract/orders';

/** `<product id>:<LOT>`: how shipped and returned quantities are keyed. */
export const returnKeyOf = (productId: number, lotNo: string) => `${productId}:${lotNo.toUpperCase()}`;

/** A shelf as a return line needs it. */
export interface ReturnShelf {
  name: string;
  kind: number;
  enabled: boolean;
}

/** A return is made against an outbound order whose goods left the warehouse (audited, or shipped from staging). */
export function assertReturnableOrder(outbound: { audit_status: number } | null): void {
  if (!outbound) throw new OrderRuleError('return_unknown_outbound');
  if (outbound.audit_status !== AUDIT_STATUS.audited) throw new OrderRuleError('return_not_shipped');
}

/**
 * Lines as entered: at least one; each with a positive quantity and a disposition whose shelf fits it —
 * restock onto an enabled storage shelf, hold onto an enabled hold shelf, scrap onto any enabled shelf (the
 * goods are received there, then adjusted out).
 */
export function checkReturnLines(lines: ReadonlyArray<Pick<ReturnLine, 'quantity' | 'disposition' | 'warehouse_shelf_id'>>, shelves: ReadonlyMap<number, ReturnShelf>): void {
  if (!lines.length) throw new OrderRuleError('no_lines');
  lines.forEach((line, index) => {
    const position = index + 1;
    if (!Number.isInteger(line.quantity) || line.quantity < 1) throw new OrderRuleError('return_bad_quantity', { line: position });
    const shelf = shelves.get(line.warehouse_shelf_id);
    if (!shelf) throw new OrderRuleError('line_needs_shelf', { line: position });
    if (!shelf.enabled) throw new OrderRuleError('shelf_disabled', { line: position, shelf: shelf.name });
    if (line.disposition === RETURN_DISPOSITION.restock && shelf.kind !== SHELF_KIND.storage) throw new OrderRuleError('return_restock_needs_storage', { line: position, shelf: shelf.name });
    if (line.disposition === RETURN_DISPOSITION.hold && shelf.kind !== SHELF_KIND.hold) throw new OrderRuleError('return_hold_needs_hold', { line: position, shelf: shelf.name });
    if (!([RETURN_DISPOSITION.restock, RETURN_DISPOSITION.hold, RETURN_DISPOSITION.scrap] as number[]).includes(line.disposition)) throw new OrderRuleError('return_bad_disposition', { line: position });
  });
}

/**
 * What may still be returned of each (product, lot) the order shipped: shipped − returned by earlier audited
 * returns. `shipped`: what the ledger took out under the order, per key; `returned`: what audited returns
 * took back, per key; `prices`: the price each product was shipped at.
 */
export function returnables(shipped: ReadonlyMap<string, number>, returned: ReadonlyMap<string, number>, prices: ReadonlyMap<number, string>): Returnable[] {
  return [...shipped]
    .filter(([, quantity]) => quantity > 0)
    .map(([key, quantity]) => {
      const [productId, lotNo] = [Number(key.slice(0, key.indexOf(':'))), key.slice(key.indexOf(':') + 1)];
      const back = returned.get(key) ?? 0;
      return { product_id: productId, lot_no: lotNo, shipped: quantity, returned: back, returnable: Math.max(quantity - back, 0), price: prices.get(productId) ?? '0.00' };
    })
    .sort((a, b) => a.product_id - b.product_id || a.lot_no.localeCompare(b.lot_no));
}

/**
 * Every (product, lot) of the lines, summed, at most what may still be returned of it: refused naming the
 * quantity asked and the quantity returnable (and the product and lot).
 */
export function assertWithinReturnable(lines: ReadonlyArray<Pick<ReturnLine, 'product_id' | 'lot_no'> & { quantity: number }>, returnable: readonly Returnable[], productName: (productId: number) => string): void {
  const asked = new Map<string, { productId: number; lotNo: string; quantity: number; first: number }>();
  lines.forEach((line, index) => {
    const key = returnKeyOf(line.product_id, line.lot_no);
    const entry = asked.get(key) ?? { productId: line.product_id, lotNo: line.lot_no.toUpperCase(), quantity: 0, first: index + 1 };
    entry.quantity += line.quantity;
    asked.set(key, entry);
  });
  const left = new Map(returnable.map((r) => [returnKeyOf(r.product_id, r.lot_no), r]));
  for (const [key, entry] of asked) {
    const available = left.get(key);
    if (!available || entry.quantity > available.returnable) {
      throw new OrderRuleError('return_exceeds_shipped', {
        line: entry.first,
        product: productName(entry.productId),
        lot: entry.lotNo || '-',
        requested: entry.quantity,
        returnable: available?.returnable ?? 0,
        shipped: available?.shipped ?? 0,
        returned: available?.returned ?? 0,
      });
    }
  }
}

/** Shelves as return lines need them: name (location), kind, enabled (and not deleted). */
export function returnShelvesOf(shelves: ReadonlyMap<number, { id: number; location: string; kind: number; status: number; deleted: boolean }>): Map<number, ReturnShelf> {
  return new Map([...shelves.values()].map((s) => [s.id, { name: s.location, kind: s.kind, enabled: s.status === 1 && !s.deleted }]));
}

/**
 * A serial-tracked product's returned serials: each one a serial this shipment took out and no audited return
 * of it has brought back (`returnable`: product id → those serials). A serial the order never shipped (or already
 * returned) is refused naming the line, the serial and the order. Lines without serials are left to the ledger
 * (a serial-tracked receipt needs one per unit).
 */
export function assertSerialsReturnable(
  lines: ReadonlyArray<Pick<ReturnLine, 'product_id'> & { serials?: readonly string[] | null }>,
  returnable: ReadonlyMap<number, ReadonlySet<string>>,
  productName: (productId: number) => string,
  orderNo: string,
): void {
  lines.forEach((line, index) => {
    const left = returnable.get(line.product_id);
    for (const serial of line.serials ?? []) {
      if (!left?.has(serial.trim().toUpperCase())) throw new OrderRuleError('return_serial_not_shipped', { line: index + 1, product: productName(line.product_id), serial: serial.trim().toUpperCase(), order: orderNo });
    }
  });
}
