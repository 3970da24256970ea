/**
 * The state of an order form: the header (reference, party, type, remark) and the line editor (products,
 * shelves, quantities, prices), its validation (language keys, shown once a field was touched or a save
 * was tried), the totals (integer cents, see money.ts) and the body posted to `add` / `edit`.
 * The on-hand stock of each chosen product is loaded per shelf and lot for the hints beside the shelf selects,
 * the lots a line may name, and the warning when a line would take more than its audit can (counting the lot
 * named, or what first-expiry-first-out may take, never every lot of the shelf).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { OrderKind } from '@contract/enums';
import type { ProductPick, ShelfPick } from '@contract/master-data';
import type { LineOf, OrderOf, OrderShelfView } from '@contract/orders';
import { fetchProductStock, type ProductStock, type StockLot } from '@/api/inventory';
import { fetchProductUnits } from '@/api/masterData';
import type { EnteredUnit, ProductUnitRow } from '@contract/units';
import { availableToTake, expiryPreview, fefoOrder, LOT_NO_MAX_LENGTH, LOT_PATTERN, normalizeLot } from '@/features/lots/lots';
import { MONEY_PATTERN, lineTotal, normalizeMoney, orderTotals, parseQuantity, type OrderTotals } from './money';

export interface ProductInfo {
  id: number;
  name: string;
  product_no: string;
  spec?: string;
  unit_name?: string;
  price?: string;
  /** the product's on-hand total when it was picked (select rows carry it). */
  total_stock_num?: number;
  /** stock kept per lot: inbound lines need a lot number. */
  lot_tracked?: boolean;
  /** shelf life in days (0: none): the expiry of a receipt without one is production date + this. */
  effective_day?: number;
  /** one serial per unit: inbound, outbound and adjustment lines scan their serials. */
  serial_tracked?: boolean;
}

export type ShelfSide = 'warehouse' | 'source' | 'target';

export interface LineDraft {
  key: string;
  /** the line's id when editing (the server replaces all lines; kept for display only). */
  id?: number;
  product_id: number | null;
  product: ProductInfo | null;
  detail_code: string;
  plan_quantity: number | null;
  actual_quantity: number | null;
  /** the actual quantity copies the plan until it is typed in. */
  actualFollowsPlan: boolean;
  price: string;
  /** the price was typed (a new product no longer overwrites it). */
  priceTouched: boolean;
  /** goods lines: the shelf and the warehouse chosen to narrow the shelf list. */
  warehouse_id: number | null;
  warehouse_shelf_id: number | null;
  /** adjustment lines: the signed change (never 0) and its reason; `lot_no` of the stream. */
  quantity: number | null;
  reason: string;
  lot_no: string;
  /** relocation lines */
  source_warehouse_id: number | null;
  source_warehouse_shelf_id: number | null;
  target_warehouse_id: number | null;
  target_warehouse_shelf_id: number | null;
  /** (`lot_no` above) lot-tracked products: the lot received (inbound) or named (outbound, relocation; '' = first expiry first). */
  /** inbound, `YYYY-MM-DD` or '' */
  production_date: string;
  expiry_date: string;
  /** The unit the quantities are typed in (null: the product's own): the line posts `unit_id` + `unit_quantity`. */
  unit: EnteredUnit | null;
  /** serial-tracked products: the serials scanned, one per unit (inbound, outbound, adjustment). */
  serials: string[];
}

export interface HeaderDraft {
  order_sn: string;
  /** supplier_id (inbound) or customer_id (outbound, relocation) */
  party_id: number | null;
  type: number | null;
  remark: string;
  /** outbound: the warehouse it is fulfilled from; its lines may then leave the shelf to the reservation */
  warehouse_id?: number | null;
}

export type LineField =
  | 'product_id'
  | 'detail_code'
  | 'plan_quantity'
  | 'actual_quantity'
  | 'price'
  | 'quantity'
  | 'reason'
  | 'warehouse_shelf_id'
  | 'source_warehouse_shelf_id'
  | 'target_warehouse_shelf_id'
  | 'lot_no'
  | 'expiry_date'
  | 'unit_id';

export type HeaderField = 'order_sn' | 'party_id' | 'type' | 'remark' | 'lines';

/** A shelf as a scan answers it (`wms.Scan/resolve`, kind shelf). */
export interface ScannedShelf {
  id: number;
  warehouse_id: number;
  location: string;
}

/** The lot and dates a GS1 code carried (`YYYY-MM-DD` or ''). */
/** A scanned unit (a case's bar code, GS1 (02) + (37)): which unit (id 0: the product's own) and how many of it. */
export interface ScannedUnit {
  unit: EnteredUnit;
  count: number;
}

