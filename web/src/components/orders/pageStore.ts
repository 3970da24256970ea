/**
 * The state of an order page (inbound, outbound, relocation): the list (a CrudTableStore), the form, the
 * detail drawer with the order's history rows, and the transitions (audit, ship, move, cancel), each
 * answered by the server with the updated order.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { CrudTableStore, type CrudColumn, type CrudRoot } from '@/components/crud';
import { createOrderApi, fetchOrderHistory, fetchPartyName, ORDER_API, SELECT_URL, type OrderApi, type ShipInput } from './api';
import { OrderFormStore } from './formStore';
import { TransitionKeys, wasAnswered } from './idempotency';
import type { OrderKind } from './states';

/** The number column of each order kind. */
export const NUMBER_FIELD: Record<OrderKind, 'receipt_no' | 'outbound_no' | 'relocation_no' | 'adjustment_no'> = {
  inbound: 'receipt_no',
  outbound: 'outbound_no',
  relocation: 'relocation_no',
  adjustment: 'adjustment_no',
};

export type Row = Record<string, any>;

function messageOf(e: unknown): string {
  if (e && typeof e === 'object') {
    const o = e as { msg?: unknown; message?: unknown };
    if (typeof o.msg === 'string') return o.msg;
    if (typeof o.message === 'string') return o.message;
  }
  return String(e);
}

export class OrderDetailStore {
  id: number | null = null;
  row: Row | null = null;
  history: Row[] = [];
  loading = false;
  historyLoading = false;
  /** the history could not be read (e.g. no right to the inventory history). */
  historyError: string | null = null;
  error: string | null = null;
  private seq = 0;

  constructor(private readonly api: OrderApi, private readonly kind: OrderKind) {
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
    await this.reload();
  }

  close(): void {
    this.id = null;
    this.row = null;
    this.history = [];
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
        this.error = messageOf(e);
      });
    }
  }

  /** A transition answered the updated order: show it and its (new) history rows. */
  async replace(row: Row): Promise<void> {
    if (this.id === null || String(row?.id) !== String(this.id)) return;
    this.row = row;
    await Promise.all([this.loadHistory(), this.loadCarrier()]);
  }

  /** `GET edit` names the customer but not the carrier of a shipped order: look it up. */
  async loadCarrier(): Promise<void> {
    const row = this.row;
    if (this.kind !== 'outbound' || !row || !Number(row.carrier_id) || row.carrier?.name) return;
    const name = await fetchPartyName(SELECT_URL.carrier, Number(row.carrier_id));
    runInAction(() => {
      if (name !== null && this.row && String(this.row.carrier_id) === String(row.carrier_id)) this.row = { ...this.row, carrier: { id: row.carrier_id, name } };
    });
  }

  async loadHistory(): Promise<void> {
    const number = this.row?.[NUMBER_FIELD[this.kind]];
    if (!number) return;
    const seq = this.seq;
    this.historyLoading = true;
    this.historyError = null;
    try {
      const { list } = await fetchOrderHistory(String(number));
      if (seq !== this.seq) return;
      runInAction(() => {
        this.history = list;
      });
    } catch (e) {
      if (seq !== this.seq) return;
      runInAction(() => {
        this.history = [];
        this.historyError = messageOf(e);
      });
    } finally {
      runInAction(() => {
        this.historyLoading = false;
      });
    }
  }
}

export interface OrderPageOptions {
  columns: CrudColumn[] | ((page: OrderPageStore) => CrudColumn[]);
  quickSearchFields: string[];
}

export class OrderPageStore {
  readonly kind: OrderKind;
  readonly api: OrderApi;
  readonly keys = new TransitionKeys();
  readonly table: CrudTableStore;
  readonly form: OrderFormStore;
  readonly detail: OrderDetailStore;

  /** the order the ship dialog is open for */
  shipping: Row | null = null;
  /** the order (with lines) the move dialog is open for */
  moving: Row | null = null;
  moveLoading = false;
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
  private async transition(action: string, id: number, run: (key: string) => Promise<Row>): Promise<boolean> {
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
        this.error = messageOf(e);
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

  openShip(row: Row): void {
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
    this.moving = { id };
    try {
      const row = await this.api.read(id);
      runInAction(() => {
        if (this.moving && String(this.moving.id) === String(id)) this.moving = row;
        this.moveLoading = false;
      });
    } catch (e) {
      runInAction(() => {
        this.moving = null;
        this.moveLoading = false;
        this.error = messageOf(e);
      });
    }
  }

  closeMove(): void {
    this.moving = null;
  }

  async move(id: number, lines: Array<{ id: number; quantity: number }>): Promise<boolean> {
    const ok = await this.transition('move', id, (key) => this.api.move(id, lines, key));
    if (ok) this.closeMove();
    return ok;
  }
}
