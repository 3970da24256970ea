import { AppError } from '../../../shared/http/app-error';
import { FORM_TYPE, SHELF_KIND } from '../../../../contract/enums';
import { isExpired } from './lots';

/**
 * Availability: the one place that decides what stock may be promised or taken for an order. Reservations
 * (`planReservations`), the ledger's postings (`planPosting`, first-expiry-first-out included) and the stock
 * list (`available_quantity`) all ask here.
 *
 * - Stock in a blocked lot (`lot_block`: a recall, a quality hold) is never reserved, allocated, picked,
 *   moved or shipped, named or not: a request naming it is refused with a message naming the lot.
 * - Stock on a hold shelf (kind 3) is never reserved, picked or shipped; a relocation may move it out (that
 *   is how goods are released from quarantine).
 * - A blocked lot may still be moved INTO a hold shelf (quarantine), counted and adjusted out (destroyed).
 */

/** Form types that take stock for the flow of goods (customer orders, picks, moves): they respect blocks and holds. */
export const TAKES_AVAILABLE_STOCK: ReadonlySet<number> = new Set([FORM_TYPE.salesOutbound, FORM_TYPE.outsourcedOutbound, FORM_TYPE.transferOutbound, FORM_TYPE.stockMove, FORM_TYPE.pick]);

/** A shelf that offers its stock: a storage shelf (kind 0), enabled and not deleted. */
export function offersStock(shelf: { kind: number; status: number; deleted: boolean } | undefined | null): boolean {
  return !!shelf && shelf.kind === SHELF_KIND.storage && shelf.status === 1 && !shelf.deleted;
}

/** What a stream offers a reservation (and the stock list's `available_quantity`). */
export interface StreamAvailability {
  quantity: number;
  reserved: number;
  /** A storage shelf (kind 0), enabled and not deleted. */
  offers: boolean;
  /** Its (product, lot) is blocked. */
  blocked: boolean;
  expiry_date: string;
}

/**
 * Available = quantity − reserved, on an offering shelf, for a lot that is not blocked, else 0. With `today`,
 * an expired lot offers nothing either (a reservation never takes one); the stock list passes none (it shows
 * what is there).
 */
export function availableOf(stream: StreamAvailability, today: string | null): number {
  if (!stream.offers || stream.blocked) return 0;
  if (today !== null && isExpired(stream.expiry_date, today)) return 0;
  return Math.max(stream.quantity - stream.reserved, 0);
}

/** A request that names a blocked lot: refused, naming product and lot. */
export class LotBlockedError extends AppError {
  constructor(product: string, lotNo: string) {
    super('lots.lot_blocked', { product, lot: lotNo });
  }
}

/** A request that takes stock for an order from a hold shelf: refused, naming product and shelf. */
export class HoldShelfError extends AppError {
  constructor(product: string, shelf: string) {
    super('lots.hold_shelf', { product, shelf });
  }
}

/**
 * Whether a posting request may take stock out of a stream: counts and adjustments always may; the flow of
 * goods never from a hold shelf (a relocation may: the release from quarantine) and never a blocked lot
 * (except a move into a hold shelf).
 */
export function takeRefusal(formType: number, sourceKind: number, targetKind: number | null, blocked: boolean): 'hold' | 'blocked' | null {
  if (!TAKES_AVAILABLE_STOCK.has(formType)) return null;
  if (sourceKind === SHELF_KIND.hold && formType !== FORM_TYPE.stockMove) return 'hold';
  if (blocked && targetKind !== SHELF_KIND.hold) return 'blocked';
  return null;
}
