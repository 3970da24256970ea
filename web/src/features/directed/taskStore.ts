import { makeAutoObservable, runInAction } from 'mobx';
import type { TaskView } from '@contract/directed';
import { TASK_TYPE } from '@contract/enums';
import { confirmTask, nextTask, unclaimTask } from '@/api/orders';
import { errorMessage } from '@/api/request';
import type { TFunction } from '@/lang';
import { TransitionKeys, wasAnswered } from '@/features/orders/idempotency';
import { scanned, startOf, type ScanState } from './scanFlow';

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
      });
    });
  }

  /** A code from the scan field. */
  enter(code: string): void {
    if (!this.task) return;
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
    const input = { from_code: scan.fromCode, product_code: scan.productCode, quantity: scan.quantity, short, ...(scan.toCode ? { to_code: scan.toCode } : {}), ...(force ? { force: true, reason: this.reason } : {}), ...(this.serials.length ? { serials: this.serials } : {}) };
    await this.run(force ? 'force' : 'confirm', task.id, async (key) => {
      const after = await confirmTask(task.id, input, key);
      runInAction(() => {
        this.task = after.status === 1 ? after : null;
        this.scan = startOf(this.task);
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