export interface ScannedLot {
  lot_no: string;
  production_date: string;
  expiry_date: string;
}

/** What a scan did to the lines: which line, its new quantity, and whether the line is new. */
export interface ScanOutcome {
  key: string;
  index: number;
  quantity: number;
  added: boolean;
  /** A language key of the feedback other than the target's `added` / `more` ({name}, {quantity}, {line}). */
  message?: string;
}

/** A message: a language key and its arguments. */
export interface Message {
  key: string;
  args?: Record<string, string | number>;
}

export interface FormCheck {
  header: Partial<Record<HeaderField, Message>>;
  lines: Record<string, Partial<Record<LineField, Message>>>;
  /** hints that do not stop the save (stock is checked when it moves). */
  warnings: Record<string, Partial<Record<LineField, Message>>>;
  valid: boolean;
}

/** The party column of each order kind (adjustments have none). */
export const PARTY_FIELD: Record<OrderKind, 'supplier_id' | 'customer_id' | null> = {
  inbound: 'supplier_id',
  outbound: 'customer_id',
  relocation: 'customer_id',
  adjustment: null,
  return: 'customer_id',
};

/** The reasons an adjustment line may give (the server refuses any other). */
export const ADJUSTMENT_REASONS = ['damaged', 'lost', 'found', 'expired', 'correction'] as const;

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : null;
};

let seq = 0;
const nextKey = () => `line-${++seq}`;

export function emptyLine(): LineDraft {
  return {
    key: nextKey(),
    product_id: null,
    product: null,
    detail_code: '',
    plan_quantity: null,
    actual_quantity: null,
    actualFollowsPlan: true,
    price: '',
    priceTouched: false,
    warehouse_id: null,
    warehouse_shelf_id: null,
    quantity: null,
    reason: '',
    lot_no: '',
    source_warehouse_id: null,
    source_warehouse_shelf_id: null,
    target_warehouse_id: null,
    target_warehouse_shelf_id: null,
    production_date: '',
    expiry_date: '',
    unit: null,
    serials: [],
  };
}

/** Base units of a quantity typed in the line's unit. */
export function baseOf(line: Pick<LineDraft, 'unit'>, quantity: number | null): number | null {
  return quantity === null ? null : quantity * (line.unit?.factor ?? 1);
}

/** The unit fields a line posts in place of its quantity, when it is typed in a unit. */
function unitBody(line: LineDraft, quantity: number | null): Record<string, unknown> | null {
  return line.unit && line.unit.id > 0 ? { unit_id: line.unit.id, unit_quantity: quantity } : null;
}

/** A line of any kind as `GET edit` answers it, read field by field (each kind carries some of them). */
export type ServerLine = Partial<LineOf<'inbound'> & LineOf<'relocation'> & LineOf<'adjustment'>> & {
  product?: ProductPick | null;
  shelf?: Partial<OrderShelfView> | null;
  source_shelf?: Partial<OrderShelfView> | null;
  target_shelf?: Partial<OrderShelfView> | null;
};

/** An order of any kind as `GET edit` answers it (or the form's row before it was read), field by field. */
export type ServerOrder = Partial<OrderOf<'inbound'> & OrderOf<'outbound'> & OrderOf<'relocation'> & OrderOf<'adjustment'> & OrderOf<'return'>> & { lines?: ServerLine[] };

/** A line of `GET edit` → a draft. */
export function lineFromServer(line: ServerLine): LineDraft {
  const quantity = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  return {
    ...emptyLine(),
    id: num(line.id) ?? undefined,
    product_id: num(line.product_id),
    product: line.product ? productFromRow({ ...line.product, id: Number(line.product.id ?? line.product_id) }) : null,
    production_date: String(line.production_date ?? ''),
    expiry_date: String(line.expiry_date ?? ''),
    detail_code: line.detail_code ?? '',
    plan_quantity: quantity(line.plan_quantity),
    actual_quantity: quantity(line.actual_quantity),
    actualFollowsPlan: false,
    price: line.price === undefined || line.price === null ? '' : String(line.price),
    priceTouched: true,
    warehouse_id: num(line.shelf?.warehouse_id),
    warehouse_shelf_id: num(line.warehouse_shelf_id),
    quantity: quantity(line.quantity),
    reason: line.reason ?? '',
    lot_no: line.lot_no ?? '',
    source_warehouse_id: num(line.source_shelf?.warehouse_id),
    source_warehouse_shelf_id: num(line.source_warehouse_shelf_id),
    target_warehouse_id: num(line.target_shelf?.warehouse_id),
    target_warehouse_shelf_id: num(line.target_warehouse_shelf_id),
    ...unitFromServer(line),
    serials: Array.isArray(line.serials) ? line.serials.map(String) : [],
  };
}

