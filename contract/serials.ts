/**
 * Serial numbers: a serial-tracked product's lines carry `serials`, one per unit moved. A serial
 * is any text of 1 to SERIAL_NO_MAX_LENGTH characters after trimming (no control characters), kept and compared
 * upper-case as lot numbers are (both engines then agree on what is the same serial); within a product it
 * names one unit for ever. The same rules serve the server (order lines, the ledger) and the web app (the
 * scanner flags a duplicate the moment it is scanned).
 */
export const SERIAL_NO_MAX_LENGTH = 64;

/** Serials one line may carry (an inbound audit of 10,000 serials is one line or several). */
export const MAX_SERIALS_PER_LINE = 10_000;

/** Why a list of serials is refused: an empty one, one too long (or with control characters), one twice. */
export type SerialProblem = { kind: 'empty' } | { kind: 'too_long'; serial: string } | { kind: 'duplicate'; serial: string };

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** One serial trimmed and upper-cased, or null when it is not one (empty, too long, control characters). */
export function normalizeSerial(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const serial = String(value).trim().toUpperCase();
  if (!serial || serial.length > SERIAL_NO_MAX_LENGTH || CONTROL.test(serial)) return null;
  return serial;
}

/** The serials trimmed, in the order given, or the first problem. */
export function normalizeSerials(values: readonly unknown[]): { serials: string[] } | { problem: SerialProblem } {
  const seen = new Set<string>();
  const serials: string[] = [];
  for (const value of values) {
    const serial = normalizeSerial(value);
    if (serial === null) {
      const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
      return { problem: text ? { kind: 'too_long', serial: text.slice(0, SERIAL_NO_MAX_LENGTH) } : { kind: 'empty' } };
    }
    if (seen.has(serial)) return { problem: { kind: 'duplicate', serial } };
    seen.add(serial);
    serials.push(serial);
  }
  return { serials };
}

/** One movement of a serial: the ledger event that moved it, its order and shelf. */
export interface SerialMovement {
  event_id: number;
  order_type: string;
  order_id: number;
  order_no: string;
  form_type: number;
  /** +1 into the shelf, −1 out of it. */
  direction: number;
  warehouse_shelf_id: number;
  shelf_location: string;
  lot_no: string;
  operator: string;
  createtime: number;
}

/** `wms.Serial/index`: where a serial is (its last shelf; `in_stock` 0 once it left) and how it got there. */
export interface SerialView {
  id: number;
  product_id: number;
  serial_no: string;
  warehouse_id: number;
  warehouse_shelf_id: number;
  lot_no: string;
  /** 1: on `warehouse_shelf_id` now; 0: it left the warehouse (shipped, adjusted out, counted missing). */
  in_stock: number;
  last_event_id: number;
  updatetime: number | null;
  product: { name: string; product_no: string } | null;
  shelf_location: string;
  movements: SerialMovement[];
}
