/**
 * Stock adjustments (/admin/wms/adjustment): orders whose lines change one stock stream each by a signed
 * quantity with a reason (damaged, lost, found, expired, correction). Audit posts every line at once —
 * adjustment in (form type 100) or out (110) — or none when a line would take a shelf below zero.
 */
import OrderPage from '@/features/orders/OrderPage';
import type { OrderPageStore } from '@/features/orders/pageStore';
import type { CrudColumn } from '@/components/crud';
import { auditStatusColumn, audittimeColumn, createtimeColumn, idColumn, numberColumn, operatorColumn, orderSnColumn, remarkColumn } from '@/features/orders/columns';

export const adjustmentColumns = (page: OrderPageStore): CrudColumn[] => [
  idColumn,
  numberColumn(page, 'wms.adjustment.adjustment_no'),
  orderSnColumn,
  auditStatusColumn,
  operatorColumn,
  createtimeColumn,
  audittimeColumn,
  { ...remarkColumn, hidden: false },
];

export default function AdjustmentPage() {
  return <OrderPage kind="adjustment" entity="orders.adjustment.entity" columns={adjustmentColumns} quickSearchFields={['wms.adjustment.adjustment_no', 'orders.field.orderSn']} />;
}
