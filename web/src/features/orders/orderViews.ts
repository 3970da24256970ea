/**
 * Reading orders of any kind field by field: the answers carry no kind, but each kind has its own number
 * column and its own line shape, which these tell apart (type guards, so the code after them reads the
 * kind's own fields).
 */
import type { OrderKind } from '@contract/enums';
import type { OrderLineView } from '@contract/orders';
import type { ServerOrder } from './formStore';

/** The number column of each order kind. */
export const NUMBER_FIELD = {
  inbound: 'receipt_no',
  outbound: 'outbound_no',
  relocation: 'relocation_no',
  adjustment: 'adjustment_no',
  return: 'return_no',
} as const satisfies Record<OrderKind, keyof ServerOrder>;

/** An order's number, whatever its kind ('' before it has one). */
export function orderNumber(row: ServerOrder | null | undefined): string {
  return String(row?.receipt_no ?? row?.outbound_no ?? row?.relocation_no ?? row?.adjustment_no ?? row?.return_no ?? '');
}

/** A line of an order of any kind as answered. */
export type AnyLineView = OrderLineView<OrderKind>;
export type GoodsLineView = OrderLineView<'inbound' | 'outbound'>;
export type RelocationLineView = OrderLineView<'relocation'>;
export type AdjustmentLineView = OrderLineView<'adjustment'>;

/** An inbound or outbound line: one shelf, planned and actual quantities, a price. */
export const isGoodsLine = (line: AnyLineView): line is GoodsLineView => 'detail_code' in line;
/** A relocation line: from a source shelf to a target shelf. */
export const isRelocationLine = (line: AnyLineView): line is RelocationLineView => 'source_warehouse_shelf_id' in line;
/** An adjustment line: a signed change of one shelf's stock with its reason. */
export const isAdjustmentLine = (line: AnyLineView): line is AdjustmentLineView => 'reason' in line;
