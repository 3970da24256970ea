import { OrderRuleError } from './order-errors';
import { AUDIT_STATUS, RELOCATION_STATUS } from '../../../../contract/enums';
import type { RelocationLine } from '../../../../contract/orders';
import { ShelfState } from './order-lines';

export type { RelocationLine } from '../../../../contract/orders';

export interface RelocationState {
  audit_status: number;
  status: number;
}

/** Lines as entered: a positive plan, two different shelves. */
export function checkRelocationLines(lines: Array<Omit<RelocationLine, 'id' | 'actual_quantity'>>): void {
  if (!lines.length) throw new OrderRuleError('no_lines');
  lines.forEach((line, index) => {
    if (line.source_warehouse_shelf_id === line.target_warehouse_shelf_id) throw new OrderRuleError('relocation_same_shelf', { line: index + 1 });
    if (!(line.plan_quantity > 0)) throw new OrderRuleError('line_needs_quantity', { line: index + 1 });
  });
}

export function auditRelocation(order: RelocationState, lines: RelocationLine[], shelves: ReadonlyMap<number, ShelfState>): void {
  if (order.audit_status !== AUDIT_STATUS.unaudited) throw new OrderRuleError('already_audited');
  if (order.status === RELOCATION_STATUS.cancelled) throw new OrderRuleError('relocation_cancelled');
  checkRelocationLines(lines);
  lines.forEach((line, index) => {
    for (const shelfId of [line.source_warehouse_shelf_id, line.target_warehouse_shelf_id]) {
      const shelf = shelves.get(shelfId);
      if (!shelf) throw new OrderRuleError('line_needs_shelf', { line: index + 1 });
      if (!shelf.enabled) throw new OrderRuleError('shelf_disabled', { line: index + 1, shelf: shelf.name });
    }
  });
}

export interface MoveRequest {
  id: number;
  quantity: number;
  /** Entered in a unit (§14): converted by the command before the rule (`quantity` is then base units). */
  unit_id?: number;
  unit_quantity?: number;
  /** The unit it was entered in, for the ledger (absent: the product's own). */
  unit?: { name: string; factor: number };
  /** A serial-tracked product: the serials of the units moved now. */
  serials?: string[];
}

export interface PlannedMove {
  line: RelocationLine;
  quantity: number;
}

/**
 * Move (audited, status 0 or 1): each named line moves a positive quantity, its cumulative actual never
 * above its plan. Answers the moves and the status after them: 2 when every line is complete, else 1.
 */
export function moveRelocation(order: RelocationState, lines: RelocationLine[], requests: MoveRequest[]): { moves: PlannedMove[]; status: number; actual: Map<number, number> } {
  if (order.audit_status !== AUDIT_STATUS.audited) throw new OrderRuleError('not_audited_yet');
  if (order.status === RELOCATION_STATUS.cancelled) throw new OrderRuleError('relocation_cancelled');
  if (order.status === RELOCATION_STATUS.completed) throw new OrderRuleError('relocation_completed');
  const wanted = requests.filter((r) => r.quantity !== 0);
  if (!wanted.length) throw new OrderRuleError('move_nothing');
  const byId = new Map(lines.map((line) => [line.id, line]));
  const actual = new Map(lines.map((line) => [line.id, line.actual_quantity]));
  const moves = wanted.map((request) => {
    const line = byId.get(request.id);
    if (!line) throw new OrderRuleError('move_unknown_line', { id: request.id });
    if (!Number.isInteger(request.quantity) || request.quantity < 0) throw new OrderRuleError('move_needs_quantity', { id: request.id });
    const total = actual.get(line.id)! + request.quantity;
    if (total > line.plan_quantity) throw new OrderRuleError('move_over_plan', { id: line.id, plan: line.plan_quantity, moved: actual.get(line.id)!, quantity: request.quantity });
    actual.set(line.id, total);
    return { line, quantity: request.quantity };
  });
  const complete = lines.every((line) => actual.get(line.id) === line.plan_quantity);
  return { moves, status: complete ? RELOCATION_STATUS.completed : RELOCATION_STATUS.partiallyMoved, actual };
}

/** Cancel (status 0 or 1 → 3): stops further moves; what was moved stays moved. */
export function cancelRelocation(order: RelocationState): number {
  if (order.status === RELOCATION_STATUS.cancelled) throw new OrderRuleError('relocation_cancelled');
  if (order.status === RELOCATION_STATUS.completed) throw new OrderRuleError('relocation_completed');
  return RELOCATION_STATUS.cancelled;
}

/** Relocations can be edited or deleted only before audit and before anything moved. */
export function assertRelocationEditable(order: RelocationState): void {
  if (order.audit_status !== AUDIT_STATUS.unaudited || order.status !== RELOCATION_STATUS.notMoved) throw new OrderRuleError('audited_is_immutable');
}
