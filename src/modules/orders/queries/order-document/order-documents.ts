import { fromCents, toCents } from '../../../../shared/database/money';
import { DocumentColumn, DocumentRow, PrintedDocument } from '../../../../shared/documents/printed-document';
import { AUDIT_STATUS } from '../../../../../contract/enums';
import type { OrderLineView, OrderPartyView, OrderProductView, OrderView } from '../../../../../contract/orders';
import type { ShelfSnapshot } from '../../../master-data';
import type { LotDatesOf } from '../../../inventory';
import { parseAllocations } from '../../domain/order-lots';
import { pickingOrder } from '../../domain/picking-order';
import { OrderKind, ORDER_KINDS } from '../../persistence/order-kinds';

/*
 * The printed forms of an order, as pure functions of the order (as `edit` answers it), its shelves and the
 * reader's language: inbound receipt, picking list and delivery note (outbound), relocation sheet. The layout
 * itself is shared (shared/documents/printed-document.ts); a count sheet is one more builder like these.
 */

export type OrderDocumentKind = 'receipt' | 'picking' | 'delivery' | 'relocation' | 'adjustment' | 'return';

/** `doc` of the request → the document; null when this order type has no such document. */
export function documentOf(kind: OrderKind, doc: unknown): OrderDocumentKind | null {
  if (doc !== undefined && typeof doc !== 'string') return null;
  const asked = doc === undefined || doc === '' ? 'default' : doc;
  if (kind === 'inbound') return asked === 'default' || asked === 'receipt' ? 'receipt' : null;
  if (kind === 'relocation') return asked === 'default' || asked === 'relocation' ? 'relocation' : null;
  if (kind === 'adjustment') return asked === 'default' || asked === 'adjustment' ? 'adjustment' : null;
  if (kind === 'return') return asked === 'default' || asked === 'return' ? 'return' : null;
  if (asked === 'default' || asked === 'picking') return 'picking';
  return asked === 'delivery' ? 'delivery' : null;
}

export type Translate = (key: string, args?: Record<string, string | number>) => string;

export interface DocumentContext {
  t: Translate;
  /** Unix seconds → `YYYY-MM-DD HH:mm:ss` in the site time zone. */
  time: (unixSeconds: number) => string;
  timeZone: string;
  site: string;
  printedBy: string;
  printedAt: number;
  /** Every shelf the lines name, with warehouse and area names and codes. */
  shelves: ReadonlyMap<number, ShelfSnapshot>;
  /** The dates of the lots the lines name or moved, keyed `<product id>:<LOT>` (lotsOfLines). */
  lots?: ReadonlyMap<string, LotDatesOf>;
}

/** An order as `edit` answers it, with its carrier's name for the delivery note. */
export type PrintableOrder<K extends OrderKind = OrderKind> = OrderView<K> & { carrier?: OrderPartyView | null };

/** Which order type prints each document. */
const PRINTED_BY: Record<OrderDocumentKind, OrderKind> = { receipt: 'inbound', picking: 'outbound', delivery: 'outbound', relocation: 'relocation', adjustment: 'adjustment', return: 'return' };

export function orderDocument<K extends OrderKind>(kind: K, document: OrderDocumentKind, order: PrintableOrder<K>, context: DocumentContext): PrintedDocument {
  if (PRINTED_BY[document] !== kind) throw new Error(`a ${kind} order has no ${document} document`);
  const { t } = context;
  const numbers = order as unknown as Record<string, unknown>;
  const base = {
    site: context.site,
    title: t(`documents.title.${document}`),
    number: String(numbers[ORDER_KINDS[kind].numberColumn] ?? ''),
    notes: [[t('documents.field.remark'), String(order.remark ?? '')]] as Array<[string, string]>,
    colon: t('documents.colon'),
    printed: t('documents.printed', { time: context.time(context.printedAt), zone: context.timeZone, name: context.printedBy }),
    pageLabel: (page: number, pages: number) => t('documents.page', { page, pages }),
  };
  // PRINTED_BY checked above that this builder takes this order type
  const build = BUILDERS[document] as (order: PrintableOrder<K>, context: DocumentContext) => Built;
  const built = build(order, context);
  return { ...base, ...built, notes: order.remark ? base.notes : [] };
}