/** A line entered in a unit shows its quantity in that unit again. */
function unitFromServer(line: ServerLine): Partial<LineDraft> {
  const unitId = num(line.unit_id);
  if (!unitId) return {};
  const unit: EnteredUnit = { id: unitId, name: String(line.unit_name ?? ''), factor: Number(line.factor ?? 1) };
  const count = Number(line.unit_quantity ?? 0);
  return line.quantity !== undefined && line.plan_quantity === undefined ? { unit, quantity: count } : { unit, plan_quantity: count, actual_quantity: count, actualFollowsPlan: true };
}

/** Product fields from a remote-select row of wms.Product, a scanned product or a line's product. */
export function productFromRow(row: ProductPick | undefined | null): ProductInfo | null {
  if (!row) return null;
  return {
    id: Number(row.id),
    name: String(row.name ?? ''),
    product_no: String(row.product_no ?? ''),
    spec: row.spec ?? '',
    unit_name: row.unit?.name ?? row.unit_name ?? '',
    price: row.price === undefined || row.price === null ? undefined : String(row.price),
    total_stock_num: row.total_stock_num === undefined ? undefined : Number(row.total_stock_num),
    lot_tracked: Number(row.lot_tracked) === 1 || row.lot_tracked === true,
    serial_tracked: Number(row.serial_tracked) === 1 || row.serial_tracked === true,
    effective_day: Number(row.effective_day ?? 0),
  };
}

const MAX_TEXT = { order_sn: 100, remark: 500, detail_code: 100 } as const;

