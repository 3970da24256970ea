/**
 * The orders context's calls (docs/API.md): the four order controllers with their transitions and printed
 * documents, the counts (stock take) with theirs, and one order as audited for the auditor's trace.
 * Every transition sends the `Idempotency-Key` given, and answers the document as it now is.
 */
import type { OrderSnapshot } from '@contract/audit';
import type { OrderKind } from '@contract/enums';
import type { MoveLineInput, OrderListRow, OrderView, ShipInput } from '@contract/orders';
import type { StocktakeView } from '@contract/stocktake';
import type { PackableOrderView, PackageView, ReorderDraftResult, ReorderLine, ReplenishmentRunResult, TaskView, WaveView } from '@contract/directed';
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
/** A serial-tracked line (§14) also sends `serials`, one per unit counted. */
export type CountedLine = ({ id: number; counted_quantity: number } | { product_id: number; warehouse_shelf_id: number; lot_no: string; counted_quantity: number }) & { serials?: string[] };

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
  /** base units; or, counted in a unit of the product (§14), `unit_id` and `unit_quantity` */
  quantity?: number;
  unit_id?: number;
  unit_quantity?: number;
  short?: boolean;
  /** putaway and replenishment: the shelf the goods are put on. */
  to_code?: string;
  /** a putaway past the shelf's capacity or mixing, with the reason the admin log keeps. */
  force?: boolean;
  reason?: string;
  /** a serial-tracked product: the serials scanned, one per unit confirmed. */
  serials?: string[];
}

/** `POST wms.Task/confirm` with an `Idempotency-Key` (a retried confirm posts once). */
export function confirmTask(id: number, input: TaskConfirmInput, key: string): Promise<TaskView> {
  return transition<TaskView>(TASK_API, 'confirm', { id, ...input, short: input.short ? 1 : 0, force: input.force ? 1 : 0 }, key);
}

/* Putaway, replenishment, reorder (§12) ------------------------------------------------------------ */

export const PUTAWAY_RULE_API = '/admin/wms.PutawayRule';
export const PICK_FACE_API = '/admin/wms.PickFace';
export const REORDER_RULE_API = '/admin/wms.ReorderRule';

/** `POST wms.Replenishment/run {warehouse_id?}`: the faces below min and the tasks created (its message is shown). */
export async function runReplenishment(warehouseId: number | null): Promise<ReplenishmentRunResult> {
  return (await request<ReplenishmentRunResult>({ url: '/admin/wms.Replenishment/run', method: 'post', data: warehouseId ? { warehouse_id: warehouseId } : {} }, { showSuccessMessage: true })).data;
}

/** `GET wms.Reorder/index?warehouse_id`: the reorder list of a warehouse. */
export async function fetchReorder(warehouseId: number): Promise<ReorderLine[]> {
  return (await fetchJson<{ list: ReorderLine[] }>('/admin/wms.Reorder/index', { warehouse_id: warehouseId })).list;
}

/** `POST wms.Reorder/draft`: one unaudited purchase order per supplier (its message is shown). */
export async function draftReorder(warehouseId: number): Promise<ReorderDraftResult> {
  return (await request<ReorderDraftResult>({ url: '/admin/wms.Reorder/draft', method: 'post', data: { warehouse_id: warehouseId } }, { showSuccessMessage: true })).data;
}

/** The pick sheet of a wave (`wms.Wave/print`), opened directly. */
export function wavePrintUrl(id: number, token: string, lang: string): string {
  return directUrl(actionUrl(WAVE_API, 'print'), { id, format: 'pdf' }, token, lang);
}

/* Packing: the pack station --------------------------------------------------------------------- */

export const PACKAGE_API = '/admin/wms.Package';

/** `GET wms.Package/orders`: the orders picked (or packed) and not shipped, the newest first. */
export async function packableOrders(): Promise<PackableOrderView[]> {
  return (await fetchJson<{ list: PackableOrderView[] }>(actionUrl(PACKAGE_API, 'orders'), {})).list;
}

/** `GET wms.Package/order?code=`: one order by its number or id, with its lines and packages. */
export async function packStationOrder(code: string | number): Promise<OrderView<'outbound'>> {
  return (await fetchJson<{ row: OrderView<'outbound'> }>(actionUrl(PACKAGE_API, 'order'), { code })).row;
}

/** `POST wms.Package/add`: a new open package (1 carton, 2 pallet) with its SSCC. */
export function addPackage(outboundId: number, type: number, key: string): Promise<PackageView> {
  return transition<PackageView>(PACKAGE_API, 'add', { outbound_id: outboundId, type }, key);
}

/** `POST wms.Package/pack` or `unpack`: what the scanned code names, `quantity` of it. */
export async function packScan(action: 'pack' | 'unpack', packageId: number, code: string, quantity: number, key: string): Promise<PackageView> {
  // no message per scan (the carton's contents show it); a refusal still shows the server's message
  return (await request<PackageView>({ url: actionUrl(PACKAGE_API, action), method: 'post', data: { package_id: packageId, code, quantity }, headers: { 'Idempotency-Key': key } })).data;
}

/** `POST wms.Package/close` with the weight in kg ('' : not weighed). */
export function closePackage(packageId: number, weight: string, key: string): Promise<PackageView> {
  return transition<PackageView>(PACKAGE_API, 'close', { package_id: packageId, ...(weight ? { weight } : {}) }, key);
}

/** A package's label (`pdf` for the label printer, `png` an image), opened directly. */
export function packageLabelUrl(id: number, format: 'pdf' | 'png', token: string, lang: string): string {
  return directUrl(actionUrl(PACKAGE_API, 'label'), { id, format }, token, lang);
}