type Built = Pick<PrintedDocument, 'fields' | 'columns' | 'rows' | 'totals' | 'signatures'>;

type GoodsLineView = OrderLineView<'inbound' | 'outbound'>;
type RelocationLineView = OrderLineView<'relocation'>;

const BUILDERS: {
  receipt: (order: PrintableOrder<'inbound'>, context: DocumentContext) => Built;
  picking: (order: PrintableOrder<'outbound'>, context: DocumentContext) => Built;
  delivery: (order: PrintableOrder<'outbound'>, context: DocumentContext) => Built;
  relocation: (order: PrintableOrder<'relocation'>, context: DocumentContext) => Built;
  adjustment: (order: PrintableOrder<'adjustment'>, context: DocumentContext) => Built;
  return: (order: PrintableOrder<'return'> & { outbound_no?: string }, context: DocumentContext) => Built;
} = {
  /** The return receipt: each line's product, lot, shelf, disposition and reason, quantity and value. */
  return(order, context) {
    const lines = order.lines;
    const { t } = context;
    return {
      fields: [...headerFields(order, context, 'customer'), [t('documents.field.outbound'), order.outbound_no ?? ''], ...auditFields(order, context)],
      columns: [col(t, 'index', 4), col(t, 'product_no', 10), col(t, 'name', 15), col(t, 'spec', 7), col(t, 'unit', 5), col(t, 'lot', 10), col(t, 'location', 13), col(t, 'disposition', 8), col(t, 'reason', 10), col(t, 'quantity', 7, 'right'), col(t, 'amount', 9, 'right')],
      rows: lines.map((line, i) => [
        String(i + 1),
        ...productCells(line),
        line.lot_no || '-',
        location(line.warehouse_shelf_id, context),
        t(`documents.disposition.${line.disposition}`),
        line.reason ?? '',
        quantity(line.quantity),
        money(line.total_price),
      ]),
      totals: [
        [t('documents.total.lines'), String(lines.length)],
        [t('documents.total.quantity'), quantity(lines.reduce((n, l) => n + l.quantity, 0))],
        [t('documents.total.amount'), money(fromCents(lines.reduce((total, l) => total + toCents(l.total_price || '0'), 0n)))],
      ],
      signatures: ['prepared', 'keeper', 'approved'].map((s) => t(`documents.signature.${s}`)),
    };
  },

  receipt(order, context) {
    const lines = order.lines;
    const { t } = context;
    return {
      fields: [
        ...headerFields(order, context, 'supplier'),
        [t('documents.field.type'), t(`documents.inbound_type.${order.type}`)],
        ...auditFields(order, context),
      ],
      columns: [col(t, 'index', 4), col(t, 'product_no', 10), col(t, 'name', 17), col(t, 'spec', 9), col(t, 'unit', 5), col(t, 'location', 14), col(t, 'planned', 7, 'right'), col(t, 'received', 7, 'right'), col(t, 'price', 8, 'right'), col(t, 'amount', 10, 'right')],
      rows: lines.map((line, i) => [
        String(i + 1),
        ...productCells(line),
        location(line.warehouse_shelf_id, context),
        quantity(line.plan_quantity),
        quantity(line.actual_quantity),
        money(line.price),
        money(lineAmount(line)),
      ]),
      totals: goodsTotals(lines, context, { planned: true, actual: 'received' }),
      signatures: ['prepared', 'deliverer', 'keeper', 'approved'].map((s) => t(`documents.signature.${s}`)),
    };
  },

  picking(order, context) {
    const lines = order.lines;
    const { t } = context;
    const rows: DocumentRow[] = [];
    let warehouse: number | null = null;
    // a lot column only when a line has lots: the lot named, or each lot its audit took, with expiry
    const withLots = lines.some((line) => lineLots(line, context) !== '');
    pickingOrder(lines, context.shelves).forEach((line, i) => {
      const shelf = context.shelves.get(line.warehouse_shelf_id);
      if (shelf && shelf.warehouse_id !== warehouse) {
        warehouse = shelf.warehouse_id;
        rows.push({ heading: t('documents.warehouse_heading', { name: `${shelf.warehouse_name}${shelf.warehouse_serial_no ? ` (${shelf.warehouse_serial_no})` : ''}` }) });
      }
      rows.push([
        String(i + 1),
        shelf ? `${shelf.area_name} / ${shelf.name}\n${[shelf.area_serial_no, shelf.serial_no].filter(Boolean).join('-')}` : '-',
        ...productCells(line),
        ...(withLots ? [lineLots(line, context)] : []),
        quantity(line.plan_quantity),
        quantity(line.actual_quantity),
        '',
      ]);
    });
    return {
      fields: [...headerFields(order, context, 'customer'), [t('documents.field.type'), t(`documents.outbound_type.${order.type}`)], ...auditFields(order, context)],
      columns: withLots
        ? [col(t, 'index', 4), col(t, 'location', 14), col(t, 'product_no', 10), col(t, 'name', 16), col(t, 'spec', 8), col(t, 'unit', 5), col(t, 'lot', 14), col(t, 'planned', 7, 'right'), col(t, 'to_pick', 7, 'right'), { ...col(t, 'picked', 6, 'center'), checkbox: true }]
        : [col(t, 'index', 4), col(t, 'location', 15), col(t, 'product_no', 11), col(t, 'name', 19), col(t, 'spec', 10), col(t, 'unit', 5), col(t, 'planned', 8, 'right'), col(t, 'to_pick', 8, 'right'), { ...col(t, 'picked', 6, 'center'), checkbox: true }],
      rows,
      totals: [
        [t('documents.total.lines'), String(lines.length)],
        [t('documents.total.to_pick'), quantity(sum(lines, 'actual_quantity'))],
      ],
      signatures: ['prepared', 'picker', 'checker'].map((s) => t(`documents.signature.${s}`)),
    };
  },

  delivery(order, context) {
    const lines = order.lines;
    const { t } = context;
    const lots = lines.map((line) => lineLots(line, context));
    const withLots = lots.some(Boolean);
    return {
      fields: [
        ...headerFields(order, context, 'customer'),
        [t('documents.field.type'), t(`documents.outbound_type.${order.type}`)],
        [t('documents.field.carrier'), order.carrier?.name ?? ''],
        [t('documents.field.courier_number'), order.courier_number ?? ''],
        [t('documents.field.shipment_time'), order.shipment_time ? context.time(order.shipment_time) : t('documents.shipment_status.0')],
      ],
      columns: withLots
        ? [col(t, 'index', 4), col(t, 'product_no', 11), col(t, 'name', 18), col(t, 'spec', 10), col(t, 'unit', 5), col(t, 'lot', 14), col(t, 'quantity', 8, 'right'), col(t, 'price', 9, 'right'), col(t, 'amount', 11, 'right')]
        : [col(t, 'index', 4), col(t, 'product_no', 12), col(t, 'name', 22), col(t, 'spec', 12), col(t, 'unit', 6), col(t, 'quantity', 9, 'right'), col(t, 'price', 10, 'right'), col(t, 'amount', 12, 'right')],
      rows: lines.map((line, i) => [String(i + 1), ...productCells(line), ...(withLots ? [lots[i]] : []), quantity(line.actual_quantity), money(line.price), money(lineAmount(line))]),
      totals: goodsTotals(lines, context, { planned: false, actual: 'quantity' }),
      signatures: ['shipper', 'driver', 'receiver'].map((s) => t(`documents.signature.${s}`)),
    };
  },

  adjustment(order, context) {
    const lines = order.lines;
    const { t } = context;
    const amount = (sign: 1 | -1) => lines.filter((l) => Math.sign(l.quantity) === sign).reduce((total, l) => total + toCents(l.total_price || '0'), 0n);
    return {
      fields: [
        [t('documents.field.order_sn'), order.order_sn ?? ''],
        [t('documents.field.created'), order.createtime ? context.time(order.createtime) : ''],
        [t('documents.field.operator'), order.operator ?? ''],
        ...auditFields(order, context),
      ],
      columns: [col(t, 'index', 4), col(t, 'product_no', 10), col(t, 'name', 16), col(t, 'spec', 8), col(t, 'unit', 5), col(t, 'location', 14), { header: t('stocktake.document.reason'), weight: 8 }, col(t, 'quantity', 8, 'right'), col(t, 'price', 8, 'right'), col(t, 'amount', 10, 'right')],
      rows: lines.map((line, i) => [
        String(i + 1),
        ...productCells(line),
        `${location(line.warehouse_shelf_id, context)}${line.lot_no ? `\n${t('stocktake.document.lot')}${t('documents.colon')}${line.lot_no}` : ''}`,
        t(`stocktake.reason.${line.reason}`),
        line.quantity > 0 ? `+${quantity(line.quantity)}` : `-${quantity(-line.quantity)}`,
        money(line.price),
        money(line.total_price),
      ]),
      totals: [
        [t('documents.total.lines'), String(lines.length)],
        [t('stocktake.document.total_in'), money(fromCents(amount(1)))],
        [t('stocktake.document.total_out'), money(fromCents(amount(-1)))],
      ],
      signatures: ['prepared', 'keeper', 'approved'].map((s) => t(`documents.signature.${s}`)),
    };
  },

  relocation(order, context) {
    const lines = order.lines;
    const { t } = context;
    // a lot column only on sheets that have lots: the lot named, and the lots moved so far, with expiry
    const lots = lines.map((line) => lineLots(line, context));
    const withLots = lots.some(Boolean);
    return {
      fields: [
        ...headerFields(order, context, 'customer'),
        [t('documents.field.status'), t(`documents.relocation_status.${order.status}`)],
        ...auditFields(order, context),
      ],
      columns: [
        col(t, 'index', 4),
        col(t, 'product_no', 10),
        col(t, 'name', 15),
        col(t, 'spec', 8),
        col(t, 'unit', 5),
        col(t, 'from', 13),
        col(t, 'to', 13),
        ...(withLots ? [col(t, 'lot', 13)] : []),
        col(t, 'planned', 8, 'right'),
        col(t, 'moved', 8, 'right'),
        col(t, 'remaining', 9, 'right'),
      ],
      rows: lines.map((line, i) => [
        String(i + 1),
        ...productCells(line),
        location(line.source_warehouse_shelf_id, context),
        location(line.target_warehouse_shelf_id, context),
        ...(withLots ? [lots[i]] : []),
        quantity(line.plan_quantity),
        quantity(line.actual_quantity),
        quantity(Math.max(0, line.plan_quantity - line.actual_quantity)),
      ]),
      totals: [
        [t('documents.total.lines'), String(lines.length)],
        [t('documents.total.planned'), quantity(sum(lines, 'plan_quantity'))],
        [t('documents.total.moved'), quantity(sum(lines, 'actual_quantity'))],
      ],
      signatures: ['prepared', 'mover', 'checker'].map((s) => t(`documents.signature.${s}`)),
    };
  },
};

