/**
 * The order lifecycles (docs/ARCHITECTURE.md, "Order lifecycles") as the screens see them: enumerations with their tag colours, and
 * which buttons an order offers in its current state (and to whom). Pure: unit-tested in states.spec.ts.
 */
import type { CrudOption } from '@/components/crud';
import { AUDIT_STATUS, FORM_TYPE, INBOUND_TYPE, OUTBOUND_TYPE, RELOCATION_STATUS, SHIPMENT_STATUS, type OrderKind } from '@contract/enums';

export { AUDIT_STATUS, RELOCATION_STATUS, SHIPMENT_STATUS } from '@contract/enums';
export type { OrderKind } from '@contract/enums';

/** audit_status 0 / 1 (every order kind). */
export const AUDIT_STATUS_OPTIONS: CrudOption[] = [
  { value: AUDIT_STATUS.unaudited, label: 'orders.auditStatus.0', color: 'orange' },
  { value: AUDIT_STATUS.audited, label: 'orders.auditStatus.1', color: 'green' },
];

/** outbound shipment_status 0 / 1. */
export const SHIPMENT_STATUS_OPTIONS: CrudOption[] = [
  { value: SHIPMENT_STATUS.unshipped, label: 'orders.shipmentStatus.0', color: 'gray' },
  { value: SHIPMENT_STATUS.shipped, label: 'orders.shipmentStatus.1', color: 'arcoblue' },
];

/** relocation status 0 not moved / 1 partially moved / 2 completed / 3 cancelled. */
export const RELOCATION_STATUS_OPTIONS: CrudOption[] = [
  { value: RELOCATION_STATUS.notMoved, label: 'orders.relocationStatus.0', color: 'gray' },
  { value: RELOCATION_STATUS.partiallyMoved, label: 'orders.relocationStatus.1', color: 'orangered' },
  { value: RELOCATION_STATUS.completed, label: 'orders.relocationStatus.2', color: 'green' },
  { value: RELOCATION_STATUS.cancelled, label: 'orders.relocationStatus.3', color: 'red' },
];

/** inbound type 10 purchase / 20 outsourced / 30 return. */
export const INBOUND_TYPE_OPTIONS: CrudOption[] = [
  { value: INBOUND_TYPE.purchase, label: 'orders.inboundType.10', color: 'arcoblue' },
  { value: INBOUND_TYPE.outsourced, label: 'orders.inboundType.20', color: 'purple' },
  { value: INBOUND_TYPE.return, label: 'orders.inboundType.30', color: 'gold' },
];

/** outbound type 10 sales / 20 outsourced / 30 transfer. */
export const OUTBOUND_TYPE_OPTIONS: CrudOption[] = [
  { value: OUTBOUND_TYPE.sales, label: 'orders.outboundType.10', color: 'arcoblue' },
  { value: OUTBOUND_TYPE.outsourced, label: 'orders.outboundType.20', color: 'purple' },
  { value: OUTBOUND_TYPE.transfer, label: 'orders.outboundType.30', color: 'cyan' },
];

/** inventory form_type: inbound kinds green shades, outbound kinds red shades, moves blue, counts purple, adjustments gold. */
export const FORM_TYPE_OPTIONS: CrudOption[] = [
  { value: FORM_TYPE.purchaseInbound, label: 'orders.formType.10', color: 'green' },
  { value: FORM_TYPE.outsourcedInbound, label: 'orders.formType.20', color: 'lime' },
  { value: FORM_TYPE.returnInbound, label: 'orders.formType.30', color: 'cyan' },
  { value: FORM_TYPE.salesOutbound, label: 'orders.formType.40', color: 'red' },
  { value: FORM_TYPE.outsourcedOutbound, label: 'orders.formType.50', color: 'orangered' },
  { value: FORM_TYPE.transferOutbound, label: 'orders.formType.60', color: 'magenta' },
  { value: FORM_TYPE.stockMove, label: 'orders.formType.70', color: 'arcoblue' },
  { value: FORM_TYPE.countGain, label: 'orders.formType.80', color: 'purple' },
  { value: FORM_TYPE.countLoss, label: 'orders.formType.90', color: 'pinkpurple' },
  { value: FORM_TYPE.adjustmentIn, label: 'orders.formType.100', color: 'gold' },
  { value: FORM_TYPE.adjustmentOut, label: 'orders.formType.110', color: 'orange' },
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
    const open = status === RELOCATION_STATUS.notMoved || status === RELOCATION_STATUS.partiallyMoved;
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
