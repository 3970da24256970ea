import { AppError } from '../../../shared/http/app-error';
import { normalizedSerials } from '../../inventory';

/**
 * Serials on order lines (§14): a serial-tracked product's line carries one serial per unit. On add and edit a
 * line's serials are trimmed (and upper-cased), bounded and distinct, and — when given — exactly as many as
 * its quantity; they may be left empty until the goods are scanned (the ledger refuses any movement of a
 * serial-tracked product without them). A product without serials takes none.
 */
export function lineSerials(given: readonly string[], product: { name: string; product_no: string; serial_tracked: boolean }, quantity: number, line: number): string[] {
  const label = `${product.name} (${product.product_no})`;
  if (!given.length) return [];
  if (!product.serial_tracked) throw new AppError('serials.not_tracked', { product: label });
  const serials = normalizedSerials(given, label, line);
  if (serials.length !== Math.abs(quantity)) throw new AppError('serials.line_count_mismatch', { line, product: label, quantity: Math.abs(quantity), count: serials.length });
  return serials;
}

/** The units a line's serials count: an inbound or outbound line's actual quantity, an adjustment's or return's |quantity|. */
export function serialQuantityOf(line: object): number {
  const l = line as { actual_quantity?: number; quantity?: number };
  return Math.abs(Number(l.actual_quantity ?? l.quantity ?? 0));
}
