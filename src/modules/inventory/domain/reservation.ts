import { availableOf } from './availability';

/** A stock stream as a reservation sees it, read under its row lock, with where its shelf lies. */
export interface ReservableStream {
  /** The stock row. */
  id: number;
  product_id: number;
  warehouse_shelf_id: number;
  lot_no: string;
  expiry_date: string;
  lot_received_at: number;
  quantity: number;
  reserved: number;
  /** A storage shelf, enabled and not deleted: only these offer stock. */
  offers: boolean;
  /** Its (product, lot) is blocked: it offers nothing. */
  blocked: boolean;
  /** The pick path of its shelf: area code (else name), shelf code (else name). */
  area_path: string;
  shelf_path: string;
}

/** What a line asks to reserve: on its shelf (and lot) when it names one, else anywhere in the warehouse. */
export interface ReservationRequest {
  lineId: number;
  productId: number;
  quantity: number;
  /** 0: any storage shelf of the warehouse. */
  shelfId: number;
  /** '' or undefined: any lot (first-expiry-first-out). */
  lotNo?: string;
}

export interface ReservedPart {
  streamRowId: number;
  warehouse_shelf_id: number;
  lot_no: string;
  quantity: number;
}

export interface LineReservationPlan {
  lineId: number;
  productId: number;
  requested: number;
  parts: ReservedPart[];
  short: number;
}

/** What a stream offers to a reservation: `availableOf` (the one rule), never an expired lot. */
export { availableOf } from './availability';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The order streams are reserved in: first-expiry-first-out (the earliest expiry first, lots without expiry
 * last, then the earliest first receipt), then the pick path (area, then shelf code, numbers inside codes as
 * numbers), then the lot number.
 */
export function reservationOrder(a: ReservableStream, b: ReservableStream): number {
  return (
    Number(a.expiry_date === '') - Number(b.expiry_date === '') ||
    a.expiry_date.localeCompare(b.expiry_date) ||
    a.lot_received_at - b.lot_received_at ||
    collator.compare(a.area_path, b.area_path) ||
    collator.compare(a.shelf_path, b.shelf_path) ||
    a.lot_no.localeCompare(b.lot_no)
  );
}

/**
 * Each line takes what the streams it may draw on offer, in `reservationOrder`, the lines one after the other
 * (two lines of one product share what is available). A line names its shelf (and lot) or draws on every
 * stream given for its product. Answers each line's parts and what it is short of.
 */
export function planReservations(requests: readonly ReservationRequest[], streams: readonly ReservableStream[], today: string): LineReservationPlan[] {
  const left = new Map(streams.map((s) => [s.id, availableOf(s, today)]));
  const sorted = [...streams].sort(reservationOrder);
  return requests.map((request) => {
    const lot = request.lotNo ?? '';
    const candidates = sorted.filter((s) => s.product_id === request.productId && (!request.shelfId || s.warehouse_shelf_id === request.shelfId) && (!lot || s.lot_no.toUpperCase() === lot.toUpperCase()));
    const parts: ReservedPart[] = [];
    let wanted = request.quantity;
    for (const stream of candidates) {
      if (wanted <= 0) break;
      const take = Math.min(wanted, left.get(stream.id) ?? 0);
      if (take <= 0) continue;
      left.set(stream.id, left.get(stream.id)! - take);
      parts.push({ streamRowId: stream.id, warehouse_shelf_id: stream.warehouse_shelf_id, lot_no: stream.lot_no, quantity: take });
      wanted -= take;
    }
    return { lineId: request.lineId, productId: request.productId, requested: request.quantity, parts, short: wanted };
  });
}
