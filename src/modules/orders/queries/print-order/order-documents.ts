import { fromCents, toCents } from '../../../../shared/database/money';
import { DocumentColumn, DocumentRow, PrintedDocument } from '../../../../shared/documents/printed-document';
import type { ShelfSnapshot } from '../../../master-data';
import { OrderKind, ORDER_KINDS } from '../../persistence/order-kinds';

/*
 * The printed forms of an order, as pure functions of the order (as `edit` answers it), its shelves and the
 * reader's language: inbound receipt, picking list and delivery note (outbound), relocation sheet. The layout
 * itself is shared (shared/documents/printed-document.ts); a count sheet is one more builder like these.
 */

export type OrderDocumentKind = 'receipt' | 'picking' | 'delivery' | 'relocation' | 'adjustment';

/** `doc` of the request → the document; null when this order type has no such document. */
export function documentOf(kind: OrderKind, doc: unknown): OrderDocumentKind | null {
  if (doc !== undefined && typeof doc !== 'string') return null;
  const asked = doc === undefined || doc === '' ? 'default' : doc;
  if (kind === 'inbound') return asked === 'default' || asked === 'receipt' ? 'receipt' : null;
  if (kind === 'relocation') return asked === 'default' || asked === 'relocation' ? 'relocation' : null;
  if (kind === 'adjustment') return asked === 'default' || asked === 'adjustment' ? 'adjustment' : null;
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
}

type Row = Record<string, any>;

export function orderDocument(kind: OrderKind, document: OrderDocumentKind, order: Row, context: DocumentContext): PrintedDocument {
  const { t } = context;
  const lines: Row[] = Array.isArray(order.lines) ? order.lines : [];
  const base = {
    site: context.site,
    title: t(`documents.title.${document}`),
    number: String(order[ORDER_KINDS[kind].numberColumn] ?? ''),
    notes: [[t('documents.field.remark'), String(order.remark ?? '')]] as Array<[string, string]>,
    colon: t('documents.colon'),
    printed: t('documents.printed', { time: context.time(context.printedAt), zone: context.timeZone, name: context.printedBy }),
    pageLabel: (page: number, pages: number) => t('documents.page', { page, pages }),
  };
  const built = BUILDERS[document](order, lines, context);
  return { ...base, ...built, notes: order.remark ? base.notes : [] };
}

type Built = Pick<PrintedDocument, 'fields' | 'columns' | 'rows' | 'totals' | 'signatures'>;

