import { ColumnShape, rowShape, RowShape } from '../../../shared/database/rows';
import type { Stocktake } from '../../../../contract/stocktake';
import { parseAllocations, parseSerials } from '../domain/order-lots';
import { AdjustmentLine, AdjustmentOrder, InboundOrder, LineOf, OrderKind, OrderOf, OutboundOrder, RelocationLine, RelocationOrder, ReturnLine, ReturnOrder, StoredGoodsLine, StoredOutboundLine } from '../domain/order-state';
import { StocktakeLine } from '../domain/stocktake';
import { PackedLine, PackageState } from '../domain/packing';
import {
  AdjustmentOrderEntity,
  AdjustmentOrderLineEntity,
  InboundOrderEntity,
  InboundOrderLineEntity,
  OutboundOrderEntity,
  OutboundOrderLineEntity,
  PackageEntity,
  PackageLineEntity,
  RelocationOrderEntity,
  RelocationOrderLineEntity,
  ReturnOrderEntity,
  ReturnOrderLineEntity,
  StocktakeEntity,
  StocktakeLineEntity,
} from './order.entities';

/** The rows of the orders' and counts' tables as raw reads answer them (checked against the entities at start-up). */

const header = {
  id: 'int',
  order_sn: 'string',
  admin_id: 'int',
  audit_status: 'int',
  audittime: 'int?',
  audit_admin_id: 'int',
  remark: 'string',
  createtime: 'int?',
  updatetime: 'int?',
} as const;

/** The unit a line was entered in. */
const unitColumns = { unit_id: 'int', unit_quantity: 'int', unit_name: 'string', factor: 'int' } as const;

/** JSON `[{lot_no, quantity}]` in a nullable text column: [] before anything was taken. */
const allocations: ColumnShape = { kind: 'string?', read: parseAllocations };

/** JSON `["SN1", …]` in a nullable text column: [] for a product without serials. */
const serials: ColumnShape = { kind: 'string?', read: parseSerials };

const goodsLine = {
  id: 'int',
  product_id: 'int',
  detail_code: 'string',
  plan_quantity: 'int',
  actual_quantity: 'int',
  price: 'money',
  total_price: 'money',
  warehouse_shelf_id: 'int',
  lot_no: 'string',
  production_date: 'string',
  expiry_date: 'string',
  allocations,
  ...unitColumns,
  serials,
} as const;

/** A line as stored: the line and the id of its order. */
export type StoredLine<L, Column extends string> = L & Record<Column, number>;

