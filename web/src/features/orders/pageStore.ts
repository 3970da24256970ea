/**
 * The state of an order page (inbound, outbound, relocation, adjustment): the list (a CrudTableStore), the
 * form, the detail drawer with the order's history rows, and the transitions (audit, ship, move, cancel),
 * each answered by the server with the updated order.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { OrderKind } from '@contract/enums';
import type { MoveLineInput, OrderListRow, OrderView, ShipInput } from '@contract/orders';
import type { InventoryHistoryRow } from '@contract/stock';
import { fetchOrderHistory, fetchShelfLots, type ShelfLots } from '@/api/inventory';
import { fetchPartyName, SELECT_URL } from '@/api/masterData';
import { createOrderApi, ORDER_API, reserveOutbound, unreserveOutbound, type OrderApi } from '@/api/orders';
import { errorMessage } from '@/api/request';
import { CrudTableStore, type CrudColumn, type CrudRoot } from '@/components/crud';
import { allocationsOf, isLotLine, type Allocation } from '@/features/lots/lots';
import { OrderFormStore, type ServerOrder } from './formStore';
import { TransitionKeys, wasAnswered } from './idempotency';
import { isRelocationLine, orderNumber, type RelocationLineView } from './orderViews';

export class OrderDetailStore {
  id: number | null = null;
  row: OrderView | null = null;
  history: InventoryHistoryRow[] = [];
  /** An outbound order's carrier (`GET edit` names the customer but not the carrier). */
  carrierName: string | null = null;
  loading = false;
  historyLoading = false;
  /** the history could not be read (e.g. no right to the inventory history). */
  historyError: string | null = null;
  error: string | null = null;
  private seq = 0;

  constructor(
    private readonly api: OrderApi,
    private readonly kind: OrderKind,
  ) {
    makeAutoObservable<this, 'seq' | 'api' | 'kind'>(this, { seq: false, api: false, kind: false });
  }

  get open(): boolean {
    return this.id !== null;
  }

  async show(id: number): Promise<void> {
    this.id = id;
    this.row = null;
    this.history = [];
    this.historyError = null;
    this.carrierName = null;
    await this.reload();
  }

  close(): void {
    this.id = null;
    this.row = null;
    this.history = [];
    this.carrierName = null;
    this.seq++;
  }

  async reload(): Promise<void> {
    if (this.id === null) return;
    const seq = ++this.seq;
    this.loading = true;
    this.error = null;
    try {
      const row = await this.api.read(this.id);
      if (seq !== this.seq) return;
      runInAction(() => {
        this.row = row;
        this.loading = false;
      });
      await Promise.all([this.loadHistory(), this.loadCarrier()]);
    } catch (e) {
      if (seq !== this.seq) return;
      runInAction(() => {
        this.loading = false;
        this.error = errorMessage(e);
      });
    }
  }

  /** A transition answered the updated order: show it and its (new) history rows. */
  async replace(row: OrderView): Promise<void> {
    if (this.id === null || String(row?.id) !== String(this.id)) return;
    this.row = row;
    await Promise.all([this.loadHistory(), this.loadCarrier()]);
  }

  /** `GET edit` names the customer but not the carrier of a shipped order: look it up. */
  async loadCarrier(): Promise<void> {
    const row: ServerOrder | null = this.row;
    const carrierId = Number(row?.carrier_id);
    if (this.kind !== 'outbound' || !carrierId) return;
    const name = await fetchPartyName(SELECT_URL.carrier, carrierId);
    runInAction(() => {
      const now: ServerOrder | null = this.row;
      if (name !== null && Number(now?.carrier_id) === carrierId) this.carrierName = name;
    });
  }

  async loadHistory(): Promise<void> {
    const number = orderNumber(this.row);
    if (!number) return;
    const seq = this.seq;
    this.historyLoading = true;
    this.historyError = null;
    try {
      const list = await fetchOrderHistory(number);
      if (seq !== this.seq) return;
      runInAction(() => {
        this.history = list;
      });
    } catch (e) {
      if (seq !== this.seq) return;
      runInAction(() => {
        this.history = [];
        this.historyError = errorMessage(e);
      });
    } finally {
      runInAction(() => {
        this.historyLoading = false;
      });
    }
  }
}

