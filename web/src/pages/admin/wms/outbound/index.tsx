/**
 * Outbound orders (/admin/wms/outbound): issues to customers. Audit takes the stock off the shelves (all
 * lines or none); an audited order is then shipped with a carrier and a courier number.
 */
import OrderPage from '@/features/orders/OrderPage';
import type { OrderPageStore } from '@/features/orders/pageStore';
import type { CrudColumn } from '@/components/crud';
import { OUTBOUND_TYPE_OPTIONS, SHIPMENT_STATUS_OPTIONS } from '@/features/orders/states';
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
import { SELECT_URL } from '@/api/masterData';

export const outboundColumns = (page: OrderPageStore): CrudColumn[] => [
  idColumn,
  numberColumn(page, 'wms.outbound.outbound_no'),
  orderSnColumn,
  partyColumn('customer', 140),
  { prop: 'type', label: 'orders.field.type', render: 'tag', options: OUTBOUND_TYPE_OPTIONS, width: 100, align: 'center' },
  auditStatusColumn,
  { prop: 'shipment_status', label: 'orders.field.shipmentStatus', render: 'tag', options: SHIPMENT_STATUS_OPTIONS, width: 96, align: 'center' },
  {
    prop: 'carrier.name',
    label: 'orders.field.carrier',
    minWidth: 120,
    ellipsis: true,
    hidden: true,
    searchField: 'carrier_id',
    operator: '=',
    searchRemote: { url: SELECT_URL.carrier, labelField: 'name' },
  },
  { prop: 'courier_number', label: 'orders.field.courierNumber', minWidth: 140, ellipsis: true, operator: 'LIKE', hidden: true },
  { prop: 'shipment_time', label: 'orders.field.shipmentTime', render: 'datetime', width: 170, hidden: true, sortable: true },
  { ...operatorColumn, hidden: true },
  createtimeColumn,
  audittimeColumn,
  remarkColumn,
];

export default function OutboundPage() {
  return (
    <OrderPage
      kind="outbound"
      entity="orders.outbound.entity"
      columns={outboundColumns}
      quickSearchFields={['wms.outbound.outbound_no', 'orders.field.orderSn', 'orders.field.courierNumber']}
    />
  );
}