/** Pure validation of a form's values (the store wraps it). */
export function checkOrderForm(kind: OrderKind, header: HeaderDraft, lines: LineDraft[], stock: ReadonlyMap<number, ProductStock> = new Map()): FormCheck {
  const h: FormCheck['header'] = {};
  const errors: FormCheck['lines'] = {};
  const warnings: FormCheck['warnings'] = {};
  if (kind === 'inbound' || kind === 'outbound') {
    if (!header.party_id) h.party_id = { key: kind === 'inbound' ? 'orders.validate.supplier' : 'orders.validate.customer' };
    if (!header.type) h.type = { key: 'orders.validate.type' };
  }
  if (header.order_sn.length > MAX_TEXT.order_sn) h.order_sn = { key: 'orders.validate.maxLength', args: { max: MAX_TEXT.order_sn } };
  if (header.remark.length > MAX_TEXT.remark) h.remark = { key: 'orders.validate.maxLength', args: { max: MAX_TEXT.remark } };
  if (!lines.length) h.lines = { key: 'orders.validate.noLines' };

  const seen = new Map<string, number>();
  lines.forEach((line, index) => {
    const e: Partial<Record<LineField, Message>> = {};
    const w: Partial<Record<LineField, Message>> = {};
    if (!line.product_id) e.product_id = { key: 'orders.validate.product' };
    const lot = normalizeLot(line.lot_no);
    if (line.product?.lot_tracked) {
      if (lot && !LOT_PATTERN.test(lot)) e.lot_no = { key: 'lots.validate.lotFormat', args: { max: LOT_NO_MAX_LENGTH } };
      else if (!lot && kind === 'inbound') e.lot_no = { key: 'lots.validate.lotRequired' };
      const expiry = expiryPreview(line.production_date, line.expiry_date, line.product.effective_day);
      if (kind === 'inbound' && line.production_date && expiry && expiry < line.production_date) e.expiry_date = { key: 'lots.validate.expiryBeforeProduction' };
    }
    /** What the line may take from a shelf, counted as its audit will: the lot named, or what first-expiry-first-out may take. */
    const onShelf = (shelfId: number | null) => {
      const held = line.product_id && shelfId ? stock.get(line.product_id) : undefined;
      return held && shelfId ? availableToTake(held.shelves.get(shelfId) ?? [], held.today, !!line.product?.lot_tracked, lot) : undefined;
    };
    const short = (available: number, plain: string): Message =>
      !line.product?.lot_tracked ? { key: plain, args: { stock: available } } : lot ? { key: `${plain}Lot`, args: { stock: available, lot } } : { key: `${plain}Unexpired`, args: { stock: available } };
    if (kind === 'adjustment') {
      if (!line.warehouse_shelf_id) e.warehouse_shelf_id = { key: 'orders.validate.shelf' };
      if (line.quantity === null) e.quantity = { key: 'orders.validate.adjustQuantity' };
      else if (!Number.isInteger(line.quantity) || line.quantity === 0) e.quantity = { key: 'orders.validate.adjustQuantity' };
      if (!(ADJUSTMENT_REASONS as readonly string[]).includes(line.reason)) e.reason = { key: 'orders.validate.reason' };
      if (!e.quantity && line.quantity !== null && line.quantity < 0 && line.warehouse_shelf_id && line.product_id && stock.has(line.product_id)) {
        const available = onShelf(line.warehouse_shelf_id) ?? 0;
        if (-(baseOf(line, line.quantity) ?? 0) > available) w.quantity = short(available, 'orders.warn.insufficient');
      }
    } else if (kind === 'relocation') {
      if (!line.source_warehouse_shelf_id) e.source_warehouse_shelf_id = { key: 'orders.validate.sourceShelf' };
      if (!line.target_warehouse_shelf_id) e.target_warehouse_shelf_id = { key: 'orders.validate.targetShelf' };
      else if (line.source_warehouse_shelf_id === line.target_warehouse_shelf_id) e.target_warehouse_shelf_id = { key: 'orders.validate.sameShelf' };
      const plan = parseQuantity(line.plan_quantity);
      if (line.plan_quantity === null) e.plan_quantity = { key: 'orders.validate.planQuantity' };
      else if (plan === null) e.plan_quantity = { key: 'orders.validate.integer' };
      else if (plan < 1) e.plan_quantity = { key: 'orders.validate.min', args: { min: 1 } };
      const available = onShelf(line.source_warehouse_shelf_id);
      if (!e.plan_quantity && plan !== null && line.source_warehouse_shelf_id && line.product_id && stock.has(line.product_id) && (baseOf(line, plan) ?? 0) > (available ?? 0)) {
        w.plan_quantity = short(available ?? 0, 'orders.warn.insufficientSource');
      }
    } else {
      if (!line.warehouse_shelf_id && !((kind === 'outbound' || kind === 'inbound') && header.warehouse_id)) e.warehouse_shelf_id = { key: 'orders.validate.shelf' };
      const plan = parseQuantity(line.plan_quantity);
      const actual = parseQuantity(line.actual_quantity);
      if (line.plan_quantity === null) e.plan_quantity = { key: 'orders.validate.planQuantity' };
      else if (plan === null) e.plan_quantity = { key: 'orders.validate.integer' };
      if (line.actual_quantity === null) e.actual_quantity = { key: 'orders.validate.actualQuantity' };
      else if (actual === null) e.actual_quantity = { key: 'orders.validate.integer' };
      else if (actual === 0) e.actual_quantity = { key: 'orders.validate.min', args: { min: 1 } };
      if (line.price.trim() === '') e.price = { key: 'orders.validate.price' };
      else if (!MONEY_PATTERN.test(line.price.trim())) e.price = { key: 'orders.validate.money' };
      if (line.detail_code.length > MAX_TEXT.detail_code) e.detail_code = { key: 'orders.validate.maxLength', args: { max: MAX_TEXT.detail_code } };
      if (kind === 'outbound' && !e.actual_quantity && actual !== null && line.warehouse_shelf_id && line.product_id && stock.has(line.product_id)) {
        const available = onShelf(line.warehouse_shelf_id) ?? 0;
        if ((baseOf(line, actual) ?? 0) > available) w.actual_quantity = short(available, 'orders.warn.insufficient');
      }
    }
    // the same product on the same shelf twice is allowed, but most likely a slip
    const place = kind === 'relocation' ? `${line.source_warehouse_shelf_id}>${line.target_warehouse_shelf_id}` : String(line.warehouse_shelf_id);
    if (line.product_id && !place.includes('null')) {
      const id = `${line.product_id}@${place}`;
      if (seen.has(id)) w.product_id = { key: 'orders.warn.duplicate', args: { line: (seen.get(id) ?? 0) + 1 } };
      else seen.set(id, index);
    }
    if (Object.keys(e).length) errors[line.key] = e;
    if (Object.keys(w).length) warnings[line.key] = w;
  });
  const valid = Object.keys(h).length === 0 && Object.keys(errors).length === 0;
  return { header: h, lines: errors, warnings, valid };
}