export interface OrderPageOptions {
  columns: CrudColumn<OrderListRow>[] | ((page: OrderPageStore) => CrudColumn<OrderListRow>[]);
  quickSearchFields: string[];
}

export class OrderPageStore {
  readonly kind: OrderKind;
  readonly api: OrderApi;
  readonly keys = new TransitionKeys();
  readonly table: CrudTableStore<OrderListRow>;
  readonly form: OrderFormStore;
  readonly detail: OrderDetailStore;

  /** the order the ship dialog is open for */
  shipping: ServerOrder | null = null;
  /** the order the move dialog is open for; its lines once read (`moving`) */
  moveId: number | null = null;
  moving: OrderView | null = null;
  moveLoading = false;
  /**
   * The move dialog's lot lines (a lot-tracked product, or a lot named): the lots on each one's source
   * shelf, by line id; null when they could not be read (no right to the stock list).
   */
  moveLots: Record<number, ShelfLots | null> = {};
  moveLotsLoading = false;
  /** After a move of an order with lot lines: what that move took, lot by lot, by line id (the dialog stays open to show it). */
  movedNow: Record<number, Allocation[]> | null = null;
  /** `${action}:${id}` of the transition under way */
  busy: string | null = null;
  error: string | null = null;

  constructor(root: CrudRoot, kind: OrderKind, options: OrderPageOptions) {
    this.kind = kind;
    this.api = createOrderApi(kind);
    this.table = new CrudTableStore(root, {
      api: ORDER_API[kind],
      columns: typeof options.columns === 'function' ? options.columns(this) : options.columns,
      quickSearchFields: options.quickSearchFields,
      client: this.api,
    });
    this.form = new OrderFormStore(kind);
    this.detail = new OrderDetailStore(this.api, kind);
    makeAutoObservable(this, { kind: false, api: false, table: false, form: false, detail: false, keys: false });
  }

  get loading(): boolean {
    return this.table.loading || this.busy !== null;
  }

  isBusy(action: string, id: unknown): boolean {
    return this.busy === `${action}:${id}`;
  }

  /**
   * Runs a transition with its idempotency key; the list and an open detail show the answer. Resolves true
   * on success.
   */
  private async transition(action: string, id: number, run: (key: string) => Promise<OrderView>): Promise<boolean> {
    this.busy = `${action}:${id}`;
    this.error = null;
    try {
      const row = await run(this.keys.keyFor(action, id));
      this.keys.settle(action, id, true);
      runInAction(() => {
        this.busy = null;
      });
      await Promise.all([this.table.load(), this.detail.replace(row)]);
      return true;
    } catch (e) {
      this.keys.settle(action, id, wasAnswered(e));
      runInAction(() => {
        this.busy = null;
        this.error = errorMessage(e);
      });
      // the order may have changed under us (another admin): show what it is now
      await Promise.all([this.table.load(), this.detail.id === id ? this.detail.reload() : Promise.resolve()]);
      return false;
    }
  }

  audit(id: number): Promise<boolean> {
    return this.transition('audit', id, (key) => this.api.audit(id, key));
  }

  cancel(id: number): Promise<boolean> {
    return this.transition('cancel', id, (key) => this.api.cancel(id, key));
  }

  /** Outbound: reserve every line (`partial`: what is available), or release the reservation. */
  reserve(id: number, partial = false): Promise<boolean> {
    return this.transition('reserve', id, (key) => reserveOutbound(id, partial, key));
  }

  unreserve(id: number): Promise<boolean> {
    return this.transition('unreserve', id, (key) => unreserveOutbound(id, key));
  }

