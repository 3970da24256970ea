import type { InventoryHistoryRow } from '../../../../contract/stock';
import { fromCents, toCents } from '../../../shared/database/money';
import { INBOUND_FORM_TYPES, LotFacts, lotOfPayload, OUTBOUND_FORM_TYPES, shelfLocation, StockSnapshot } from './stock-movement';

/** The payload every stock event carries (the lot fields since version 2; absent means lot ''). */
export interface StockEventPayload extends StockSnapshot, Partial<LotFacts> {
  /** The unit the quantity was entered in and its factor (present only when not the product's own unit; hash-chained with the rest). */
  unit_name?: string;
  factor?: number;
  quantity: number;
  price: string;
  total_price: string;
  form_type: number;
  balance: number;
  /** The serials of the units moved (serial-tracked products only; absent otherwise). */
  serials?: string[];
}

export interface StockEventMetadata {
  order_type: 'inbound' | 'outbound' | 'relocation' | 'stocktake' | 'adjustment' | 'wave' | 'task' | 'return';
  order_id: number;
  order_no: string;
  admin_id: number;
  operator: string;
  command_id: string;
}

export interface StoredStockEvent {
  id: number;
  stream_id: string;
  stream_version: number;
  type: string;
  payload: StockEventPayload;
  metadata: StockEventMetadata;
  occurred_at: number;
}

/** total = |quantity| × price, exactly. */
export function lineTotal(quantity: number, price: string): string {
  return fromCents(BigInt(Math.abs(quantity)) * toCents(price));
}

/** The inventory-history row of one event (live and rebuilt alike). */
export function historyRowOf(event: StoredStockEvent): InventoryHistoryRow {
  const p = event.payload;
  const lot = lotOfPayload(p);
  return {
    event_id: event.id,
    order_no: event.metadata.order_no,
    order_type: event.metadata.order_type,
    order_id: event.metadata.order_id,
    admin_id: event.metadata.admin_id,
    operator: event.metadata.operator,
    form_type: p.form_type,
    quantity: p.quantity,
    price: p.price,
    total_price: p.quantity < 0 ? `-${p.total_price}` : p.total_price,
    balance: p.balance,
    product_id: p.product_id,
    product_name: p.product_name,
    product_no: p.product_no,
    unit: p.unit,
    unit_name: p.unit_name ?? p.unit,
    factor: p.factor ?? 1,
    spec: p.spec,
    warehouse_id: p.warehouse_id,
    warehouse_area_id: p.warehouse_area_id,
    warehouse_shelf_id: p.warehouse_shelf_id,
    shelf_location: shelfLocation(p),
    lot_no: lot.lot_no,
    expiry_date: lot.expiry_date,
    createtime: event.occurred_at,
  };
}

export interface DailyStatDelta {
  day: string;
  form_type: number;
  quantity: number;
  amount: string;
}

/**
 * What events add to the daily statistics the dashboard reads: inbound and outbound quantities and
 * amounts (positive numbers) by day in the site time zone. Moves between shelves are neither.
 */
export function dailyStatDeltas(events: StoredStockEvent[], dayOf: (unixSeconds: number) => string): DailyStatDelta[] {
  const sums = new Map<string, { day: string; form_type: number; quantity: number; cents: bigint }>();
  for (const event of events) {
    const formType = event.payload.form_type;
    if (!INBOUND_FORM_TYPES.includes(formType) && !OUTBOUND_FORM_TYPES.includes(formType)) continue;
    const day = dayOf(event.occurred_at);
    const key = `${day}|${formType}`;
    const sum = sums.get(key) ?? { day, form_type: formType, quantity: 0, cents: 0n };
    sum.quantity += Math.abs(event.payload.quantity);
    sum.cents += toCents(event.payload.total_price);
    sums.set(key, sum);
  }
  return [...sums.values()].map(({ cents, ...rest }) => ({ ...rest, amount: fromCents(cents) }));
}

export interface MonthlyStatDelta {
  month: string;
  form_type: number;
  quantity: number;
  amount: string;
}

/** The daily deltas summed by month (`YYYY-MM` of the site day): what events add to the monthly statistics. */
export function monthlyStatDeltas(daily: readonly DailyStatDelta[]): MonthlyStatDelta[] {
  const sums = new Map<string, { month: string; form_type: number; quantity: number; cents: bigint }>();
  for (const delta of daily) {
    const month = delta.day.slice(0, 7);
    const key = `${month}|${delta.form_type}`;
    const sum = sums.get(key) ?? { month, form_type: delta.form_type, quantity: 0, cents: 0n };
    sum.quantity += delta.quantity;
    sum.cents += toCents(delta.amount);
    sums.set(key, sum);
  }
  return [...sums.values()].map(({ cents, ...rest }) => ({ ...rest, amount: fromCents(cents) }));
}

export interface LotQuantityDelta {
  product_id: number;
  lot_no: string;
  quantity: number;
}

/**
 * What stream writes add to their lots' stock (`stock_lot.quantity`, over every shelf): the change of each
 * stream of a named lot (lot '' is no lot), summed per (product, lot), in (product, lot) order — the order
 * the lots' rows are locked in. Streams whose quantity did not change are left out.
 */
export function lotQuantityDeltas(changes: ReadonlyArray<{ product_id: number; lot_no: string; before: number; after: number }>): LotQuantityDelta[] {
  const sums = new Map<string, LotQuantityDelta>();
  for (const change of changes) {
    if (!change.lot_no || change.after === change.before) continue;
    const key = `${change.product_id}:${change.lot_no}`;
    const sum = sums.get(key) ?? { product_id: change.product_id, lot_no: change.lot_no, quantity: 0 };
    sum.quantity += change.after - change.before;
    sums.set(key, sum);
  }
  return [...sums.values()].filter((d) => d.quantity !== 0).sort((a, b) => a.product_id - b.product_id || a.lot_no.localeCompare(b.lot_no));
}