const BUILDERS: Record<OrderDocumentKind, (order: Row, lines: Row[], context: DocumentContext) => Built> = {
  receipt(order, lines, context) {
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

  picking(order, lines, context) {
    const { t } = context;
    const rows: DocumentRow[] = [];
    let warehouse: number | null = null;
    pickingOrder(lines, context.shelves).forEach((line, i) => {
      const shelf = context.shelves.get(Number(line.warehouse_shelf_id));
      if (shelf && shelf.warehouse_id !== warehouse) {
        warehouse = shelf.warehouse_id;
        rows.push({ heading: t('documents.warehouse_heading', { name: `${shelf.warehouse_name}${shelf.warehouse_serial_no ? ` (${shelf.warehouse_serial_no})` : ''}` }) });
      }
      rows.push([
        String(i + 1),
        shelf ? `${shelf.area_name} / ${shelf.name}\n${[shelf.area_serial_no, shelf.serial_no].filter(Boolean).join('-')}` : '-',
        ...productCells(line),
        quantity(line.plan_quantity),
        quantity(line.actual_quantity),
        '',
      ]);
    });
    return {
      fields: [...headerFields(order, context, 'customer'), [t('documents.field.type'), t(`documents.outbound_type.${order.type}`)], ...auditFields(order, context)],
      columns: [col(t, 'index', 4), col(t, 'location', 15), col(t, 'product_no', 11), col(t, 'name', 19), col(t, 'spec', 10), col(t, 'unit', 5), col(t, 'planned', 8, 'right'), col(t, 'to_pick', 8, 'right'), { ...col(t, 'picked', 6, 'center'), checkbox: true }],
      rows,
      totals: [
        [t('documents.total.lines'), String(lines.length)],
        [t('documents.total.to_pick'), quantity(sum(lines, 'actual_quantity'))],
      ],
      signatures: ['prepared', 'picker', 'checker'].map((s) => t(`documents.signature.${s}`)),
    };
  },

  delivery(order, lines, context) {
    const { t } = context;
    return {
      fields: [
        ...headerFields(order, context, 'customer'),
        [t('documents.field.type'), t(`documents.outbound_type.${order.type}`)],
        [t('documents.field.carrier'), order.carrier?.name ?? ''],
        [t('documents.field.courier_number'), String(order.courier_number ?? '')],
        [t('documents.field.shipment_time'), order.shipment_time ? context.time(order.shipment_time) : t('documents.shipment_status.0')],
      ],
      columns: [col(t, 'index', 4), col(t, 'product_no', 12), col(t, 'name', 22), col(t, 'spec', 12), col(t, 'unit', 6), col(t, 'quantity', 9, 'right'), col(t, 'price', 10, 'right'), col(t, 'amount', 12, 'right')],
      rows: lines.map((line, i) => [String(i + 1), ...productCells(line), quantity(line.actual_quantity), money(line.price), money(lineAmount(line))]),
      totals: goodsTotals(lines, context, { planned: false, actual: 'quantity' }),
      signatures: ['shipper', 'driver', 'receiver'].map((s) => t(`documents.signature.${s}`)),
    };
  },

  adjustment(order, lines, context) {
    const { t } = context;
    const amount = (sign: 1 | -1) => lines.filter((l) => Math.sign(Number(l.quantity)) === sign).reduce((total, l) => total + toCents(l.total_price ?? 0), 0n);
    return {
      fields: [
        [t('documents.field.order_sn'), String(order.order_sn ?? '')],
        [t('documents.field.created'), order.createtime ? context.time(order.createtime) : ''],
        [t('documents.field.operator'), String(order.operator ?? '')],
        ...auditFields(order, context),
      ],
      columns: [col(t, 'index', 4), col(t, 'product_no', 10), col(t, 'name', 16), col(t, 'spec', 8), col(t, 'unit', 5), col(t, 'location', 14), { header: t('stocktake.document.reason'), weight: 8 }, col(t, 'quantity', 8, 'right'), col(t, 'price', 8, 'right'), col(t, 'amount', 10, 'right')],
      rows: lines.map((line, i) => [
        String(i + 1),
        ...productCells(line),
        `${location(line.warehouse_shelf_id, context)}${line.lot_no ? `\n${t('stocktake.document.lot')}${t('documents.colon')}${line.lot_no}` : ''}`,
        t(`stocktake.reason.${line.reason}`),
        Number(line.quantity) > 0 ? `+${quantity(line.quantity)}` : `-${quantity(-Number(line.quantity))}`,
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

  relocation(order, lines, context) {
    const { t } = context;
    return {
      fields: [
        ...headerFields(order, context, 'customer'),
        [t('documents.field.status'), t(`documents.relocation_status.${order.status}`)],
        ...auditFields(order, context),
      ],
      columns: [col(t, 'index', 4), col(t, 'product_no', 10), col(t, 'name', 15), col(t, 'spec', 8), col(t, 'unit', 5), col(t, 'from', 13), col(t, 'to', 13), col(t, 'planned', 8, 'right'), col(t, 'moved', 8, 'right'), col(t, 'remaining', 9, 'right')],
      rows: lines.map((line, i) => [
        String(i + 1),
        ...productCells(line),
        location(line.source_warehouse_shelf_id, context),
        location(line.target_warehouse_shelf_id, context),
        quantity(line.plan_quantity),
        quantity(line.actual_quantity),
        quantity(Math.max(0, Number(line.plan_quantity) - Number(line.actual_quantity))),
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
 * The walk through the warehouse: by warehouse, area and shelf code (numbers inside codes compare as numbers:
 * S2 before S10), then product number; lines on unknown shelves last, in entry order.
 */
export function pickingOrder<L extends Row>(lines: readonly L[], shelves: ReadonlyMap<number, ShelfSnapshot>): L[] {
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  const key = (line: L) => {
    const shelf = shelves.get(Number(line.warehouse_shelf_id));
    return shelf ? [shelf.warehouse_serial_no || shelf.warehouse_name, shelf.area_serial_no || shelf.area_name, shelf.serial_no, String(line.product?.product_no ?? '')] : null;
  };
  return lines
    .map((line, index) => ({ line, index, key: key(line) }))
    .sort((a, b) => {
      if (!a.key || !b.key) return a.key ? -1 : b.key ? 1 : a.index - b.index;
      for (let i = 0; i < a.key.length; i++) {
        const order = collator.compare(a.key[i], b.key[i]);
        if (order) return order;
      }
      return a.index - b.index;
    })
    .map((entry) => entry.line);
}

export function col(t: Translate, name: string, weight: number, align: DocumentColumn['align'] = 'left'): DocumentColumn {
  return { header: t(`documents.column.${name}`), weight, align };
}

function headerFields(order: Row, context: DocumentContext, party: 'supplier' | 'customer'): Array<[string, string]> {
  const { t } = context;
  return [
    [t('documents.field.order_sn'), String(order.order_sn ?? '')],
    [t(`documents.field.${party}`), order[party]?.name ?? ''],
    [t('documents.field.created'), order.createtime ? context.time(order.createtime) : ''],
    [t('documents.field.operator'), String(order.operator ?? '')],
  ];
}

function auditFields(order: Row, context: DocumentContext): Array<[string, string]> {
  const { t } = context;
  const audited = Number(order.audit_status) === 1;
  return [
    [t('documents.field.audit'), t(`documents.audit_status.${audited ? 1 : 0}`)],
    [t('documents.field.audited'), audited ? [order.auditor, order.audittime ? context.time(order.audittime) : ''].filter(Boolean).join(' · ') : ''],
  ];
}

export function productCells(line: Row): string[] {
  const product = line.product ?? {};
  const name = String(product.name ?? `#${line.product_id}`);
  return [String(product.product_no ?? ''), line.detail_code ? `${name}\n${line.detail_code}` : name, String(product.spec ?? ''), String(product.unit_name ?? '')];
}

export function location(shelfId: unknown, context: DocumentContext): string {
  const shelf = context.shelves.get(Number(shelfId));
  return shelf ? `${shelf.location}${shelf.serial_no ? ` (${shelf.serial_no})` : ''}` : '-';
}

/** Line count, quantities and the amount (exact, in cents) of a receipt or delivery note. */
function goodsTotals(lines: Row[], context: DocumentContext, show: { planned: boolean; actual: 'received' | 'quantity' }): Array<[string, string]> {
  const { t } = context;
  const amount = lines.reduce((total, line) => total + toCents(lineAmount(line)), 0n);
  return [
    [t('documents.total.lines'), String(lines.length)],
    ...(show.planned ? [[t('documents.total.planned'), quantity(sum(lines, 'plan_quantity'))] as [string, string]] : []),
    [t(`documents.total.${show.actual}`), quantity(sum(lines, 'actual_quantity'))],
    [t('documents.total.amount'), money(fromCents(amount))],
  ];
}

function lineAmount(line: Row): string {
  return fromCents(BigInt(Number(line.actual_quantity) || 0) * toCents(line.price ?? 0));
}

function sum(lines: Row[], field: string): number {
  return lines.reduce((total, line) => total + (Number(line[field]) || 0), 0);
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
