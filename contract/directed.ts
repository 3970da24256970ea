/**
 * Directed work on the wire: waves (`wms.Wave`) and tasks (`wms.Task`). The numbers of their statuses and
 * types are in `enums.ts` (`WAVE_STATUS`, `TASK_TYPE`, `TASK_STATUS`).
 */

/** The order line a pick task serves, its share of the task and what of it is picked. */
export interface TaskBreakdownEntry {
  outbound_id: number;
  line_id: number;
  quantity: number;
  picked?: number;
}

/** A shelf as a task names it. */
export interface TaskShelfView {
  id: number;
  name: string;
  serial_no: string;
  /** "warehouse / area / shelf" */
  location: string;
}

/** A task as every answer shows it. */
export interface TaskView {
  id: number;
  type: number;
  status: number;
  wave_id: number;
  warehouse_id: number;
  from_shelf_id: number;
  to_shelf_id: number;
  product_id: number;
  lot_no: string;
  quantity: number;
  done_quantity: number;
  remaining: number;
  sequence: number;
  assignee_id: number;
  breakdown: TaskBreakdownEntry[];
  claim_time: number | null;
  done_time: number | null;
  createtime: number;
  /** `serial_tracked` 1: the confirm names one serial per unit (docs/SERIALS.md). */
  product: { id: number; name: string; product_no: string; bar_code: string; unit_name: string; serial_tracked?: number } | null;
  from_shelf: TaskShelfView | null;
  to_shelf: TaskShelfView | null;
}

/** An order of a wave as the wave shows it. */
export interface WaveOrderView {
  id: number;
  outbound_no: string;
  audit_status: number;
  fulfilment_status: number;
  customer_id: number;
}

/** A wave as every answer shows it: its orders, its tasks in sequence and its progress. */
export interface WaveView {
  id: number;
  wave_no: string;
  warehouse_id: number;
  status: number;
  remark: string;
  admin_id: number;
  release_time: number | null;
  createtime: number | null;
  updatetime: number | null;
  outbound_ids: number[];
  orders: WaveOrderView[];
  tasks: TaskView[];
  progress: { tasks: number; closed: number; quantity: number; done_quantity: number };
}

/** What a package holds of one product. */
export interface PackageContentView {
  product_id: number;
  product_no: string;
  name: string;
  quantity: number;
}

/**
 * A package (`wms.Package`): a carton or pallet of one picked outbound order, with its SSCC (18 digits, GS1
 * check digit), `PACKAGE_TYPE` and `PACKAGE_STATUS`, its weight in kg once closed ('0.00': not weighed) and
 * what it holds. `number` of `count`: "carton i of n" among the order's packages that hold something.
 */
export interface PackageView {
  id: number;
  sscc: string;
  outbound_id: number;
  type: number;
  status: number;
  weight: string;
  number: number;
  count: number;
  contents: PackageContentView[];
  admin_id: number;
  close_time: number | null;
  createtime: number | null;
}

/** An order waiting at the pack station (`wms.Package/orders`): picked or packed, not shipped. */
export interface PackableOrderView {
  id: number;
  outbound_no: string;
  customer: string;
  fulfilment_status: number;
}

/** `wms.Putaway/suggest` (§12): where a quantity goes, shelf by shelf, and what fits nowhere. */
export interface PutawaySuggestionView {
  lines: Array<{ warehouse_shelf_id: number; quantity: number; shelf?: { id: number; name: string; serial_no: string } | null }>;
  unplaced: number;
}

/** A row of `wms.Reorder/index` (§12): suggested = 0 when position ≥ min, else (max − position) rounded up to a multiple. */
export interface ReorderLine {
  /** The reorder rule. */
  id: number;
  warehouse_id: number;
  product_id: number;
  supplier_id: number;
  product: { id: number; name: string; product_no: string; price: string } | null;
  on_hand: number;
  inbound_pending: number;
  reserved: number;
  position: number;
  min: number;
  max: number;
  multiple: number;
  suggested: number;
}

/** `wms.Reorder/draft`: the numbers of the unaudited purchase orders written (one per supplier). */
export interface ReorderDraftResult {
  orders: Array<{ id: number; receipt_no: string; supplier_id: number }>;
}

/** `wms.Replenishment/run`: the faces found below their min and the tasks created. */
export interface ReplenishmentRunResult {
  faces: number;
  tasks: number;
}
