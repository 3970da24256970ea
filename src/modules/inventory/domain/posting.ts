import { AppError } from '../../../shared/http/app-error';
import { HoldShelfError, LotBlockedError, takeRefusal } from './availability';
import { Allocation, allocateFefo, InsufficientUnexpiredStockError, LOT_NO_MAX_LENGTH, normalizeLotNo } from './lots';
import { EnteredUnitFacts, FormTypeValue, InsufficientStockError, LotFacts, NO_LOT, PlacedMovement, placeMovements, shelfLocation, StockEventTypeValue, StockMovement, StockSnapshot, StreamState, streamIdOf } from './stock-movement';

/** One movement a command asks the ledger for. */
export interface MovementRequest {
  type: StockEventTypeValue;
  formType: FormTypeValue;
  productId: number;
  shelfId: number;
  /** Signed: positive into the shelf, negative out of it. */
  quantity: number;
  price: string;
  /**
   * The lot. Into a shelf: the lot received ('' or omitted: lot ''). Out of a shelf: the lot named (exactly
   * that stream, expired or not), or omitted to allocate first-expiry-first-out over the shelf's lots of
   * the product, never from an expired lot.
   */
  lotNo?: string;
  /** Into a shelf: the lot's dates (`YYYY-MM-DD`, optional). Its first receipt fixes them; a later one must agree. */
  productionDate?: string;
  expiryDate?: string;
  /** Out of a shelf into another (a move): each lot taken goes onto this shelf as a `to.type` event. */
  to?: { shelfId: number; type: StockEventTypeValue };
  /** The unit the quantity was entered in (its name and factor then), kept by every event of the request; omitted: the product's own unit. */
  unit?: EnteredUnitFacts;
  /** A serial-tracked product: the serials of the units moved, one per unit (`domain/serials.ts`); kept in the events. */
  serials?: readonly string[];
}

/** A stock stream as the ledger read it (under lock): its row id, its lot and its state. */
export interface StreamRow extends LotFacts {
  id: number;
  product_id: number;
  warehouse_shelf_id: number;
  quantity: number;
  /** What reservations hold of it: never taken by a posting (a document consumes its own by releasing them first). */
  reserved?: number;
  /** Its (product, lot) is blocked (`lot_block`, read with the stream's lock). */
  blocked?: boolean;
  version: number;
}

/** A lot received, to be registered on its first receipt with its dates. */
export interface LotReceipt {
  productId: number;
  /** The shelf it is received on (the message names the product as that snapshot has it). */
  shelfId: number;
  lotNo: string;
  productionDate: string;
  expiryDate: string;
}

/** What the ledger must read before it can plan: the (product, shelf) pairs, the lots as named, the receipts. */
export interface PostingKeys {
  pairs: Array<{ productId: number; shelfId: number }>;
  /** Each request's lot, normalized ('' for none). */
  lots: string[];
  receipts: LotReceipt[];
}

/** `<product>:<shelf>`: how snapshots are keyed. */
export const pairKeyOf = (productId: number, shelfId: number) => `${productId}:${shelfId}`;
/** `<product>:<LOT>`: how registered lots are keyed. */
export const lotKeyOf = (productId: number, lotNo: string) => `${productId}:${lotNo}`;

/** The keys of a posting: every (product, shelf) it touches (a move: both shelves), its lots (a bad one refused), its receipts. */
export function postingKeys(requests: readonly MovementRequest[]): PostingKeys {
  const lots = requests.map((r) => {
    const lot = normalizeLotNo(r.lotNo);
    if (lot === null) throw new AppError('lots.bad_lot_no', { lot: String(r.lotNo).slice(0, 40), max: LOT_NO_MAX_LENGTH });
    return lot;
  });
  return {
    pairs: requests.flatMap((r) => [{ productId: r.productId, shelfId: r.shelfId }, ...(r.to ? [{ productId: r.productId, shelfId: r.to.shelfId }] : [])]),
    lots,
    receipts: requests.flatMap((r, i) => (r.quantity > 0 && lots[i] ? [{ productId: r.productId, shelfId: r.shelfId, lotNo: lots[i], productionDate: r.productionDate ?? '', expiryDate: r.expiryDate ?? '' }] : [])),
  };
}

