/**
 * The orders context's calls (docs/API.md): the four order controllers with their transitions and printed
 * documents, the counts (stock take) with theirs, and one order as audited for the auditor's trace.
 * Every transition sends the `Idempotency-Key` given, and answers the document as it now is.
 */
import type { OrderSnapshot } from '@contract/audit';
import type { OrderKind } from '@contract/enums';
import type { MoveLineInput, OrderListRow, OrderView, ShipInput } from '@contract/orders';
import type { StocktakeView } from '@contract/stocktake';
import type { TaskView, WaveView } from '@contract/directed';
import { actionUrl, createCrudApi, fetchJson, type CrudApi } from './crud';
import request, { directUrl } from './request';

export const ORDER_API: Record<OrderKind, string> = {
  inbound: '/admin/wms.Inbound',
  outbound: '/admin/wms.Outbound',
  relocation: '/admin/wms.Relocation',
  adjustment: '/admin/wms.Adjustment',
  return: '/admin/wms.Return',
};

export const STOCKTAKE_API = '/admin/wms.Stocktake';

/** `POST <base>/<action>` with an `Idempotency-Key`: the document as the transition left it (its message is shown). */
async function transition<T>(base: string, action: string, data: Record<string, unknown>, key: string): Promise<T> {
  return (await request<T>({ url: actionUrl(base, action), method: 'post', data, headers: { 'Idempotency-Key': key } }, { showSuccessMessage: true })).data;
}

/**
 * An order controller: the list (its rows without lines) and the form (the CRUD actions; `read` answers the
 * order with its lines), and the transitions that move stock or change a state.
 */
export interface OrderApi<K extends OrderKind = OrderKind> extends CrudApi<OrderListRow<K>> {
  read(id: string | number): Promise<OrderView<K>>;
  audit(id: number, key: string): Promise<OrderView<K>>;
  ship(id: number, input: ShipInput, key: string): Promise<OrderView<K>>;
  move(id: number, lines: MoveLineInput[], key: string): Promise<OrderView<K>>;
  cancel(id: number, key: string): Promise<OrderView<K>>;
}

export function createOrderApi<K extends OrderKind>(kind: K): OrderApi<K> {
  const crud = createCrudApi<OrderListRow<K>>(ORDER_API[kind]);
  const post = (action: string, data: Record<string, unknown>, key: string) => transition<OrderView<K>>(crud.base, action, data, key);
  return {
    ...crud,
    read: createCrudApi<OrderView<K>>(crud.base).read,
    audit: (id, key) => post('audit', { id }, key),
    ship: (id, input, key) => post('ship', { id, ...input }, key),
    move: (id, lines, key) => post('move', { id, lines }, key),
    cancel: (id, key) => post('cancel', { id }, key),
  };
}

/** The PDF of one of an order's documents (`doc`: receipt, picking, delivery, relocation, adjustment), opened directly. */
export function printUrl(kind: OrderKind, id: number, doc: string, token: string, lang: string): string {
  return directUrl(actionUrl(ORDER_API[kind], 'print'), { id, format: 'pdf', doc }, token, lang);
}

/** One order as audited: the order with its lines, and its movements as the ledger recorded them. */
export function fetchOrderSnapshot(orderType: string, orderId: number): Promise<OrderSnapshot> {
  return fetchJson<OrderSnapshot>('/admin/audit.Trace/order', { order_type: orderType, order_id: orderId });
}

/* Counts ----------------------------------------------------------------------------------------- */

/** `GET wms.Stocktake/edit?id=`: the count with its lines in shelf-path order. */
export async function fetchStocktake(id: number): Promise<StocktakeView> {
  return (await fetchJson<{ row: StocktakeView }>(actionUrl(STOCKTAKE_API, 'edit'), { id })).row;
}

/** A counted line: by its id, or a found item (product, shelf, lot) the sheet lacked. */
export type CountedLine = { id: number; counted_quantity: number } | { product_id: number; warehouse_shelf_id: number; lot_no: string; counted_quantity: number };

/** `POST wms.Stocktake/count`: repeatable (the last count of a line wins); answers the count. */
export async function countStocktake(id: number, lines: CountedLine[]): Promise<StocktakeView> {
  return (await request<StocktakeView>({ url: actionUrl(STOCKTAKE_API, 'count'), method: 'post', data: { id, lines } })).data;
}

/** start / post / cancel a count. */
export function stocktakeTransition(action: 'start' | 'post' | 'cancel', id: number, key: string): Promise<StocktakeView> {
  return transition<StocktakeView>(STOCKTAKE_API, action, { id }, key);
}

/** The count sheet's PDF, opened directly. */
export function stocktakePrintUrl(id: number, token: string, lang: string): string {
  return directUrl(actionUrl(STOCKTAKE_API, 'print'), { id, format: 'pdf' }, token, lang);
}

/* Directed work: reservations, waves, tasks ------------------------------------------------------ */

export const WAVE_API = '/admin/wms.Wave';
export const TASK_API = '/admin/wms.Task';

/** `POST wms.Outbound/reserve` (all or nothing unless `partial`) and `unreserve`: the order as it now is. */
export function reserveOutbound(id: number, partial: boolean, key: string): Promise<OrderView<'outbound'>> {
  return transition<OrderView<'outbound'>>(ORDER_API.outbound, 'reserve', { id, partial: partial ? 1 : 0 }, key);
}
export function unreserveOutbound(id: number, key: string): Promise<OrderView<'outbound'>> {
  return transition<OrderView<'outbound'>>(ORDER_API.outbound, 'unreserve', { id }, key);
}

/** `GET wms.Wave/edit?id=`: the wave with its orders, tasks in sequence and progress. */
export async function fetchWave(id: number): Promise<WaveView> {
  return (await fetchJson<{ row: WaveView }>(actionUrl(WAVE_API, 'edit'), { id })).row;
}

/** `POST wms.Wave/add`: a draft wave of the orders chosen. */
export async function addWave(data: { warehouse_id: number; outbound_ids: number[]; remark?: string }): Promise<WaveView> {
  return (await request<WaveView>({ url: actionUrl(WAVE_API, 'add'), method: 'post', data }, { showSuccessMessage: true })).data;
}

/** release / cancel a wave. */
export function waveTransition(action: 'release' | 'cancel', id: number, key: string): Promise<WaveView> {
  return transition<WaveView>(WAVE_API, action, { id }, key);
}

/** `POST wms.Task/next`: the task the caller holds or the next open one, claimed (null: none open). */
export async function nextTask(waveId: number | null, key: string): Promise<TaskView | null> {
  return (await request<TaskView | null>({ url: actionUrl(TASK_API, 'next'), method: 'post', data: waveId ? { wave_id: waveId } : {}, headers: { 'Idempotency-Key': key } })).data;
}

/** `POST wms.Task/unclaim`. */
export function unclaimTask(id: number, key: string): Promise<TaskView> {
  return transition<TaskView>(TASK_API, 'unclaim', { id }, key);
}

/** What a confirm sends: the scanned shelf and product, the quantity, and `short` to close the task with less. */
export interface TaskConfirmInput {
  from_code: string;
  product_code: string;
  quantity: number;
  short?: boolean;
}

/** `POST wms.Task/confirm` with an `Idempotency-Key` (a retried confirm posts once). */
export function confirmTask(id: number, input: TaskConfirmInput, key: string): Promise<TaskView> {
  return transition<TaskView>(TASK_API, 'confirm', { id, ...input, short: input.short ? 1 : 0 }, key);
}
