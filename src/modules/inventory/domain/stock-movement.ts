import { AppError } from '../../../shared/http/app-error';

/** Inventory form types (`form_type` of the ledger and the history): contract/enums.ts. */
export { ALL_FORM_TYPES, FORM_TYPE as FormType, INBOUND_FORM_TYPES, OUTBOUND_FORM_TYPES } from '../../../../contract/enums';
export type { FormTypeValue } from '../../../../contract/enums';
import type { FormTypeValue } from '../../../../contract/enums';

/** Persisted event types: stable, versioned strings, never class names. */
export const StockEventType = {
  received: 'inventory.stock-received.v1',
  issued: 'inventory.stock-issued.v1',
  movedOut: 'inventory.stock-moved-out.v1',
  movedIn: 'inventory.stock-moved-in.v1',
  /** A count's variance (form type 80 gain, 90 loss), signed. */
  counted: 'inventory.stock-counted.v1',
  /** An adjustment order's line (form type 100 in, 110 out), signed. */
  adjusted: 'inventory.stock-adjusted.v1',
} as const;
export type StockEventTypeValue = (typeof StockEventType)[keyof typeof StockEventType];

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

export interface StockMovement {
  type: StockEventTypeValue;
  formType: FormTypeValue;
  /** Signed change: positive into the shelf, negative out of it. */
  quantity: number;
  /** Unit price, exact, two decimals. */
  price: string;
  snapshot: StockSnapshot;
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

export const streamIdOf = (productId: number, shelfId: number) => `stock-${productId}-${shelfId}`;

export class InsufficientStockError extends AppError {
  constructor(snapshot: StockSnapshot, available: number, requested: number) {
    super('inventory.insufficient_stock', {
      product: `${snapshot.product_name} (${snapshot.product_no})`,
      shelf: shelfLocation(snapshot),
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
    const streamId = streamIdOf(movement.snapshot.product_id, movement.snapshot.warehouse_shelf_id);
    const state = after.get(streamId) ?? current.get(streamId) ?? { quantity: 0, version: 0 };
    const next = nextStreamState(state, movement.quantity);
    const balance = next.quantity;
    if (balance < 0) throw new InsufficientStockError(movement.snapshot, state.quantity, -movement.quantity);
    after.set(streamId, next);
    return { ...movement, streamId, version: next.version, balance };
  });
  return { placed, after };
}
