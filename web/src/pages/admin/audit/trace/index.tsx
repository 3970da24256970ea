/**
 * Movement trace (/admin/audit/trace): every movement of one product — optionally one lot, warehouse or
 * shelf, and a period — in ledger order with the shelf's balance, the running balance of what the filters
 * select and the product's; each order number opens the order as audited. Exports as XLSX or CSV.
 */
import '@/features/orders/i18n';
import '@/features/orders/orders.css';
import '@/features/audit/i18n';
import '@/features/audit/audit.css';
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Input, Space } from '@arco-design/web-react';
import { DatePicker } from '@/components/SiteDatePicker';
import { IconRefresh } from '@arco-design/web-react/icon';
import { CrudTable, type CrudColumn } from '@/components/crud';
import { TRACE_API } from '@/api/inventory';
import { AuditViewStore, orderLinkColumn, OrderSnapshotDrawer, OrderSnapshotStore, traceParams, type TraceFilters } from '@/features/audit';
import { MoneyCell, NumberCell, SignedCell } from '@/features/orders/cells';
import { ExportButton } from '@/components/transfer/ExportButton';
import { ProductSelect, ShelfSelect, WarehouseSelect } from '@/features/orders/selects';
import { FORM_TYPE_OPTIONS } from '@/features/orders/states';
import { LOT_NO_MAX_LENGTH } from '@contract/lots';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

const EMPTY: TraceFilters = { product_id: null, lot_no: '', warehouse_id: null, warehouse_shelf_id: null, period: null };

// The visible columns add up to about 1,070 px: beside the side menu of a 1440 px window the three balances
// show without sideways scrolling (the operator, price and amount are in the column chooser).
export const traceColumns = (snapshot: OrderSnapshotStore): CrudColumn[] => [
  { prop: 'event_id', label: 'auditView.columns.eventId', width: 80, align: 'right', operator: false, hidden: true },
  { prop: 'createtime', label: 'auditView.columns.createtime', render: 'datetime', width: 156, operator: false },
  orderLinkColumn(snapshot),
  { prop: 'form_type', label: 'auditView.columns.formType', render: 'tag', options: FORM_TYPE_OPTIONS, width: 124, align: 'center', operator: false },
  { prop: 'shelf_location', label: 'auditView.columns.location', minWidth: 130, ellipsis: true, operator: false },
  { prop: 'lot_no', label: 'auditView.columns.lot', width: 90, operator: false, cell: (v: unknown) => (v ? String(v) : '-') },
  { prop: 'quantity', label: 'auditView.columns.quantity', width: 90, align: 'right', operator: false, cell: (v: unknown) => <SignedCell value={v} /> },
  { prop: 'price', label: 'auditView.columns.price', width: 100, align: 'right', operator: false, hidden: true, cell: (v: unknown) => <MoneyCell value={v} /> },
  { prop: 'total_price', label: 'auditView.columns.amount', width: 104, align: 'right', operator: false, hidden: true, cell: (v: unknown) => <SignedCell value={v} money /> },
  { prop: 'balance', label: 'auditView.columns.balance', width: 100, align: 'right', operator: false, cell: (v: unknown) => <NumberCell value={v} /> },
  { prop: 'scope_balance', label: 'auditView.columns.scopeBalance', width: 120, align: 'right', operator: false, cell: (v: unknown) => <NumberCell value={v} /> },
  { prop: 'product_balance', label: 'auditView.columns.productBalance', width: 120, align: 'right', operator: false, cell: (v: unknown) => <b data-audit="product-balance"><NumberCell value={v} /></b> },
  { prop: 'operator', label: 'auditView.columns.operator', width: 94, ellipsis: true, operator: false, hidden: true },
];

const Filters = observer(function Filters({ page }: { page: AuditViewStore<TraceFilters> }) {
  const t = useT();
  const f = page.filters;
  return (
    <Space wrap size={8} className="audit-filters" data-audit="trace-filters">
      <ProductSelect value={f.product_id} onChange={(v) => page.setFilter('product_id', v)} placeholder={t('auditView.product')} style={{ width: 240 }} showStock={false} />
      <Input allowClear maxLength={LOT_NO_MAX_LENGTH} style={{ width: 130 }} placeholder={t('auditView.lot')} defaultValue={f.lot_no} onPressEnter={(e) => page.setFilter('lot_no', (e.target as HTMLInputElement).value)} onClear={() => page.setFilter('lot_no', '')} onBlur={(e) => e.target.value.trim().toUpperCase() !== f.lot_no.trim().toUpperCase() && page.setFilter('lot_no', e.target.value)} data-audit="trace-lot" />
      <WarehouseSelect value={f.warehouse_id} onChange={(v) => page.setFilters({ warehouse_id: v, warehouse_shelf_id: null })} placeholder={t('auditView.warehouse')} style={{ width: 140 }} />
      <ShelfSelect value={f.warehouse_shelf_id} warehouseId={f.warehouse_id} onChange={(v) => page.setFilter('warehouse_shelf_id', v)} placeholder={t('auditView.shelf')} style={{ width: 170 }} />
      <DatePicker.RangePicker style={{ width: 250 }} value={f.period ?? undefined} onChange={(v: string[]) => page.setFilter('period', v && v[0] && v[1] ? [v[0], v[1]] : null)} data-audit="trace-period" />
      <Button type="text" icon={<IconRefresh />} onClick={() => page.setFilters({ ...EMPTY })}>
        {t('auditView.reset')}
      </Button>
    </Space>
  );
});

const TracePage = observer(function TracePage() {
  const root = useStore();
  const t = useT();
  const [snapshot] = useState(() => new OrderSnapshotStore());
  const [page] = useState(
    () =>
      new AuditViewStore<TraceFilters>(root, {
        api: TRACE_API,
        columns: traceColumns(snapshot),
        initial: EMPTY,
        params: traceParams,
        ready: (f) => !!f.product_id,
        pk: 'event_id',
        limit: 50,
      }),
  );
  return (
    <div className="crud-page orders-page audit-view" data-audit="trace-page">
      <p className="audit-explain">{t('auditView.trace.explain')}</p>
      <Filters page={page} />
      <CrudTable
        store={page.table}
        toolbar={['refresh', 'columns']}
        toolbarExtra={<ExportButton api={TRACE_API} store={page.table} label="auditView.export" testId="trace-export" formats={['xlsx', 'csv']} />}
        rowButtons={[]}
        selectable={false}
        tableProps={{ noDataElement: page.filters.product_id ? undefined : <div className="audit-empty">{t('auditView.chooseProduct')}</div> }}
      />
      <OrderSnapshotDrawer store={snapshot} />
    </div>
  );
});

export default TracePage;