/** The body of `POST add` / `POST edit` (the table store adds the id when editing). */
export function orderBody(kind: OrderKind, header: HeaderDraft, lines: LineDraft[]): Record<string, unknown> {
  const body: Record<string, unknown> = {
    order_sn: header.order_sn.trim(),
    remark: header.remark.trim(),
  };
  const party = PARTY_FIELD[kind];
  if (party) body[party] = header.party_id ?? 0;
  if (kind === 'adjustment') {
    body.lines = lines.map((l) => ({ product_id: l.product_id, warehouse_shelf_id: l.warehouse_shelf_id, lot_no: l.lot_no.trim(), ...(unitBody(l, l.quantity) ?? { quantity: l.quantity }), reason: l.reason, ...(l.product?.serial_tracked ? { serials: l.serials } : {}) }));
    return body;
  }
  if (kind === 'relocation') {
    body.lines = lines.map((l) => ({
      product_id: l.product_id,
      source_warehouse_shelf_id: l.source_warehouse_shelf_id,
      target_warehouse_shelf_id: l.target_warehouse_shelf_id,
      ...(unitBody(l, l.plan_quantity) ?? { plan_quantity: l.plan_quantity }),
      ...(l.product?.lot_tracked ? { lot_no: normalizeLot(l.lot_no) } : {}),
    }));
    return body;
  }
  body.type = header.type;
  if (kind === 'outbound' || kind === 'inbound') body.warehouse_id = header.warehouse_id ?? 0;
  body.lines = lines.map((l) => ({
    product_id: l.product_id,
    detail_code: l.detail_code.trim(),
    // a line typed in a unit posts how many of it (the server sets the planned and actual base quantities)
    ...(unitBody(l, l.plan_quantity) ?? { plan_quantity: l.plan_quantity, actual_quantity: l.actual_quantity }),
    price: normalizeMoney(l.price.trim()),
    warehouse_shelf_id: l.warehouse_shelf_id,
    // the lot fields go only with lot-tracked products (the server refuses a lot on any other)
    ...(l.product?.lot_tracked
      ? kind === 'inbound'
        ? { lot_no: normalizeLot(l.lot_no), production_date: l.production_date, expiry_date: l.expiry_date }
        : { lot_no: normalizeLot(l.lot_no) }
      : {}),
    // serial-tracked products: the serials scanned (the server checks one per unit)
    ...(l.product?.serial_tracked ? { serials: l.serials } : {}),
  }));
  return body;
}

export class OrderFormStore {
  readonly kind: OrderKind;
  header: HeaderDraft = { order_sn: '', party_id: null, type: null, remark: '' };
  lines: LineDraft[] = [];
  /** `${lineKey}.${field}` or the header field names the user has changed. */
  touched = new Set<string>();
  /** a save was tried: every message shows. */
  submitted = false;
  /** product id → its lots per shelf and the site's day. */
  stock = new Map<number, ProductStock>();
  /** product id → its units of measure (pallet, case …), for the unit picker. */
  units = new Map<number, ProductUnitRow[]>();
  loading = false;
  error: string | null = null;
  /** The shelf the scanner is at: products scanned next go on it (relocations: move from it). */
  scanShelf: ScannedShelf | null = null;
  /** The line the last scan changed (highlighted). */
  scannedKey: string | null = null;
  private stockRequests = new Set<number>();

  constructor(kind: OrderKind) {
    this.kind = kind;
    makeAutoObservable<this, 'stockRequests' | 'lineIndex'>(this, { kind: false, stockRequests: false, lineIndex: false });
  }

  /** Lines on one shelf (inbound, outbound, adjustment), not a source and a target. */
  get isGoods(): boolean {
    return this.kind !== 'relocation';
  }

  /** Inbound and outbound orders: a party, a type, prices and totals. */
  get isTrade(): boolean {
    return this.kind === 'inbound' || this.kind === 'outbound';
  }

  /** Starts the form: an empty order with one line, or the order being edited. */
  reset(row: ServerOrder | null, defaults: Partial<HeaderDraft> = {}): void {
    this.touched = new Set();
    this.submitted = false;
    this.error = null;
    this.scanShelf = null;
    this.scannedKey = null;
    if (!row) {
      this.header = { order_sn: '', party_id: null, type: this.isTrade ? 10 : null, remark: '', ...defaults };
      this.lines = [emptyLine()];
      return;
    }
    this.header = {
      order_sn: row.order_sn ?? '',
      party_id: PARTY_FIELD[this.kind] ? num(row[PARTY_FIELD[this.kind]!]) : null,
      type: this.isTrade ? (num(row.type) ?? null) : null,
      remark: row.remark ?? '',
      ...(this.kind === 'outbound' || this.kind === 'inbound' ? { warehouse_id: num(row.warehouse_id) || null } : {}),
    };
    this.lines = Array.isArray(row.lines) && row.lines.length ? row.lines.map(lineFromServer) : [emptyLine()];
    for (const line of this.lines) if (line.product_id) void this.loadStock(line.product_id);
  }