export const ORDER_ROWS: { [K in OrderKind]: { order: RowShape<OrderOf<K>>; line: RowShape<LineOf<K>> } } = {
  inbound: {
    order: rowShape<InboundOrder>(InboundOrderEntity, { ...header, receipt_no: 'string', supplier_id: 'int', type: 'int', warehouse_id: 'int' }),
    line: rowShape<StoredLine<StoredGoodsLine, 'inbound_order_id'>>(InboundOrderLineEntity, { ...goodsLine, inbound_order_id: 'int' }),
  },
  outbound: {
    order: rowShape<OutboundOrder>(OutboundOrderEntity, { ...header, outbound_no: 'string', customer_id: 'int', type: 'int', shipment_status: 'int', courier_number: 'string', carrier_id: 'int', shipment_time: 'int?', warehouse_id: 'int', fulfilment_status: 'int', wave_id: 'int', backorder_of: 'int' }),
    line: rowShape<StoredLine<StoredOutboundLine, 'outbound_order_id'>>(OutboundOrderLineEntity, { ...goodsLine, outbound_order_id: 'int', picked_quantity: 'int', backorder_quantity: 'int' }),
  },
  relocation: {
    order: rowShape<RelocationOrder>(RelocationOrderEntity, { ...header, relocation_no: 'string', customer_id: 'int', status: 'int' }),
    line: rowShape<StoredLine<RelocationLine, 'relocation_order_id'>>(RelocationOrderLineEntity, {
      id: 'int',
      relocation_order_id: 'int',
      product_id: 'int',
      source_warehouse_shelf_id: 'int',
      target_warehouse_shelf_id: 'int',
      plan_quantity: 'int',
      actual_quantity: 'int',
      lot_no: 'string',
      allocations,
      ...unitColumns,
      serials,
    }),
  },
  adjustment: {
    order: rowShape<AdjustmentOrder>(AdjustmentOrderEntity, { ...header, adjustment_no: 'string' }),
    line: rowShape<StoredLine<AdjustmentLine, 'adjustment_order_id'>>(AdjustmentOrderLineEntity, {
      id: 'int',
      adjustment_order_id: 'int',
      product_id: 'int',
      warehouse_shelf_id: 'int',
      lot_no: 'string',
      quantity: 'int',
      reason: 'string',
      price: 'money',
      total_price: 'money',
      ...unitColumns,
      serials,
    }),
  },
  return: {
    order: rowShape<ReturnOrder>(ReturnOrderEntity, { ...header, return_no: 'string', outbound_id: 'int', customer_id: 'int', scrap_adjustment_id: 'int' }),
    line: rowShape<StoredLine<ReturnLine, 'return_order_id'>>(ReturnOrderLineEntity, {
      id: 'int',
      return_order_id: 'int',
      product_id: 'int',
      warehouse_shelf_id: 'int',
      lot_no: 'string',
      quantity: 'int',
      disposition: 'int',
      reason: 'string',
      price: 'money',
      total_price: 'money',
      ...unitColumns,
      serials,
    }),
  },
};

export const STOCKTAKE_ROWS = rowShape<Stocktake>(StocktakeEntity, {
  id: 'int',
  stocktake_no: 'string',
  warehouse_id: 'int',
  warehouse_area_id: 'int',
  warehouse_shelf_id: 'int',
  category_id: 'int',
  blind: 'int',
  status: 'int',
  remark: 'string',
  admin_id: 'int',
  start_time: 'int?',
  start_admin_id: 'int',
  post_time: 'int?',
  post_admin_id: 'int',
  createtime: 'int?',
  updatetime: 'int?',
});

export const STOCKTAKE_LINE_ROWS = rowShape<StocktakeLine>(StocktakeLineEntity, {
  id: 'int',
  stocktake_id: 'int',
  product_id: 'int',
  warehouse_shelf_id: 'int',
  lot_no: 'string',
  book_quantity: 'int',
  book_version: 'int',
  counted_quantity: 'int?',
  counted_version: 'int?',
  expected_quantity: 'int?',
  variance: 'int?',
  price: 'money',
  found: 'int',
  count_admin_id: 'int',
  counttime: 'int?',
  ...unitColumns,
  book_serials: { kind: 'string?', read: (v) => (v === null || v === undefined ? null : parseSerials(v)) },
  counted_serials: { kind: 'string?', read: (v) => (v === null || v === undefined ? null : parseSerials(v)) },
});

/** A package as its commands decide on it, and when it was made and closed. */
export const PACKAGE_ROWS = rowShape<PackageState & { admin_id: number; close_time: number | null; createtime: number | null; updatetime: number | null }>(PackageEntity, {
  id: 'int',
  sscc: 'string',
  outbound_id: 'int',
  type: 'int',
  status: 'int',
  weight: 'money',
  admin_id: 'int',
  close_time: 'int?',
  createtime: 'int?',
  updatetime: 'int?',
});

export const PACKAGE_LINE_ROWS = rowShape<PackedLine & { id: number; outbound_id: number; createtime: number | null; updatetime: number | null }>(PackageLineEntity, {
  id: 'int',
  package_id: 'int',
  outbound_id: 'int',
  product_id: 'int',
  quantity: 'int',
  createtime: 'int?',
  updatetime: 'int?',
});
