/**
 * The order lifecycles (docs/ARCHITECTURE.md) as the screens see them: enumerations with their tag colours, and
 * which buttons an order offers in its current state (and to whom). Pure: unit-tested in states.spec.ts.
 */
import type { CrudOption } from '@/components/crud';

export type OrderKind = 'inbound' | 'outbound' | 'relocation' | 'adjustment';

export const AUDIT_STATUS = { unaudited: 0, audited: 1 } as const;
export const SHIPMENT_STATUS = { unshipped: 0, shipped: 1 } as const;
export const RELOCATION_STATUS = { notMoved: 0, partial: 1, completed: 2, cancelled: 3 } as const;

/** audit_status 0 / 1 (every order kind). */
export const AUDIT_STATUS_OPTIONS: CrudOption[] = [
  { value: 0, label: 'orders.auditStatus.0', color: 'orange' },
  { value: 1, label: 'orders.auditStatus.1', color: 'green' },
];

/** outbound shipment_status 0 / 1. */
export const SHIPMENT_STATUS_OPTIONS: CrudOption[] = [
  { value: 0, label: 'orders.shipmentStatus.0', color: 'gray' },
  { value: 1, label: 'orders.shipmentStatus.1', color: 'arcoblue' },
];

/** relocation status 0 not moved / 1 partially moved / 2 completed / 3 cancelled. */
export const RELOCATION_STATUS_OPTIONS: CrudOption[] = [
  { value: 0, label: 'orders.relocationStatus.0', color: 'gray' },
  { value: 1, label: 'orders.relocationStatus.1', color: 'orangered' },
  { value: 2, label: 'orders.relocationStatus.2', color: 'green' },
  { value: 3, label: 'orders.relocationStatus.3', color: 'red' },
];

/** inbound type 10 purchase / 20 outsourced / 30 return. */
export const INBOUND_TYPE_OPTIONS: CrudOption[] = [
  { value: 10, label: 'orders.inboundType.10', color: 'arcoblue' },
  { value: 20, label: 'orders.inboundType.20', color: 'purple' },
  { value: 30, label: 'orders.inboundType.30', color: 'gold' },
];

/** outbound type 10 sales / 20 outsourced / 30 transfer. */
export const OUTBOUND_TYPE_OPTIONS: CrudOption[] = [
  { value: 10, label: 'orders.outboundType.10', color: 'arcoblue' },
  { value: 20, label: 'orders.outboundType.20', color: 'purple' },
  { value: 30, label: 'orders.outboundType.30', color: 'cyan' },
];

/** inventory form_type: inbound kinds green shades, outbound kinds red shades, moves blue, counts purple, adjustments gold. */
export const FORM_TYPE_OPTIONS: CrudOption[] = [
  { value: 10, label: 'orders.formType.10', color: 'green' },
  { value: 20, label: 'orders.formType.20', color: 'lime' },
  { value: 30, label: 'orders.formType.30', color: 'cyan' },
  { value: 40, label: 'orders.formType.40', color: 'red' },
  { value: 50, label: 'orders.formType.50', color: 'orangered' },
  { value: 60, label: 'orders.formType.60', color: 'magenta' },
  { value: 70, label: 'orders.formType.70', color: 'arcoblue' },
  { value: 80, label: 'orders.formType.80', color: 'purple' },
  { value: 90, label: 'orders.formType.90', color: 'pinkpurple' },
  { value: 100, label: 'orders.formType.100', color: 'gold' },
  { value: 110, label: 'orders.formType.110', color: 'orange' },
];

/** order_type of a history row. */
export const ORDER_TYPE_OPTIONS: CrudOption[] = [
  { value: 'inbound', label: 'orders.orderType.inbound', color: 'green' },
  { value: 'outbound', label: 'orders.orderType.outbound', color: 'red' },
  { value: 'relocation', label: 'orders.orderType.relocation', color: 'arcoblue' },
  { value: 'stocktake', label: 'orders.orderType.stocktake', color: 'purple' },
  { value: 'adjustment', label: 'orders.orderType.adjustment', color: 'gold' },
];