  setHeader<K extends keyof HeaderDraft>(field: K, value: HeaderDraft[K]): void {
    this.header = { ...this.header, [field]: value };
    this.touched.add(field);
  }

  addLine(): LineDraft {
    const line = emptyLine();
    // a new line starts in the warehouse of the previous one
    const last = this.lines[this.lines.length - 1];
    if (last) {
      line.warehouse_id = last.warehouse_id;
      line.source_warehouse_id = last.source_warehouse_id;
      line.target_warehouse_id = last.target_warehouse_id;
    }
    this.lines.push(line);
    this.touched.delete('lines');
    return line;
  }

  removeLine(key: string): void {
    this.lines = this.lines.filter((l) => l.key !== key);
    this.touched.add('lines');
  }

  line(key: string): LineDraft | undefined {
    return this.lines.find((l) => l.key === key);
  }

  private touch(key: string, field: LineField): void {
    this.touched.add(`${key}.${field}`);
  }

  /** Picks a product: its price fills the price unless one was typed. */
  setProduct(key: string, productId: number | null, row?: ProductPick | null): void {
    const line = this.line(key);
    if (!line) return;
    line.product_id = productId;
    line.product = productId ? (productFromRow(row) ?? (line.product?.id === productId ? line.product : null)) : null;
    if (productId && line.product?.price !== undefined && (!line.priceTouched || line.price.trim() === '')) {
      line.price = normalizeMoney(line.product.price);
      line.priceTouched = false;
    }
    this.touch(key, 'product_id');
    if (productId) void this.loadStock(productId);
  }

  /** Lot number or a date of a line (dates `YYYY-MM-DD`, '' to clear). */
  /** A serial-tracked line's serials as scanned (`features/serials`: one scan per unit, duplicates refused there). */
  setSerials(key: string, serials: string[]): void {
    const line = this.line(key);
    if (!line) return;
    line.serials = serials;
  }

  setLot(key: string, field: 'lot_no' | 'production_date' | 'expiry_date', value: string): void {
    const line = this.line(key);
    if (!line) return;
    line[field] = value;
    this.touch(key, field === 'production_date' ? 'expiry_date' : field);
  }

  /** The expiry the line will get (typed, or derived from the production date and the shelf life). */
  expiryOf(line: LineDraft): string {
    return expiryPreview(line.production_date, line.expiry_date, line.product?.effective_day);
  }

  setText(key: string, field: 'detail_code' | 'price', value: string): void {
    const line = this.line(key);
    if (!line) return;
    line[field] = value;
    if (field === 'price') line.priceTouched = true;
    this.touch(key, field);
  }

  /** Normalises a typed price on blur ("12.5" → "12.50"). */
  formatPrice(key: string): void {
    const line = this.line(key);
    if (line && MONEY_PATTERN.test(line.price.trim())) line.price = normalizeMoney(line.price.trim());
  }

  /** An adjustment line's reason. */
  setReason(key: string, reason: string): void {
    const line = this.line(key);
    if (!line) return;
    line.reason = reason;
    this.touch(key, 'reason');
  }

  setQuantity(key: string, field: 'plan_quantity' | 'actual_quantity' | 'quantity', value: number | null | undefined): void {
    const line = this.line(key);
    if (!line) return;
    const v = value === undefined || value === null || Number.isNaN(value) ? null : value;
    line[field] = v;
    if (field === 'plan_quantity' && line.actualFollowsPlan && this.isTrade) line.actual_quantity = v;
    if (field === 'actual_quantity') line.actualFollowsPlan = false;
    this.touch(key, field);
  }

  setWarehouse(key: string, side: ShelfSide, warehouseId: number | null): void {
    const line = this.line(key);
    if (!line) return;
    const wField = side === 'warehouse' ? 'warehouse_id' : side === 'source' ? 'source_warehouse_id' : 'target_warehouse_id';
    if (line[wField] === warehouseId) return;
    line[wField] = warehouseId;
    // the shelf belonged to the previous warehouse
    line[shelfField(side)] = null;
  }

  /** Picks a shelf; its row also tells the warehouse (so the shelf list narrows to it). */
  setShelf(key: string, side: ShelfSide, shelfId: number | null, row?: Partial<ShelfPick> | null): void {
    const line = this.line(key);
    if (!line) return;
    line[shelfField(side)] = shelfId;
    const wField = side === 'warehouse' ? 'warehouse_id' : side === 'source' ? 'source_warehouse_id' : 'target_warehouse_id';
    const warehouseId = num(row?.warehouse_id);
    if (shelfId && warehouseId) line[wField] = warehouseId;
    this.touch(key, shelfField(side));
  }