/** Everything a posting is decided on, read under the streams' locks. */
export interface PostingInput {
  requests: readonly MovementRequest[];
  keys: PostingKeys;
  /** The snapshot of each (product, shelf), keyed `pairKeyOf` (absent: unknown or deleted). */
  snapshots: ReadonlyMap<string, StockSnapshot>;
  /** Every stream of each (product, shelf) touched, keyed by stream id. */
  streams: ReadonlyMap<string, StreamRow>;
  /** The registered lots of the receipts, keyed `lotKeyOf`. */
  registered: ReadonlyMap<string, LotFacts>;
  /** The site day of the posting (`YYYY-MM-DD`): lots expired before it are never allocated. */
  today: string;
  /** The kind of each shelf stock is taken from or moved to by a request that respects availability (absent: storage). */
  shelfKinds?: ReadonlyMap<number, number>;
}

/** A stream's stock row after the posting: an existing row (its id) or a new one. */
export interface StreamWrite {
  streamId: string;
  rowId: number | null;
  snapshot: StockSnapshot;
  lot: LotFacts;
  state: StreamState;
}

/** What a posting will write: its movements placed (versions, balances), the stock rows, the lots per request, the totals. */
export interface PostingPlan {
  placed: PlacedMovement[];
  streams: StreamWrite[];
  /** Per request, in request order: the lots it took or put. */
  allocations: Allocation[][];
  /** Net change per product. */
  totals: Map<number, number>;
}

/**
 * The ledger's decision, as a pure function of what it read: each (product, shelf) known; each receipt's dates
 * agree with its lot's first receipt; the lots of every request (received as named; taken as named, or
 * first-expiry-first-out over the shelf's lots as the earlier requests left them, never an expired lot); the
 * movements placed in their streams with versions and balances (a stream below zero refuses the whole posting).
 */