/**
 * A line's lots (an outbound or relocation line): the lot it names and each lot its audit or moves took
 * (with the quantity taken), each with its expiry; '' for a line without lots (one to allocate
 * first-expiry-first-out, not audited or moved yet).
 */
function lineLots(line: { product_id: number; lot_no?: string; allocations?: unknown }, context: DocumentContext): string {
  const moved = parseAllocations(line.allocations).filter((a) => a.lot_no);
  const lots = [...new Set([line.lot_no ?? '', ...moved.map((a) => a.lot_no)].filter(Boolean))];
  return lots
    .map((lot) => {
      const quantityMoved = moved.find((a) => a.lot_no === lot)?.quantity;
      const expiry = context.lots?.get(`${line.product_id}:${lot}`)?.expiry_date;
      return `${lot}${quantityMoved ? ` ×${quantity(quantityMoved)}` : ''}${expiry ? `\n${context.t('documents.lot_expiry', { date: expiry })}` : ''}`;
    })
    .join('\n');
}

export function col(t: Translate, name: string, weight: number, align: DocumentColumn['align'] = 'left'): DocumentColumn {
  return { header: t(`documents.column.${name}`), weight, align };
}

function headerFields(order: PrintableOrder, context: DocumentContext, party: 'supplier' | 'customer'): Array<[string, string]> {
  const { t } = context;
  return [
    [t('documents.field.order_sn'), order.order_sn ?? ''],
    [t(`documents.field.${party}`), order[party]?.name ?? ''],
    [t('documents.field.created'), order.createtime ? context.time(order.createtime) : ''],
    [t('documents.field.operator'), order.operator ?? ''],
  ];
}