  /**
   * A scanned product: one more on its line (the line of that product on the scanned shelf, when a shelf was
   * scanned, and of the lot a GS1 code carried, when it carried one), else a new line with quantity 1 — the
   * empty last line if there is one — on the scanned shelf or else the product's default shelf, priced from
   * the product. A lot-tracked product's line takes the scanned lot (a receipt its production date and
   * expiry too), so a second code with another lot adds a second line.
   */
  addScanned(product: ProductPick, scanned?: ScannedLot, counted?: ScannedUnit): ScanOutcome {
    const productId = Number(product.id);
    // a case's bar code (or GS1 (02) + (37)) adds that many of its unit, on a line typed in that unit
    const unit = counted && counted.unit.id > 0 ? counted.unit : null;
    const step = counted?.count ?? 1;
    const side: ShelfSide = this.isGoods ? 'warehouse' : 'source';
    const field = shelfField(side);
    const shelfId = this.scanShelf?.id ?? null;
    const lotTracked = productFromRow(product)?.lot_tracked === true;
    const lot = lotTracked && scanned?.lot_no ? normalizeLot(scanned.lot_no) : '';
    const same = this.lines.filter((l) => l.product_id === productId && (l.unit?.id ?? 0) === (unit?.id ?? 0) && (shelfId === null || l[field] === shelfId) && (!lot || normalizeLot(l.lot_no) === lot));
    const existing = same[same.length - 1];
    if (existing && this.kind === 'adjustment') {
      const quantity = (existing.quantity ?? 0) + step;
      this.setQuantity(existing.key, 'quantity', quantity);
      this.scannedKey = existing.key;
      return { key: existing.key, index: this.lineIndex(existing.key), quantity, added: false };
    }
    if (existing) {
      const plan = (existing.plan_quantity ?? 0) + step;
      const follows = existing.actualFollowsPlan;
      this.setQuantity(existing.key, 'plan_quantity', plan);
      if (this.isTrade && !follows) this.setQuantity(existing.key, 'actual_quantity', (existing.actual_quantity ?? 0) + step);
      this.scannedKey = existing.key;
      return { key: existing.key, index: this.lineIndex(existing.key), quantity: plan, added: false };
    }
    const last = this.lines[this.lines.length - 1];
    const line = last && !last.product_id ? last : this.addLine();
    this.setProduct(line.key, productId, product);
    if (unit) this.setUnit(line.key, unit);
    this.setQuantity(line.key, this.kind === 'adjustment' ? 'quantity' : 'plan_quantity', step);
    if (this.scanShelf) this.setShelf(line.key, side, this.scanShelf.id, { warehouse_id: this.scanShelf.warehouse_id });
    else if (num(product.warehouse_shelf_id) && !line[field]) this.setShelf(line.key, side, num(product.warehouse_shelf_id), { warehouse_id: product.warehouse_id ?? 0 });
    if (lot) {
      this.setLot(line.key, 'lot_no', lot);
      if (this.kind === 'inbound') {
        if (scanned?.production_date) this.setLot(line.key, 'production_date', scanned.production_date);
        if (scanned?.expiry_date) this.setLot(line.key, 'expiry_date', scanned.expiry_date);
      }
    }
    this.scannedKey = line.key;
    return { key: line.key, index: this.lineIndex(line.key), quantity: step, added: true };
  }

  /** The warehouse a scanned shelf code is looked up in: the scanned shelf's, else the last line's. */
  get scanWarehouseId(): number | null {
    if (this.scanShelf) return this.scanShelf.warehouse_id;
    const last = this.lines[this.lines.length - 1];
    return (this.isGoods ? last?.warehouse_id : last?.source_warehouse_id) ?? null;
  }

  /** By key: a line added a moment ago is the observable copy in `lines`, not the object that was pushed. */
  private lineIndex(key: string): number {
    return this.lines.findIndex((l) => l.key === key);
  }

  /** A scanned shelf: products scanned next go on it; a last line with a product but no shelf takes it now. */
  setScanShelf(shelf: ScannedShelf | null): void {
    this.scanShelf = shelf;
    if (!shelf) return;
    const side: ShelfSide = this.isGoods ? 'warehouse' : 'source';
    const last = this.lines[this.lines.length - 1];
    if (last?.product_id && !last[shelfField(side)]) this.setShelf(last.key, side, shelf.id, { warehouse_id: shelf.warehouse_id });
  }