export function planPosting({ requests, keys, snapshots, streams, registered, today, shelfKinds }: PostingInput): PostingPlan {
  const snapshotOf = (productId: number, shelfId: number): StockSnapshot => {
    const snapshot = snapshots.get(pairKeyOf(productId, shelfId));
    if (!snapshot) throw new AppError('inventory.unknown_product_or_shelf', { product: productId, shelf: shelfId });
    return snapshot;
  };
  for (const pair of keys.pairs) snapshotOf(pair.productId, pair.shelfId);
  checkReceipts(keys.receipts, registered, snapshotOf);

  // The streams of each (product, shelf) as the requests see them, one after the other.
  const working = new Map<string, { facts: LotFacts; quantity: number }>();
  const byPair = new Map<string, Set<string>>();
  const track = (productId: number, shelfId: number, facts: LotFacts, quantity: number) => {
    const id = streamIdOf(productId, shelfId, facts.lot_no);
    if (!working.has(id)) working.set(id, { facts, quantity });
    const pair = pairKeyOf(productId, shelfId);
    if (!byPair.has(pair)) byPair.set(pair, new Set());
    byPair.get(pair)!.add(id);
    return working.get(id)!;
  };
  for (const row of streams.values()) track(row.product_id, row.warehouse_shelf_id, lotFactsOf(row), row.quantity);
  const reservedOf = (streamId: string) => streams.get(streamId)?.reserved ?? 0;

  const movements: StockMovement[] = [];
  const allocations = requests.map<Allocation[]>((r, i) => {
    const lotNo = keys.lots[i];
    const snapshot = snapshotOf(r.productId, r.shelfId);
    const serials = r.serials?.length ? { serials: r.serials } : {};
    const add = (lot: LotFacts, quantity: number) => {
      movements.push({ type: r.type, formType: r.formType, quantity, price: r.price, snapshot, lot, ...(r.unit ? { unit: r.unit } : {}), ...serials });
      track(r.productId, r.shelfId, lot, 0).quantity += quantity;
      if (r.to) {
        movements.push({ type: r.to.type, formType: r.formType, quantity: -quantity, price: r.price, snapshot: snapshotOf(r.productId, r.to.shelfId), lot, ...(r.unit ? { unit: r.unit } : {}), ...serials });
        track(r.productId, r.to.shelfId, lot, 0).quantity -= quantity;
      }
    };
    if (r.quantity > 0) {
      const lot = lotNo ? registered.get(lotKeyOf(r.productId, lotNo))! : NO_LOT;
      add(lot, r.quantity);
      return [{ lot_no: lot.lot_no, quantity: r.quantity }];
    }
    // availability (`takeRefusal`): the flow of goods never takes from a hold shelf or a blocked lot
    const sourceKind = shelfKinds?.get(r.shelfId) ?? 0;
    const targetKind = r.to ? (shelfKinds?.get(r.to.shelfId) ?? 0) : null;
    const productLabel = `${snapshot.product_name} (${snapshot.product_no})`;
    if (takeRefusal(r.formType, sourceKind, targetKind, false) === 'hold') throw new HoldShelfError(productLabel, shelfLocation(snapshot));
    const skipsBlocked = takeRefusal(r.formType, sourceKind, targetKind, true) === 'blocked';
    if (r.lotNo !== undefined) {
      if (skipsBlocked && streams.get(streamIdOf(r.productId, r.shelfId, lotNo))?.blocked) throw new LotBlockedError(productLabel, lotNo);
      const stream = working.get(streamIdOf(r.productId, r.shelfId, lotNo));
      add(stream?.facts ?? { ...NO_LOT, lot_no: lotNo }, r.quantity);
      return [{ lot_no: lotNo, quantity: -r.quantity }];
    }
    // what is reserved is not there to take
    const onShelf = [...(byPair.get(pairKeyOf(r.productId, r.shelfId)) ?? [])].map((id) => ({ ...working.get(id)!.facts, quantity: working.get(id)!.quantity - reservedOf(id), blocked: skipsBlocked && !!streams.get(id)?.blocked }));
    const chosen = allocateFefo(onShelf, -r.quantity, today);
    if (!chosen) throw new InsufficientUnexpiredStockError(snapshot, onShelf, -r.quantity, today);
    for (const allocation of chosen) add(working.get(streamIdOf(r.productId, r.shelfId, allocation.lot_no))!.facts, -allocation.quantity);
    return chosen;
  });

  const current = new Map([...streams].map(([id, row]) => [id, { quantity: row.quantity, version: row.version }]));
  const { placed, after } = placeMovements(movements, current);
  const movementOf = new Map(movements.map((m) => [streamIdOf(m.snapshot.product_id, m.snapshot.warehouse_shelf_id, m.lot.lot_no), m]));
  // A stream that gives goods never ends below what reservations hold of it.
  for (const [streamId, state] of after) {
    const row = streams.get(streamId);
    const reserved = reservedOf(streamId);
    if (row && reserved > 0 && state.quantity < row.quantity && state.quantity < reserved) {
      const m = movementOf.get(streamId)!;
      throw new InsufficientStockError(m.snapshot, Math.max(row.quantity - reserved, 0), row.quantity - state.quantity, m.lot.lot_no);
    }
  }
  const totals = new Map<number, number>();
  for (const m of movements) totals.set(m.snapshot.product_id, (totals.get(m.snapshot.product_id) ?? 0) + m.quantity);
  return {
    placed,
    streams: [...after].map(([streamId, state]) => ({ streamId, rowId: streams.get(streamId)?.id ?? null, snapshot: movementOf.get(streamId)!.snapshot, lot: movementOf.get(streamId)!.lot, state })),
    allocations,
    totals,
  };
}

/** A receipt whose dates contradict its lot's first receipt is refused, naming product, lot and the dates that hold. */
function checkReceipts(receipts: readonly LotReceipt[], registered: ReadonlyMap<string, LotFacts>, snapshotOf: (productId: number, shelfId: number) => StockSnapshot): void {
  for (const receipt of receipts) {
    const lot = registered.get(lotKeyOf(receipt.productId, receipt.lotNo));
    if (!lot) throw new Error(`lot ${receipt.lotNo} of product ${receipt.productId} was not registered before planning`);
    if ((receipt.productionDate && receipt.productionDate !== lot.production_date) || (receipt.expiryDate && receipt.expiryDate !== lot.expiry_date)) {
      const snapshot = snapshotOf(receipt.productId, receipt.shelfId);
      throw new AppError('lots.dates_contradict_first_receipt', {
        product: `${snapshot.product_name} (${snapshot.product_no})`,
        lot: receipt.lotNo,
        production: lot.production_date || '-',
        expiry: lot.expiry_date || '-',
      });
    }
  }
}

const lotFactsOf = (row: StreamRow): LotFacts => ({ lot_no: row.lot_no, production_date: row.production_date, expiry_date: row.expiry_date, lot_received_at: row.lot_received_at });