  openShip(row: ServerOrder): void {
    this.shipping = row;
  }

  closeShip(): void {
    this.shipping = null;
  }

  async ship(id: number, input: ShipInput): Promise<boolean> {
    const ok = await this.transition('ship', id, (key) => this.api.ship(id, input, key));
    if (ok) this.closeShip();
    return ok;
  }

  /** Opens the move dialog with the order's lines (read afresh: the moved quantities change). */
  async openMove(id: number): Promise<void> {
    this.moveLoading = true;
    this.moveId = id;
    this.moving = null;
    this.moveLots = {};
    this.movedNow = null;
    try {
      const row = await this.api.read(id);
      runInAction(() => {
        if (this.moveId === id) this.moving = row;
        this.moveLoading = false;
      });
      await this.loadMoveLots(row);
    } catch (e) {
      runInAction(() => {
        this.moveId = null;
        this.moving = null;
        this.moveLoading = false;
        this.error = errorMessage(e);
      });
    }
  }

  /** The lots on the source shelf of each lot line of an order (one read per product and shelf). */
  async loadMoveLots(row: OrderView): Promise<void> {
    const lines = lotLinesOf(row);
    if (!lines.length) return;
    const pairKey = (l: RelocationLineView) => `${l.product_id}:${l.source_warehouse_shelf_id}`;
    const pairs = [...new Map(lines.map((l) => [pairKey(l), l])).values()];
    this.moveLotsLoading = true;
    const read = await Promise.all(pairs.map((l) => fetchShelfLots(Number(l.product_id), Number(l.source_warehouse_shelf_id)).catch(() => null)));
    const byPair = new Map(pairs.map((l, i) => [pairKey(l), read[i]]));
    runInAction(() => {
      if (this.moveId === row.id) this.moveLots = Object.fromEntries(lines.map((l) => [Number(l.id), byPair.get(pairKey(l)) ?? null]));
      this.moveLotsLoading = false;
    });
  }

  closeMove(): void {
    this.moveId = null;
    this.moving = null;
    this.moveLots = {};
    this.movedNow = null;
  }

  /**
   * Moves the quantities given. An order without lot lines closes the dialog; one with lot lines keeps it
   * open on the order as now answered, with what this move took lot by lot and the shelves' lots read again.
   */
  async move(id: number, lines: MoveLineInput[]): Promise<boolean> {
    const before = new Map<number, Allocation[]>((this.moving?.lines ?? []).map((l) => [Number(l.id), allocationsOf(l)]));
    let answered: OrderView | null = null;
    const ok = await this.transition('move', id, async (key) => (answered = await this.api.move(id, lines, key)));
    if (!ok) return ok;
    const row: OrderView | null = answered;
    const lotLines = row ? lotLinesOf(row) : [];
    if (!row || !lotLines.length) {
      this.closeMove();
      return ok;
    }
    runInAction(() => {
      this.moving = row;
      this.movedNow = Object.fromEntries(lotLines.filter((l) => lines.some((m) => m.id === Number(l.id))).map((l) => [Number(l.id), allocationsAdded(before.get(Number(l.id)) ?? [], allocationsOf(l))]));
    });
    await this.loadMoveLots(row);
    return ok;
  }
}

/** What a move added to a line's allocations (both summed per lot), lot by lot. */
export function allocationsAdded(before: readonly Allocation[], after: readonly Allocation[]): Allocation[] {
  const had = new Map(before.map((a) => [a.lot_no, a.quantity]));
  return after.map((a) => ({ lot_no: a.lot_no, quantity: a.quantity - (had.get(a.lot_no) ?? 0) })).filter((a) => a.quantity > 0);
}

/** The relocation lines of an order that are about lots (a lot-tracked product, or a lot named or taken). */
function lotLinesOf(row: OrderView): RelocationLineView[] {
  return row.lines.filter(isRelocationLine).filter(isLotLine);
}
