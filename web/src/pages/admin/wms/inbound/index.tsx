/**
 * Inbound orders (/admin/wms/inbound): receipts from suppliers. Created unaudited with lines; audit posts
 * the received quantities to the shelves.
 */
import OrderPage from '@/features/orders/OrderPage';
import type { OrderPageStore } from '@/features/orders/pageStore';
import type { CrudColumn } from '@/components/crud';
import { INBOUND_TYPE_OPTIONS } from '@/features/orders/states';
import {
  auditStatusColumn,
  audittimeColumn,
  createtimeColumn,
  idColumn,
  numberColumn,
  operatorColumn,
  orderSnColumn,
  partyColumn,
  remarkColumn,
} from '@/features/orders/columns';

export const inboundColumns = (page: OrderPageStore): CrudColumn[] => [
  idColumn,
  numberColumn(page, 'wms.inbound.receipt_no'),
  orderSnColumn,
  partyColumn('supplier', 140),
  { prop: 'type', label: 'orders.field.type', render: 'tag', options: INBOUND_TYPE_OPTIONS, width: 100, align: 'center' },
  auditStatusColumn,
  operatorColumn,
  createtimeColumn,
  audittimeColumn,
  remarkColumn,
];

export default function InboundPage() {
  return (
    <OrderPage
      kind="inbound"
      entity="orders.inbound.entity"
      columns={inboundColumns}
      quickSearchFields={['wms.inbound.receipt_no', 'orders.field.orderSn']}
    />
  );
}
