import { CrudRow, ListExport, ListExportColumn, ListExportHelpers } from '../../../shared/crud';
import { OrderKind } from '../persistence/order-kinds';

/*
 * What `GET export` of each order list writes: one row per order as the list shows it, enumerations as
 * their labels in the caller's language (the printed documents' labels), times in the site time zone.
 * The lines of each order are in its printed document and in the inventory history's export.
 */

/** A list row as `GET index` answers it: the order's own columns, and the names its list joins. */
type Named = { name?: string } | null;
type Row = CrudRow & { admin?: { username?: string; nickname?: string } | null } & Partial<Record<'supplier' | 'customer' | 'carrier' | 'warehouse' | 'area' | 'shelf' | 'category', Named>>;
type Column = ListExportColumn<ListExportHelpers, Row>;

const h = (name: string) => `orders.exports.column.${name}`;

const operator: Column = { label: h('operator'), value: (r) => r.admin?.nickname || r.admin?.username || '' };
const orderSn: Column = { label: h('order_sn'), value: (r) => r.order_sn };
const auditStatus: Column = { label: h('audit_status'), value: (r, x) => x.label('documents.audit_status', r.audit_status) };
const created: Column = { label: h('createtime'), value: (r, x) => x.time(r.createtime), width: 20 };
const audited: Column = { label: h('audittime'), value: (r, x) => x.time(r.audittime), width: 20 };
const remark: Column = { label: h('remark'), value: (r) => r.remark, width: 30 };
const number = (field: string): Column => ({ label: h('number'), value: (r) => r[field], width: 20 });
const party = (join: 'supplier' | 'customer'): Column => ({ label: h(join), value: (r) => r[join]?.name ?? '', width: 24 });

export const ORDER_EXPORTS: Record<OrderKind, ListExport> = {
  inbound: {
    title: 'orders.exports.title.inbound',
    columns: [
      number('receipt_no'),
      orderSn,
      party('supplier'),
      { label: h('type'), value: (r, x) => x.label('documents.inbound_type', r.type) },
      auditStatus,
      operator,
      created,
      audited,
      remark,
    ],
  },
  outbound: {
    title: 'orders.exports.title.outbound',
    columns: [
      number('outbound_no'),
      orderSn,
      party('customer'),
      { label: h('type'), value: (r, x) => x.label('documents.outbound_type', r.type) },
      auditStatus,
      { label: h('shipment_status'), value: (r, x) => x.label('documents.shipment_status', r.shipment_status) },
      { label: h('carrier'), value: (r) => r.carrier?.name ?? '', width: 20 },
      { label: h('courier_number'), value: (r) => r.courier_number, width: 20 },
      { label: h('shipment_time'), value: (r, x) => x.time(r.shipment_time), width: 20 },
      operator,
      created,
      audited,
      remark,
    ],
  },
  relocation: {
    title: 'orders.exports.title.relocation',
    columns: [
      number('relocation_no'),
      orderSn,
      party('customer'),
      auditStatus,
      { label: h('status'), value: (r, x) => x.label('documents.relocation_status', r.status) },
      operator,
      created,
      audited,
      remark,
    ],
  },
  adjustment: {
    title: 'orders.exports.title.adjustment',
    columns: [number('adjustment_no'), orderSn, auditStatus, operator, created, audited, remark],
  },
  return: {
    title: 'orders.exports.title.return',
    columns: [number('return_no'), orderSn, { label: h('outbound'), value: (r) => (r as Row & { outbound?: { outbound_no?: string } | null }).outbound?.outbound_no ?? '', width: 20 }, party('customer'), auditStatus, operator, created, audited, remark],
  },
};

export const STOCKTAKE_EXPORT: ListExport = {
  title: 'orders.exports.title.stocktake',
  columns: [
    number('stocktake_no'),
    { label: h('status'), value: (r, x) => x.label('stocktake.status', r.status) },
    { label: h('warehouse'), value: (r) => r.warehouse?.name ?? '', width: 20 },
    { label: h('area'), value: (r) => r.area?.name ?? '' },
    { label: h('shelf'), value: (r) => r.shelf?.name ?? '' },
    { label: h('category'), value: (r) => r.category?.name ?? '' },
    { label: h('blind'), value: (r, x) => x.label('orders.exports.blind', r.blind) },
    operator,
    created,
    { label: h('start_time'), value: (r, x) => x.time(r.start_time), width: 20 },
    { label: h('post_time'), value: (r, x) => x.time(r.post_time), width: 20 },
    remark,
  ],
};