function auditFields(order: PrintableOrder, context: DocumentContext): Array<[string, string]> {
  const { t } = context;
  const audited = order.audit_status === AUDIT_STATUS.audited;
  return [
    [t('documents.field.audit'), t(`documents.audit_status.${audited ? 1 : 0}`)],
    [t('documents.field.audited'), audited ? [order.auditor, order.audittime ? context.time(order.audittime) : ''].filter(Boolean).join(' · ') : ''],
  ];
}

/** The product cells of a line (any order's, or a count's): number, name (with the detail code), spec, unit. */
export function productCells(line: { product_id: number; product?: Partial<OrderProductView> | null; detail_code?: string }): string[] {
  const product = line.product;
  const name = product?.name ?? `#${line.product_id}`;
  const detail = line.detail_code ?? '';
  return [product?.product_no ?? '', detail ? `${name}\n${detail}` : name, product?.spec ?? '', product?.unit_name ?? ''];
}

export function location(shelfId: number, context: DocumentContext): string {
  const shelf = context.shelves.get(shelfId);
  return shelf ? `${shelf.location}${shelf.serial_no ? ` (${shelf.serial_no})` : ''}` : '-';
}

/** Line count, quantities and the amount (exact, in cents) of a receipt or delivery note. */
function goodsTotals(lines: GoodsLineView[], context: DocumentContext, show: { planned: boolean; actual: 'received' | 'quantity' }): Array<[string, string]> {
  const { t } = context;
  const amount = lines.reduce((total, line) => total + toCents(lineAmount(line)), 0n);
  return [
    [t('documents.total.lines'), String(lines.length)],
    ...(show.planned ? [[t('documents.total.planned'), quantity(sum(lines, 'plan_quantity'))] as [string, string]] : []),
    [t(`documents.total.${show.actual}`), quantity(sum(lines, 'actual_quantity'))],
    [t('documents.total.amount'), money(fromCents(amount))],
  ];
}

function lineAmount(line: GoodsLineView): string {
  return fromCents(BigInt(line.actual_quantity || 0) * toCents(line.price || '0'));
}

function sum(lines: Array<GoodsLineView | RelocationLineView>, field: 'plan_quantity' | 'actual_quantity'): number {
  return lines.reduce((total, line) => total + (line[field] || 0), 0);
}

export function quantity(value: unknown): string {
  return group(String(Number(value) || 0));
}

/** "1234.5" → "1,234.50". */
export function money(value: unknown): string {
  const text = fromCents(toCents(String(value ?? 0)));
  const [whole, cents] = text.split('.');
  return `${group(whole)}.${cents}`;
}

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
