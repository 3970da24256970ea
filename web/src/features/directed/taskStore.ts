import { makeAutoObservable, runInAction } from 'mobx';
import type { TaskView } from '@contract/directed';
import { TASK_TYPE } from '@contract/enums';
import { confirmTask, nextTask, unclaimTask } from '@/api/orders';
import { errorMessage } from '@/api/request';
import type { TFunction } from '@/lang';
import { TransitionKeys, wasAnswered } from '@/features/orders/idempotency';
import { scanned, scansTarget, startOf, type ScanState } from './scanFlow';
import { fetchProductUnits } from '@/api/masterData';
import type { EnteredUnit, ProductUnitRow } from '@contract/units';

/** "My tasks": the worker's current task and the scans towards its confirm. */
export class MyTaskStore {
  task: TaskView | null = null;
  scan: ScanState = startOf(null);
  loading = false;
  error = '';
  /** true once the server said no task is open */
  idle = false;
  /** a putaway refused for capacity or mixing: the worker may force it with a reason */
  forceable = false;
  reason = '';
  /** The units of the task's product (pallet, case …) and the one the quantity is counted in (null: its own). */
  units: ProductUnitRow[] = [];
  unit: EnteredUnit | null = null;
  /** a serial-tracked product: the serials scanned for this confirm (one per unit) */
  serials: string[] = [];
  private readonly keys = new TransitionKeys();

  constructor(private readonly t: TFunction) {
    makeAutoObservable(this);
  }

  async next(): Promise<void> {
    await this.run('next', 0, async (key) => {
      const task = await nextTask(null, key);
      runInAction(() => {
        this.task = task;
        this.idle = !task;
        this.scan = startOf(task);
        this.unit = null;
      });
      await this.loadUnits();
    });
  }

  private async loadUnits(): Promise<void> {
    const productId = this.task?.product_id;
    const units = productId ? await fetchProductUnits(productId) : [];
    runInAction(() => (this.units = units));
  }

  /** The quantity in the product's own units (what the server posts). */
  get baseQuantity(): number {
    return this.scan.quantity * (this.unit?.factor ?? 1);
  }

  /** The most that may be entered in the current unit (what remains of the task). */
  get maxQuantity(): number {
    return this.task ? Math.floor(this.task.remaining / (this.unit?.factor ?? 1)) : 0;
  }

  /** Picks the unit the quantity is counted in (null: the product's own); the quantity starts at 1 of a unit, all that remains of the own. */
  setUnit(unit: EnteredUnit | null): void {
    this.unit = unit && unit.id > 0 ? unit : null;
    this.scan = { ...this.scan, quantity: this.unit ? Math.min(1, this.maxQuantity) : (this.task?.remaining ?? 0) };
  }

  /** A code from the scan field. */
  enter(code: string): void {
    if (!this.task) return;
    // a unit's bar code (a case): as the product, it counts in that unit from 1; scanned again, one more
    const unit = this.units.find((u) => u.bar_code && u.bar_code === code.trim());
    if (unit && this.scan.step !== 'shelf' && (this.scan.step === 'product' || this.unit?.id === unit.id || this.scan.productCode)) {
      const again = this.scan.step !== 'product' && this.unit?.id === unit.id;
      const first = this.scan.step === 'product';
      this.unit = { id: unit.id, name: unit.name, factor: unit.factor, bar_code: unit.bar_code };
      const quantity = again ? this.scan.quantity + 1 : 1;
      this.scan = first ? { ...this.scan, step: scansTarget(this.task) ? 'target' : 'quantity', productCode: code.trim(), quantity } : { ...this.scan, quantity };
      this.error = quantity > this.maxQuantity ? this.t('wms.task.badQuantity', { remaining: this.task.remaining }) : '';
      return;
    }
    const { state, error } = scanned(this.scan, code, this.task);
    this.scan = state;
    this.error = error ? this.t(error === 'quantity' ? 'wms.task.badQuantity' : 'wms.task.scanSomething', { remaining: this.task.remaining }) : '';
  }

  setQuantity(quantity: number): void {
    this.scan = { ...this.scan, quantity };
  }

  setSerials(serials: string[]): void {
    this.serials = serials;
  }

  setReason(reason: string): void {
    this.reason = reason;
  }

  /**
   * Confirm what was scanned (`short`: close the task with that quantity; `force`: a putaway past the shelf's
   * capacity or mixing, with the reason given), then fetch the next task when it is closed.
   */
  async confirm(short = false, force = false): Promise<void> {
    const task = this.task;
    if (!task) return;
    const scan = this.scan;
    const counted = this.unit ? { unit_id: this.unit.id, unit_quantity: scan.quantity } : { quantity: scan.quantity };
    const input = { from_code: scan.fromCode, product_code: scan.productCode, ...counted, short, ...(scan.toCode ? { to_code: scan.toCode } : {}), ...(force ? { force: true, reason: this.reason } : {}), ...(this.serials.length ? { serials: this.serials } : {}) };
    await this.run(force ? 'force' : 'confirm', task.id, async (key) => {
      const after = await confirmTask(task.id, input, key);
      runInAction(() => {
        this.task = after.status === 1 ? after : null;
        this.scan = startOf(this.task);
        this.unit = null;
        this.forceable = false;
        this.reason = '';
        this.serials = [];
      });
    });
    // a putaway onto another shelf than suggested, refused: the scans stay, the worker may force it
    if (this.error && task.type === TASK_TYPE.putaway && scan.toCode) {
      runInAction(() => {
        this.scan = scan;
        this.forceable = true;
      });
    }
    if (!this.task && !this.error) await this.next();
  }

  async putBack(): Promise<void> {
    const task = this.task;
    if (!task) return;
    await this.run('unclaim', task.id, async (key) => {
      await unclaimTask(task.id, key);
      runInAction(() => {
        this.task = null;
        this.scan = startOf(null);
      });
    });
  }

  restart(): void {
    this.scan = startOf(this.task);
    this.unit = null;
    this.error = '';
    this.forceable = false;
    this.reason = '';
  }

  private async run(action: string, id: number, work: (key: string) => Promise<void>): Promise<void> {
    this.loading = true;
    this.error = '';
    const key = this.keys.keyFor(action, id);
    try {
      await work(key);
      this.keys.settle(action, id, true);
    } catch (error) {
      this.keys.settle(action, id, wasAnswered(error));
      runInAction(() => {
        this.error = errorMessage(error);
        this.scan = this.task ? { ...this.scan, step: 'shelf' } : this.scan;
      });
    } finally {
      runInAction(() => {
        this.loading = false;
      });
    }
  }
}
