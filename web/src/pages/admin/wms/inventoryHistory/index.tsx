/**
 * Inventory history (/admin/wms/inventoryHistory): one row per stock movement — signed quantities (in
 * green, out red), form type, the balance of the product on the shelf after it — with every filter of the
 * endpoint and an XLSX or CSV export of what the filters select.
 */
import '@/features/orders/i18n';
import '@/features/orders/orders.css';
import '@/features/lots/i18n';
import { useState } from 'react';
import type { ShelfPick } from '@contract/master-data';
import { CrudTable, CrudTableStore, type CrudColumn } from '@/components/crud';
import { MoneyCell, NumberCell, SignedCell } from '@/features/orders/cells';
import { ExportButton } from '@/components/transfer/ExportButton';
import { productLabel, shelfLabel } from '@/features/orders/selects';
import { FORM_TYPE_OPTIONS, ORDER_TYPE_OPTIONS } from '@/features/orders/states';
import { useStore } from '@/stores/context';
import { HISTORY_API } from '@/api/inventory';
import { SELECT_URL } from '@/api/masterData';

// The visible columns add up to 1,110 px: beside the side menu of a 1440 px window the table needs no
// sideways scroll, an order number ("RK20261122-0001") is not cut off, and the movement tags keep room
// for their longest English label ("Outsourced outbound").
export const historyColumns: CrudColumn[] = [
  { prop: 'id', label: 'wms.inventoryHistory.id', width: 80, operator: '=', sortable: true, hidden: true },
  { prop: 'createtime', label: 'wms.inventoryHistory.createtime', render: 'datetime', sortable: true, width: 162 },
  { prop: 'order_no', label: 'wms.inventoryHistory.orderNo', width: 152, operator: 'LIKE', ellipsis: true },
  { prop: 'order_type', label: 'wms.inventoryHistory.orderType', render: 'tag', options: ORDER_TYPE_OPTIONS, width: 100, align: 'center', hidden: true },
  { prop: 'form_type', label: 'wms.inventoryHistory.formType', render: 'tag', options: FORM_TYPE_OPTIONS, width: 172, align: 'center' },
  {
    prop: 'product_name',
    label: 'wms.inventoryHistory.product',
    minWidth: 122,
    ellipsis: true,
    searchField: 'product_id',
    operator: '=',
    searchRemote: { url: SELECT_URL.product, labelField: productLabel },
    cell: (v: unknown, row: Record<string, any>) => (
      <span>
        {String(v ?? '-')}
        <span className="orders-sub"> {row.product_no}</span>
      </span>
    ),
  },
  { prop: 'warehouse_id', label: 'wms.inventoryHistory.warehouse', inTable: false, operator: '=', searchRemote: { url: SELECT_URL.warehouse, labelField: 'name' } },
  {
    prop: 'shelf_location',
    label: 'wms.inventoryHistory.location',
    minWidth: 128,
    ellipsis: true,
    searchField: 'warehouse_shelf_id',
    operator: '=',
    searchRemote: { url: SELECT_URL.shelf, labelField: (row: ShelfPick) => shelfLabel(row) },
  },
  { prop: 'lot_no', label: 'lots.lotNo', width: 110, operator: '=', ellipsis: true, cell: (v: unknown) => (v ? String(v) : '-') },
  { prop: 'expiry_date', label: 'lots.expiryDate', width: 110, operator: false, hidden: true, cell: (v: unknown) => (v ? String(v) : '-') },
  { prop: 'quantity', label: 'wms.inventoryHistory.quantity', width: 90, align: 'right', operator: false, sortable: true, cell: (v: unknown) => <SignedCell value={v} /> },
  { prop: 'unit', label: 'wms.inventoryHistory.unit', width: 70, operator: false, hidden: true },
  { prop: 'spec', label: 'wms.inventoryHistory.spec', width: 100, operator: false, hidden: true },
  { prop: 'price', label: 'wms.inventoryHistory.price', width: 100, align: 'right', operator: false, hidden: true, cell: (v: unknown) => <MoneyCell value={v} /> },
  { prop: 'total_price', label: 'wms.inventoryHistory.totalPrice', width: 104, align: 'right', operator: false, cell: (v: unknown) => <SignedCell value={v} money /> },
  { prop: 'balance', label: 'wms.inventoryHistory.balance', width: 86, align: 'right', operator: false, sortable: true, cell: (v: unknown) => <NumberCell value={v} /> },
  { prop: 'operator', label: 'wms.inventoryHistory.operator', width: 94, ellipsis: true, operator: 'LIKE' },
];

export default function InventoryHistoryPage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: HISTORY_API,
        columns: historyColumns,
        quickSearchFields: ['wms.inventoryHistory.orderNo', 'wms.inventoryHistory.productNo', 'wms.inventoryHistory.productName'],
        limit: 20,
      }),
  );
  return (
    <div className="crud-page orders-page history-page" data-orders="history-page">
      <CrudTable
        store={store}
        toolbar={['refresh', 'quickSearch', 'search', 'columns']}
        toolbarExtra={<ExportButton api={HISTORY_API} store={store} label="wms.inventoryHistory.export" testId="history-export" formats={['xlsx', 'csv']} />}
        rowButtons={[]}
        selectable={false}
      />
    </div>
  );
}
