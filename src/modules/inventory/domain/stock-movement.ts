import { AppError } from '../../../shared/http/app-error';

/** Inventory form types (`form_type` of the ledger and the history): contract/enums.ts. */
export { ALL_FORM_TYPES, FORM_TYPE as FormType, INBOUND_FORM_TYPES, OUTBOUND_FORM_TYPES } from '../../../../contract/enums';
export type { FormTypeValue } from '../../../../contract/enums';
import type { FormTypeValue } from '../../../../contract/enums';

/**
 * Persisted event types: stable, versioned strings, never class names. Version 2 payloads name their lot
 * (`lot_no`, `production_date`, `expiry_date`, `lot_received_at`); version 1 events, written before lots
 * existed, stay as they are and are read as lot '' (see `lotOfPayload`).
 */
export const StockEventType = {
  received: 'inventory.stock-received.v2',
  issued: 'inventory.stock-issued.v2',
  movedOut: 'inventory.stock-moved-out.v2',
  movedIn: 'inventory.stock-moved-in.v2',
  /** A count's variance (form type 80 gain, 90 loss), signed. */
  counted: 'inventory.stock-counted.v2',
  /** An adjustment order's line (form type 100 in, 110 out), signed. */
  adjusted: 'inventory.stock-adjusted.v2',
} as const;
export type StockEventTypeValue = (typeof StockEventType)[keyof typeof StockEventType];

/** What a stream knows of its lot: fixed by the lot's first receipt ('' and 0 for lot ''). */
export interface LotFacts {
  lot_no: string;
  /** `YYYY-MM-DD`, '' when not known. */
  production_date: string;
  /** `YYYY-MM-DD`, '' when the lot does not expire. */
  expiry_date: string;
  /** Unix time of the lot's first receipt (first-expiry-first-out breaks ties by it). */
  lot_received_at: number;
}

export const NO_LOT: LotFacts = { lot_no: '', production_date: '', expiry_date: '', lot_received_at: 0 };

/** The lot an event's payload names: version 1 payloads (no lot fields) are lot ''. */
export function lotOfPayload(payload: Partial<LotFacts>): LotFacts {
  return {
    lot_no: payload.lot_no ?? '',
    production_date: payload.production_date ?? '',
    expiry_date: payload.expiry_date ?? '',
    lot_received_at: Number(payload.lot_received_at ?? 0),
  };
}

/** What an auditor needs to read an event years later, whatever happened to the catalogue since. */
export interface StockSnapshot {
  product_id: number;
  product_name: string;
  product_no: string;
  spec: string;
  unit: string;
  warehouse_id: number;
  warehouse_name: string;
  warehouse_area_id: number;
  area_name: string;
  warehouse_shelf_id: number;
  shelf_name: string;
  shelf_serial_no: string;
}

/** The unit a quantity was entered in: its name and factor (base units in one) at the time. */
export interface EnteredUnitFacts {
  name: string;
  factor: number;
}

export interface StockMovement {
  type: StockEventTypeValue;
  formType: FormTypeValue;
  /** Signed change: positive into the shelf, negative out of it. */
  quantity: number;
  /** Unit price, exact, two decimals. */
  price: string;
  snapshot: StockSnapshot;
  lot: LotFacts;
  /** Entered in a unit of the product other than its own (absent: its own unit, factor 1). */
  unit?: EnteredUnitFacts;
  /** The serials of the units moved (serial-tracked products only). */
  serials?: readonly string[];
}

export interface StreamState {
  quantity: number;
  version: number;
}

/** A movement placed in its stream: its version and the stream's balance right after it. */
export interface PlacedMovement extends StockMovement {
  streamId: string;
  version: number;
  balance: number;
}

/**
 * A stock stream per (product, shelf, lot). Lot '' keeps the id streams had before lots existed, so the
 * events already in the ledger stay in their streams. Lot numbers are at most 32 characters (the id fits 64).
 */
export const streamIdOf = (productId: number, shelfId: number, lotNo = '') => (lotNo ? `stock-${productId}-${shelfId}-${lotNo}` : `stock-${productId}-${shelfId}`);

export class InsufficientStockError extends AppError {
  constructor(snapshot: StockSnapshot, available: number, requested: number, lotNo = '') {
    super(lotNo ? 'lots.insufficient_lot_stock' : 'inventory.insufficient_stock', {
      product: `${snapshot.product_name} (${snapshot.product_no})`,
      shelf: shelfLocation(snapshot),
      lot: lotNo,
      available,
      requested,
    });
  }
}

export function shelfLocation(s: Pick<StockSnapshot, 'warehouse_name' | 'area_name' | 'shelf_name'>): string {
  return [s.warehouse_name, s.area_name, s.shelf_name].filter(Boolean).join(' / ');
}

/** The one fold of a stock stream, used by the live ledger and by the rebuild: the state after a change. */
export function nextStreamState(state: StreamState, quantity: number): StreamState {
  return { quantity: state.quantity + quantity, version: state.version + 1 };
}

/**
 * Places movements in their streams, in the order given: each gets the next version of its stream and the
 * balance after it. A stream may never go below zero at any step; the first that would is refused whole.
 */
export function placeMovements(movements: StockMovement[], current: ReadonlyMap<string, StreamState>): { placed: PlacedMovement[]; after: Map<string, StreamState> } {
  const after = new Map<string, StreamState>();
  const placed = movements.map((movement) => {
    if (!Number.isInteger(movement.quantity) || movement.quantity === 0) throw new Error(`a movement must change stock by a whole, non-zero quantity`);
    const streamId = streamIdOf(movement.snapshot.product_id, movement.snapshot.warehouse_shelf_id, movement.lot.lot_no);
    const state = after.get(streamId) ?? current.get(streamId) ?? { quantity: 0, version: 0 };
    const next = nextStreamState(state, movement.quantity);
    const balance = next.quantity;
    if (balance < 0) throw new InsufficientStockError(movement.snapshot, state.quantity, -movement.quantity, movement.lot.lot_no);
    after.set(streamId, next);
    return { ...movement, streamId, version: next.version, balance };
  });
  return { placed, after };
}
