import { ObjectLiteral } from 'typeorm';
import { Party } from '../../master-data';
import { OrderKind } from '../domain/order-state';
import {
  AdjustmentOrderEntity,
  AdjustmentOrderLineEntity,
  InboundOrderEntity,
  InboundOrderLineEntity,
  OutboundOrderEntity,
  OutboundOrderLineEntity,
  RelocationOrderEntity,
  RelocationOrderLineEntity,
  ReturnOrderEntity,
  ReturnOrderLineEntity,
} from './order.entities';

export type { OrderKind };

/** What differs between the three order types; everything else is shared. */
export interface OrderKindDescriptor {
  kind: OrderKind;
  order: new () => ObjectLiteral;
  line: new () => ObjectLiteral;
  orderTable: string;
  lineTable: string;
  /** The line column holding the order id. */
  lineOrderColumn: string;
  /** The server-generated number column and its prefix (RK20261122-0001). */
  numberColumn: 'receipt_no' | 'outbound_no' | 'relocation_no' | 'adjustment_no' | 'return_no';
  prefix: string;
  /** The party of the order: required for inbound (supplier) and outbound (customer), optional for relocation, none for adjustment. */
  party: { column: 'supplier_id' | 'customer_id'; party: Party; required: boolean } | null;
  /** The state columns of a new order besides the audit status. */
  initial: Record<string, unknown>;
}

export const ORDER_KINDS: Record<OrderKind, OrderKindDescriptor> = {
  inbound: {
    kind: 'inbound',
    order: InboundOrderEntity,
    line: InboundOrderLineEntity,
    orderTable: 'inbound_order',
    lineTable: 'inbound_order_line',
    lineOrderColumn: 'inbound_order_id',
    numberColumn: 'receipt_no',
    prefix: 'RK',
    party: { column: 'supplier_id', party: 'supplier', required: true },
    initial: {},
  },
  outbound: {
    kind: 'outbound',
    order: OutboundOrderEntity,
    line: OutboundOrderLineEntity,
    orderTable: 'outbound_order',
    lineTable: 'outbound_order_line',
    lineOrderColumn: 'outbound_order_id',
    numberColumn: 'outbound_no',
    prefix: 'CK',
    party: { column: 'customer_id', party: 'customer', required: true },
    initial: { shipment_status: 0, courier_number: '', carrier_id: 0, shipment_time: null },
  },
  relocation: {
    kind: 'relocation',
    order: RelocationOrderEntity,
    line: RelocationOrderLineEntity,
    orderTable: 'relocation_order',
    lineTable: 'relocation_order_line',
    lineOrderColumn: 'relocation_order_id',
    numberColumn: 'relocation_no',
    prefix: 'YK',
    party: { column: 'customer_id', party: 'customer', required: false },
    initial: { status: 0 },
  },
  adjustment: {
    kind: 'adjustment',
    order: AdjustmentOrderEntity,
    line: AdjustmentOrderLineEntity,
    orderTable: 'adjustment_order',
    lineTable: 'adjustment_order_line',
    lineOrderColumn: 'adjustment_order_id',
    numberColumn: 'adjustment_no',
    prefix: 'TZ',
    party: null,
    initial: {},
  },
  return: {
    kind: 'return',
    order: ReturnOrderEntity,
    line: ReturnOrderLineEntity,
    orderTable: 'return_order',
    lineTable: 'return_order_line',
    lineOrderColumn: 'return_order_id',
    numberColumn: 'return_no',
    prefix: 'TH',
    // copied from the outbound order returned
    party: { column: 'customer_id', party: 'customer', required: true },
    initial: { scrap_adjustment_id: 0 },
  },
};
