import type { TaskView } from '@contract/directed';

/** Where the worker is on the current task: scan its shelf, scan its product, enter the quantity. */
export type ScanStep = 'shelf' | 'product' | 'quantity';

export interface ScanState {
  step: ScanStep;
  fromCode: string;
  productCode: string;
  quantity: number;
}

export const startOf = (task: TaskView | null): ScanState => ({ step: 'shelf', fromCode: '', productCode: '', quantity: task ? task.remaining : 0 });

/**
 * A code from the scan field (a keyboard-wedge scanner types it and presses Enter): the shelf step takes the
 * shelf's code, the product step the product's code, the quantity step a number. The server checks what the
 * codes name when the task is confirmed; here they only move the worker on, or answer why not (`error`).
 */
export function scanned(state: ScanState, code: string, task: TaskView): { state: ScanState; error?: 'empty' | 'quantity' } {
  const value = code.trim();
  if (!value) return { state, error: 'empty' };
  if (state.step === 'shelf') return { state: { ...state, step: 'product', fromCode: value } };
  if (state.step === 'product') return { state: { ...state, step: 'quantity', productCode: value } };
  const quantity = Number(value);
  if (!/^\d+$/.test(value) || quantity < 1 || quantity > task.remaining) return { state, error: 'quantity' };
  return { state: { ...state, quantity } };
}
