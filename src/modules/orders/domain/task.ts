import type { TaskBreakdownEntry, TaskView } from '../../../../contract/directed';
import { TASK_STATUS, WAVE_STATUS } from '../../../../contract/enums';
import { OrderRuleError } from './order-errors';

/** A task as its commands decide on it: one planned move of one (product, lot) quantity, shelf to shelf (the fields of the wire's task it decides on). */
export type TaskState = Pick<
  TaskView,
  'id' | 'type' | 'status' | 'wave_id' | 'warehouse_id' | 'from_shelf_id' | 'to_shelf_id' | 'product_id' | 'lot_no' | 'quantity' | 'done_quantity' | 'sequence' | 'assignee_id' | 'breakdown'
>;

/** The order line a pick serves, how much of the task is its share, and how much of that is picked. */
export type BreakdownEntry = TaskBreakdownEntry;

const open = (task: Pick<TaskState, 'status'>) => task.status === TASK_STATUS.open || task.status === TASK_STATUS.claimed;

/** Claim (open → claimed): not one another holds, and at most one claimed task per admin and wave. */
export function claimTask(task: Pick<TaskState, 'status' | 'assignee_id'>, adminId: number, heldInWave: number): void {
  if (!open(task)) throw new OrderRuleError('task_closed');
  if (task.status === TASK_STATUS.claimed) throw new OrderRuleError(task.assignee_id === adminId ? 'task_already_yours' : 'task_claimed_by_other');
  if (heldInWave) throw new OrderRuleError('task_one_per_wave');
}

/** Unclaim (claimed → open): only by whoever holds it. */
export function unclaimTask(task: Pick<TaskState, 'status' | 'assignee_id'>, adminId: number): void {
  if (task.status !== TASK_STATUS.claimed) throw new OrderRuleError(open(task) ? 'task_not_claimed' : 'task_closed');
  if (task.assignee_id !== adminId) throw new OrderRuleError('task_claimed_by_other');
}

export interface ConfirmInput {
  fromShelfId: number | null;
  productId: number | null;
  toShelfId?: number | null;
  lotNo?: string;
  quantity: number;
  short: boolean;
  /** The unit the quantity was entered in (§14; `quantity` is already base units), for the ledger. */
  unit?: { name: string; factor: number };
  /** A serial-tracked product: the serials of the units moved now, one per unit (the ledger checks them). */
  serials?: string[];
}

/**
 * Confirm by scan: the task is open or held by the confirming admin; the scanned shelf is its source (and
 * the optional target its target), the scanned product its product, the lot (when given) its lot; the
 * quantity at most what remains (0 only when closing short). Answers the task's new figures.
 */
export function confirmTask(task: TaskState, adminId: number, input: ConfirmInput): { done: number; status: number; shortfall: number } {
  if (!open(task)) throw new OrderRuleError('task_closed');
  if (task.status === TASK_STATUS.claimed && task.assignee_id !== adminId) throw new OrderRuleError('task_claimed_by_other');
  if (input.fromShelfId !== task.from_shelf_id) throw new OrderRuleError('task_wrong_shelf');
  if (input.productId !== task.product_id) throw new OrderRuleError('task_wrong_product');
  if (input.toShelfId !== undefined && input.toShelfId !== task.to_shelf_id) throw new OrderRuleError('task_wrong_target');
  if (input.lotNo && input.lotNo.toUpperCase() !== task.lot_no.toUpperCase()) throw new OrderRuleError('task_wrong_lot', { lot: task.lot_no || '-' });
  const remaining = task.quantity - task.done_quantity;
  if (!Number.isInteger(input.quantity) || input.quantity < 0) throw new OrderRuleError('line_needs_quantity', { line: 1 });
  if (input.quantity > remaining) throw new OrderRuleError('task_quantity_above_remaining', { remaining });
  if (input.quantity === 0 && !input.short) throw new OrderRuleError('task_quantity_above_remaining', { remaining });
  const done = task.done_quantity + input.quantity;
  if (done === task.quantity) return { done, status: TASK_STATUS.done, shortfall: 0 };
  return input.short ? { done, status: TASK_STATUS.short, shortfall: task.quantity - done } : { done, status: TASK_STATUS.claimed, shortfall: 0 };
}

/** Splits a quantity over the breakdown's entries in order, each up to what it still lacks; answers the parts and the entries after. */
export function splitOverBreakdown(breakdown: readonly BreakdownEntry[], quantity: number): { parts: Array<{ entry: BreakdownEntry; quantity: number }>; after: BreakdownEntry[] } {
  let left = quantity;
  const parts: Array<{ entry: BreakdownEntry; quantity: number }> = [];
  const after = breakdown.map((entry) => {
    const take = Math.min(left, entry.quantity - (entry.picked ?? 0));
    if (take <= 0) return { ...entry };
    left -= take;
    parts.push({ entry, quantity: take });
    return { ...entry, picked: (entry.picked ?? 0) + take };
  });
  return { parts, after };
}

/** What each entry still lacks (after a short pick closed the task). */
export const unpickedOf = (breakdown: readonly BreakdownEntry[]) => breakdown.map((entry) => ({ entry, quantity: entry.quantity - (entry.picked ?? 0) })).filter((p) => p.quantity > 0);

/** A wave's orders may be changed and it may be deleted only while a draft. */
export function assertWaveDraft(wave: { status: number }): void {
  if (wave.status !== WAVE_STATUS.draft) throw new OrderRuleError('wave_not_draft');
}

/** Cancel: a draft or released wave of which nothing was picked yet. */
export function assertWaveCancellable(wave: { status: number }, pickedAnything: boolean): void {
  if (wave.status !== WAVE_STATUS.draft && wave.status !== WAVE_STATUS.released) throw new OrderRuleError('wave_closed');
  if (pickedAnything) throw new OrderRuleError('wave_picked_already');
}
