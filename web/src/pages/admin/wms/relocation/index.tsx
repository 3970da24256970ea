/**
 * Relocation orders (/admin/wms/relocation): stock moved from one shelf to another. Audit approves the
 * order; moves then record quantities per line (partly or fully); cancel stops further moves.
 */
import OrderPage from '@/features/orders/OrderPage';
import type { OrderPageStore } from '@/features/orders/pageStore';
import type { CrudColumn } from '@/components/crud';
import { RELOCATION_STATUS_OPTIONS } from '@/features/orders/states';
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

export const relocationColumns = (page: OrderPageStore): CrudColumn[] => [
  idColumn,
  numberColumn(page, 'wms.relocation.relocation_no'),
  orderSnColumn,
  partyColumn('customer', 110),
  auditStatusColumn,
  { prop: 'status', label: 'orders.field.relocationStatus', render: 'tag', options: RELOCATION_STATUS_OPTIONS, width: 100, align: 'center' },
  operatorColumn,
  createtimeColumn,
  audittimeColumn,
  remarkColumn,
];

export default function RelocationPage() {
  return (
    <OrderPage
      kind="relocation"
      entity="orders.relocation.entity"
      columns={relocationColumns}
      quickSearchFields={['wms.relocation.relocation_no', 'orders.field.orderSn']}
    />
  );
}