/** The button an order may offer. `view` is always there; the others depend on the state. */
export type OrderAction = 'view' | 'edit' | 'delete' | 'audit' | 'ship' | 'move' | 'cancel';

/** The permission action (`wms/<kind>/<node>`) each button needs; `view` only needs the list itself. */
export const ACTION_NODE: Record<OrderAction, string | null> = {
  view: null,
  edit: 'edit',
  delete: 'del',
  audit: 'audit',
  ship: 'ship',
  move: 'move',
  cancel: 'cancel',
};

export interface OrderStateRow {
  audit_status?: unknown;
  shipment_status?: unknown;
  status?: unknown;
}

const num = (v: unknown): number => (v === null || v === undefined || v === '' ? 0 : Number(v));

export function isAudited(row: OrderStateRow): boolean {
  return num(row.audit_status) === AUDIT_STATUS.audited;
}

/**
 * The transitions an order's state allows, before permissions:
 * - every kind: edit and delete only while unaudited; audit while unaudited;
 * - outbound: ship once audited and not yet shipped;
 * - relocation: a cancelled order is closed (no edit, audit, move or cancel; delete stays while unaudited);
 *   move when audited and not moved or partially moved; cancel when not moved or partially moved.
 */
export function stateActions(kind: OrderKind, row: OrderStateRow): OrderAction[] {
  const audited = isAudited(row);
  const actions: OrderAction[] = ['view'];
  if (kind === 'relocation') {
    const status = num(row.status);
    const open = status === RELOCATION_STATUS.notMoved || status === RELOCATION_STATUS.partial;
    const cancelled = status === RELOCATION_STATUS.cancelled;
    if (!audited && !cancelled) actions.push('edit');
    if (!audited) actions.push('delete');
    if (!audited && !cancelled) actions.push('audit');
    if (audited && open) actions.push('move');
    if (open) actions.push('cancel');
    return actions;
  }
  if (!audited) actions.push('edit', 'delete', 'audit');
  if (kind === 'outbound' && audited && num(row.shipment_status) === SHIPMENT_STATUS.unshipped) actions.push('ship');
  return actions;
}

/** The buttons to draw: what the state allows and the admin's nodes permit (`can('audit')` …). */
export function orderActions(kind: OrderKind, row: OrderStateRow, can: (node: string) => boolean): OrderAction[] {
  return stateActions(kind, row).filter((action) => {
    const node = ACTION_NODE[action];
    return node === null || can(node);
  });
}

/** One relocation line's progress: planned, moved so far, what is left. */
export interface MoveProgress {
  plan: number;
  moved: number;
  remaining: number;
}

export function moveProgress(line: { plan_quantity?: unknown; actual_quantity?: unknown }): MoveProgress {
  const plan = Math.max(0, num(line.plan_quantity));
  const moved = Math.max(0, num(line.actual_quantity));
  return { plan, moved, remaining: Math.max(0, plan - moved) };
}

/**
 * Checks the quantities typed in the move dialog: whole numbers from 0 to what is left of each line, and at
 * least one positive. Answers a language key per line in error (by line id) and the lines to post.
 */
export function checkMove(
  lines: Array<{ id: number; plan_quantity?: unknown; actual_quantity?: unknown }>,
  quantities: Record<number, unknown>,
): { errors: Record<number, string>; lines: Array<{ id: number; quantity: number }>; empty: boolean } {
  const errors: Record<number, string> = {};
  const out: Array<{ id: number; quantity: number }> = [];
  for (const line of lines) {
    const raw = quantities[line.id];
    if (raw === undefined || raw === null || raw === '') continue;
    const q = typeof raw === 'number' ? raw : Number(String(raw).trim());
    const { remaining } = moveProgress(line);
    if (!Number.isInteger(q) || q < 0) errors[line.id] = 'orders.validate.integer';
    else if (q > remaining) errors[line.id] = 'orders.move.tooMuch';
    else if (q > 0) out.push({ id: line.id, quantity: q });
  }
  return { errors, lines: out, empty: out.length === 0 && Object.keys(errors).length === 0 };
}
