/**
 * The order lifecycles (docs/ARCHITECTURE.md, "Order lifecycles") as the screens see them: enumerations with their tag colours, and
 * which buttons an order offers in its current state (and to whom). Pure: unit-tested in states.spec.ts.
 */
import { tagOptions } from '@/components/crud/options';
import { AUDIT_STATUS, FORM_TYPE, FULFILMENT_STATUS, INBOUND_TYPE, OUTBOUND_TYPE, RELOCATION_STATUS, SHIPMENT_STATUS, type OrderKind } from '@contract/enums';

export { AUDIT_STATUS, RELOCATION_STATUS, SHIPMENT_STATUS } from '@contract/enums';
export type { OrderKind } from '@contract/enums';

/** audit_status 0 / 1 (every order kind). */
export const AUDIT_STATUS_OPTIONS = tagOptions('orders.auditStatus', [
  [AUDIT_STATUS.unaudited, 'orange'],
  [AUDIT_STATUS.audited, 'green'],
]);

/** outbound shipment_status 0 / 1. */
export const SHIPMENT_STATUS_OPTIONS = tagOptions('orders.shipmentStatus', [
  [SHIPMENT_STATUS.unshipped, 'gray'],
  [SHIPMENT_STATUS.shipped, 'arcoblue'],
]);

/** relocation status 0 not moved / 1 partially moved / 2 completed / 3 cancelled. */
export const RELOCATION_STATUS_OPTIONS = tagOptions('orders.relocationStatus', [
  [RELOCATION_STATUS.notMoved, 'gray'],
  [RELOCATION_STATUS.partiallyMoved, 'orangered'],
  [RELOCATION_STATUS.completed, 'green'],
  [RELOCATION_STATUS.cancelled, 'red'],
]);

/** inbound type 10 purchase / 20 outsourced / 30 return. */
export const INBOUND_TYPE_OPTIONS = tagOptions('orders.inboundType', [
  [INBOUND_TYPE.purchase, 'arcoblue'],
  [INBOUND_TYPE.outsourced, 'purple'],
  [INBOUND_TYPE.return, 'gold'],
]);

/** outbound type 10 sales / 20 outsourced / 30 transfer. */
export const OUTBOUND_TYPE_OPTIONS = tagOptions('orders.outboundType', [
  [OUTBOUND_TYPE.sales, 'arcoblue'],
  [OUTBOUND_TYPE.outsourced, 'purple'],
  [OUTBOUND_TYPE.transfer, 'cyan'],
]);

/** inventory form_type: inbound kinds green shades, outbound kinds red shades, moves blue, counts purple, adjustments gold. */
export const FORM_TYPE_OPTIONS = tagOptions('orders.formType', [
  [FORM_TYPE.purchaseInbound, 'green'],
  [FORM_TYPE.outsourcedInbound, 'lime'],
  [FORM_TYPE.returnInbound, 'cyan'],
  [FORM_TYPE.salesOutbound, 'red'],
  [FORM_TYPE.outsourcedOutbound, 'orangered'],
  [FORM_TYPE.transferOutbound, 'magenta'],
  [FORM_TYPE.stockMove, 'arcoblue'],
  [FORM_TYPE.countGain, 'purple'],
  [FORM_TYPE.countLoss, 'pinkpurple'],
  [FORM_TYPE.adjustmentIn, 'gold'],
  [FORM_TYPE.adjustmentOut, 'orange'],
  [FORM_TYPE.pick, 'blue'],
  [FORM_TYPE.putaway, 'green'],
  [FORM_TYPE.replenishment, 'orange'],
]);

/** order_type of a history row. */
export const ORDER_TYPE_OPTIONS = tagOptions('orders.orderType', [
  ['inbound', 'green'],
  ['outbound', 'red'],
  ['relocation', 'arcoblue'],
  ['stocktake', 'purple'],
  ['adjustment', 'gold'],
  ['wave', 'blue'],
  ['task', 'cyan'],
]);

/** The button an order may offer. `view` is always there; the others depend on the state. */
export type OrderAction = 'view' | 'edit' | 'delete' | 'audit' | 'ship' | 'move' | 'cancel' | 'reserve' | 'unreserve';

/** The permission action (`wms/<kind>/<node>`) each button needs; `view` only needs the list itself. */
export const ACTION_NODE: Record<OrderAction, string | null> = {
  view: null,
  edit: 'edit',
  delete: 'del',
  audit: 'audit',
  ship: 'ship',
  move: 'move',
  cancel: 'cancel',
  reserve: 'reserve',
  unreserve: 'unreserve',
};

export interface OrderStateRow {
  audit_status?: unknown;
  shipment_status?: unknown;
  status?: unknown;
  /** outbound: 0 none, 1 reserved, 2 in wave, 3 picked, 4 packed, 5 shipped */
  fulfilment_status?: unknown;
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
  if (kind === 'outbound') {
    // directed fulfilment: a reserved order is locked until unreserved; an order in a wave ships once picked (or packed)
    const fulfilment = num(row.fulfilment_status);
    if (!audited && fulfilment === FULFILMENT_STATUS.none) actions.push('edit', 'delete', 'audit', 'reserve');
    if (!audited && fulfilment === FULFILMENT_STATUS.reserved) actions.push('audit', 'unreserve');
    if (num(row.shipment_status) === SHIPMENT_STATUS.unshipped && (audited || fulfilment === FULFILMENT_STATUS.picked || fulfilment === FULFILMENT_STATUS.packed)) actions.push('ship');
    return actions;
  }
  if (!audited) actions.push('edit', 'delete', 'audit');
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
