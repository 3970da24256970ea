import type { TaskView } from '@contract/directed';
import { TASK_TYPE } from '@contract/enums';

/** Where the worker is on the current task: scan its shelf, scan its product, (putaway, replenishment) scan the shelf it goes on, enter the quantity. */
export type ScanStep = 'shelf' | 'product' | 'target' | 'quantity';

export interface ScanState {
  step: ScanStep;
  fromCode: string;
  productCode: string;
  /** putaway and replenishment: the shelf the goods are put on ('' for a pick). */
  toCode: string;
  quantity: number;
}

export const startOf = (task: TaskView | null): ScanState => ({ step: 'shelf', fromCode: '', productCode: '', toCode: '', quantity: task ? task.remaining : 0 });

/** Putaway and replenishment end on a shelf the worker scans; a pick ends on the staging shelf the wave names. */
export const scansTarget = (task: Pick<TaskView, 'type'>) => task.type !== TASK_TYPE.pick;

/**
 * A code from the scan field (a keyboard-wedge scanner types it and presses Enter): the shelf step takes the
 * shelf's code, the product step the product's code, the target step (putaway, replenishment) the code of the
 * shelf the goods go on, the quantity step a number. The server checks what the codes name when the task is
 * confirmed; here they only move the worker on, or answer why not (`error`).
 */
export function scanned(state: ScanState, code: string, task: TaskView): { state: ScanState; error?: 'empty' | 'quantity' } {
  const value = code.trim();
  if (!value) return { state, error: 'empty' };
  if (state.step === 'shelf') return { state: { ...state, step: 'product', fromCode: value } };
  if (state.step === 'product') return { state: { ...state, step: scansTarget(task) ? 'target' : 'quantity', productCode: value } };
  if (state.step === 'target') return { state: { ...state, step: 'quantity', toCode: value } };
  const quantity = Number(value);
  if (!/^\d+$/.test(value) || quantity < 1 || quantity > task.remaining) return { state, error: 'quantity' };
  return { state: { ...state, quantity } };
}
