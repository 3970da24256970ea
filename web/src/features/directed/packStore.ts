import { makeAutoObservable, runInAction } from 'mobx';
import type { PackableOrderView, PackageView } from '@contract/directed';
import { PACKAGE_STATUS } from '@contract/enums';
import type { OrderView } from '@contract/orders';
import { addPackage, closePackage, packableOrders, packScan, packStationOrder } from '@/api/orders';
import { errorMessage } from '@/api/request';
import { TransitionKeys, wasAnswered } from '@/features/orders/idempotency';
import type { TFunction } from '@/lang';

/** One product of the order at the pack station: what its lines picked, what its packages hold. */
export interface PackLine {
  product_id: number;
  product_no: string;
  name: string;
  picked: number;
  packed: number;
}

/**
 * The pack station: the orders waiting, the order chosen (its lines and packages as the server answers them),
 * the open package scans go into, and how many one scan packs. Every change asks the server and shows the
 * order as it then is; a refused scan shows the server's message and changes nothing.
 */
export class PackStationStore {
  waiting: PackableOrderView[] = [];
  order: OrderView<'outbound'> | null = null;
  currentId = 0;
  quantity = 1;
  /** What a scan does to the current package: put one in, or (`unpack`) take one out. */
  mode: 'pack' | 'unpack' = 'pack';
  loading = false;
  error = '';
  private readonly keys = new TransitionKeys();

  constructor(private readonly t: TFunction) {
    makeAutoObservable(this);
  }

  get packages(): PackageView[] {
    return this.order?.packages ?? [];
  }

  /** The package scans go into: the one chosen while it is open, else the last open one. */
  get current(): PackageView | null {
    const open = this.packages.filter((p) => p.status === PACKAGE_STATUS.open);
    return open.find((p) => p.id === this.currentId) ?? open[open.length - 1] ?? null;
  }

  get lines(): PackLine[] {
    const byProduct = new Map<number, PackLine>();
    for (const line of this.order?.lines ?? []) {
      const row = byProduct.get(line.product_id) ?? { product_id: line.product_id, product_no: line.product?.product_no ?? '', name: line.product?.name ?? '', picked: 0, packed: 0 };
      row.picked += Number((line as { picked_quantity?: number }).picked_quantity ?? 0);
      byProduct.set(line.product_id, row);
    }
    for (const pack of this.packages) for (const item of pack.contents) {
      const row = byProduct.get(item.product_id);
      if (row) row.packed += item.quantity;
    }
    return [...byProduct.values()];
  }

  async loadWaiting(): Promise<void> {
    await this.run(async () => {
      const list = await packableOrders();
      runInAction(() => (this.waiting = list));
    });
  }

  /** An order by its number (typed or scanned off its picking list) or id. */
  async open(code: string | number): Promise<void> {
    if (!String(code).trim()) return;
    await this.run(async () => {
      const order = await packStationOrder(String(code).trim());
      runInAction(() => {
        this.order = order;
        this.currentId = 0;
        this.quantity = 1;
      });
    });
  }

  leave(): void {
    this.order = null;
    this.currentId = 0;
    this.mode = 'pack';
    this.error = '';
    void this.loadWaiting();
  }

  choose(id: number): void {
    this.currentId = id;
  }

  toggleMode(): void {
    this.mode = this.mode === 'pack' ? 'unpack' : 'pack';
  }

  setQuantity(quantity: number): void {
    this.quantity = Math.max(1, Math.floor(quantity || 1));
  }

  async addPackage(type: 1 | 2): Promise<void> {
    const order = this.order;
    if (!order) return;
    await this.transition('add', order.id, async (key) => {
      const pack = await addPackage(order.id, type, key);
      runInAction(() => (this.currentId = pack.id));
    });
  }

  /** A scanned code into (or, in take-out mode, out of) the current package. */
  async scan(code: string): Promise<void> {
    if (!code.trim()) return;
    const pack = this.current;
    if (!pack) {
      this.error = this.t('wms.package.openFirst');
      return;
    }
    const action = this.mode;
    await this.transition(`${action}:${code}:${this.quantity}`, pack.id, (key) => packScan(action, pack.id, code.trim(), this.quantity, key));
    runInAction(() => {
      this.quantity = 1;
      this.mode = 'pack';
    });
  }

  async close(weight: string): Promise<void> {
    const pack = this.current;
    if (!pack) return;
    await this.transition('close', pack.id, (key) => closePackage(pack.id, weight.trim(), key));
  }

  /** A transition with its idempotency key, then the order as it now is. */
  private async transition(action: string, id: number, work: (key: string) => Promise<unknown>): Promise<void> {
    const key = this.keys.keyFor(action, id);
    let answered = true;
    await this.run(async () => {
      try {
        await work(key);
      } catch (error) {
        answered = wasAnswered(error);
        throw error;
      } finally {
        this.keys.settle(action, id, answered);
      }
    });
    const order = this.order;
    if (order) {
      const error = this.error;
      await this.run(async () => {
        const fresh = await packStationOrder(order.id);
        runInAction(() => (this.order = fresh));
      });
      runInAction(() => (this.error = this.error || error));
    }
  }

  private async run(work: () => Promise<void>): Promise<void> {
    this.loading = true;
    this.error = '';
    try {
      await work();
    } catch (error) {
      runInAction(() => (this.error = errorMessage(error)));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }
}