  /** Picks the unit a line's quantities are typed in (null: the product's own); the received quantity follows the plan. */
  setUnit(key: string, unit: EnteredUnit | null): void {
    const line = this.line(key);
    if (!line) return;
    line.unit = unit && unit.id > 0 ? unit : null;
    if (line.unit && this.isTrade) {
      line.actualFollowsPlan = true;
      line.actual_quantity = line.plan_quantity;
    }
    this.touch(key, 'unit_id');
  }

  /** The units a line may be typed in: the product's own (id 0) and its units. */
  unitOptions(line: LineDraft): EnteredUnit[] {
    if (!line.product_id) return [];
    const own: EnteredUnit = { id: 0, name: line.product?.unit_name ?? '', factor: 1 };
    const known = this.units.get(line.product_id) ?? [];
    const extra = line.unit && !known.some((u) => u.id === line.unit!.id) ? [line.unit] : [];
    return [own, ...known.map((u) => ({ id: u.id, name: u.name, factor: u.factor, bar_code: u.bar_code })), ...extra];
  }

  private async loadUnits(productId: number): Promise<void> {
    if (this.units.has(productId)) return;
    const units = await fetchProductUnits(productId);
    runInAction(() => this.units.set(productId, units));
  }

  async loadStock(productId: number, force = false): Promise<void> {
    void this.loadUnits(productId);
    if (!force && (this.stock.has(productId) || this.stockRequests.has(productId))) return;
    this.stockRequests.add(productId);
    try {
      const held = await fetchProductStock(productId);
      runInAction(() => {
        this.stock.set(productId, held);
      });
    } catch {
      // hints only: without them the server still checks stock when it moves
    } finally {
      this.stockRequests.delete(productId);
    }
  }

  /** On-hand quantity of a line's product on a shelf, every lot (undefined while unknown). */
  stockOn(productId: number | null, shelfId: number | null): number | undefined {
    if (!productId || !shelfId) return undefined;
    const held = this.stock.get(productId);
    if (!held) return undefined;
    return (held.shelves.get(shelfId) ?? []).reduce((sum, l) => sum + l.quantity, 0);
  }

  /** The lots of a product held on a shelf, in the order first-expiry-first-out takes them (empty while unknown). */
  lotsOn(productId: number | null, shelfId: number | null): StockLot[] {
    if (!productId || !shelfId) return [];
    return fefoOrder((this.stock.get(productId)?.shelves.get(shelfId) ?? []).filter((l) => l.lot_no && l.quantity > 0));
  }

  /** The site's day the stock of a product was read on ('' while unknown). */
  todayOf(productId: number | null): string {
    return (productId && this.stock.get(productId)?.today) || '';
  }

  /** On-hand total of a product: the sum over shelves, else the figure of the select row. */
  productTotal(line: LineDraft): number | undefined {
    if (!line.product_id) return undefined;
    const held = this.stock.get(line.product_id);
    if (held) return [...held.shelves.values()].flat().reduce((a, l) => a + l.quantity, 0);
    return line.product?.total_stock_num;
  }

  /** Something was entered or changed since the form started (closing asks before discarding it). */
  get dirty(): boolean {
    return this.touched.size > 0;
  }

  get check(): FormCheck {
    return checkOrderForm(this.kind, this.header, this.lines, this.stock);
  }

  get totals(): OrderTotals {
    return orderTotals(this.lines.map((l) => ({ ...l, plan_quantity: baseOf(l, l.plan_quantity), actual_quantity: baseOf(l, l.actual_quantity) })));
  }

  lineTotal(line: LineDraft): string {
    return lineTotal(baseOf(line, line.actual_quantity), line.price);
  }

  /** The message to show under a line's field (after it was touched, or after a save was tried). */
  lineError(key: string, field: LineField): Message | undefined {
    if (!this.submitted && !this.touched.has(`${key}.${field}`)) return undefined;
    return this.check.lines[key]?.[field];
  }

  lineWarning(key: string, field: LineField): Message | undefined {
    return this.check.warnings[key]?.[field];
  }

  headerError(field: HeaderField): Message | undefined {
    if (!this.submitted && !this.touched.has(field)) return undefined;
    return this.check.header[field];
  }

  /** Marks a save attempt; answers whether the form may be posted. */
  validate(): boolean {
    this.submitted = true;
    return this.check.valid;
  }

  get body(): Record<string, unknown> {
    return orderBody(this.kind, this.header, this.lines);
  }
}

export function shelfField(side: ShelfSide): 'warehouse_shelf_id' | 'source_warehouse_shelf_id' | 'target_warehouse_shelf_id' {
  return side === 'warehouse' ? 'warehouse_shelf_id' : side === 'source' ? 'source_warehouse_shelf_id' : 'target_warehouse_shelf_id';
}
