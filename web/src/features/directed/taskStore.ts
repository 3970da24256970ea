import { makeAutoObservable, runInAction } from 'mobx';
import type { TaskView } from '@contract/directed';
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

  /** Confirm what was scanned (`short`: close the task with that quantity), then fetch the next task when it is closed. */
  async confirm(short = false): Promise<void> {
    const task = this.task;
    if (!task) return;
    await this.run('confirm', task.id, async (key) => {
      const after = await confirmTask(task.id, { from_code: this.scan.fromCode, product_code: this.scan.productCode, quantity: this.scan.quantity, short }, key);
      runInAction(() => {
        this.task = after.status === 1 ? after : null;
        this.scan = startOf(this.task);
      });
    });
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
