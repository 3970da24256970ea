/**
 * Stock as of a date (/admin/audit/stock): the stock at the end of a chosen day, folded from the ledger by
 * the same service as the stock page's as-of mode, with product and place filters; exports as XLSX or CSV.
 */
import '@/features/orders/i18n';
import '@/features/orders/orders.css';
import '@/features/audit/i18n';
import '@/features/audit/audit.css';
import '@/features/lots/i18n';
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { siteDay } from '@/utils/time';
import { Space } from '@arco-design/web-react';
import { DatePicker } from '@/components/SiteDatePicker';
import { CrudTable, type CrudColumn } from '@/components/crud';
import { AUDIT_STOCK_API } from '@/api/inventory';
import { AuditViewStore, asOfParams, type AsOfFilters } from '@/features/audit';
import { MoneyCell, NameWithSpec, NumberCell } from '@/features/orders/cells';
import { ExportButton } from '@/components/transfer/ExportButton';
import { ProductSelect, ShelfSelect, WarehouseSelect } from '@/features/orders/selects';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

export const asOfColumns: CrudColumn[] = [
  { prop: 'product.product_no', label: 'auditView.columns.productNo', width: 132, ellipsis: true, operator: false },
  {
    prop: 'product.name',
    label: 'auditView.columns.product',
    minWidth: 150,
    ellipsis: true,
    operator: false,
    cell: (v: unknown, row: Record<string, any>) => <NameWithSpec name={v} spec={row.product?.spec} />,
  },
  { prop: 'warehouse.name', label: 'auditView.columns.warehouse', minWidth: 120, ellipsis: true, operator: false },
  { prop: 'area.name', label: 'auditView.columns.area', minWidth: 110, ellipsis: true, operator: false },
  { prop: 'shelf.name', label: 'auditView.shelf', minWidth: 120, ellipsis: true, operator: false },
  { prop: 'lot_no', label: 'auditView.columns.lot', width: 110, operator: false, cell: (v: unknown) => (v ? String(v) : '-') },
  { prop: 'expiry_date', label: 'lots.expiryDate', width: 110, operator: false, cell: (v: unknown) => (v ? String(v) : '-') },
  { prop: 'quantity', label: 'auditView.columns.onHand', width: 100, align: 'right', operator: false, cell: (v: unknown) => <b data-audit="asof-quantity"><NumberCell value={v} /></b> },
  { prop: 'value', label: 'auditView.columns.stockValue', width: 120, align: 'right', operator: false, cell: (v: unknown) => <span data-audit="asof-value"><MoneyCell value={v} /></span> },
  { prop: 'updatetime', label: 'auditView.columns.lastMovement', render: 'datetime', width: 170, operator: false },
];

const stockKey = (row: Record<string, any>) => `${row.product_id}-${row.warehouse_shelf_id}-${row.lot_no ?? ''}`;

/** Rows, quantity and value of everything the filters select (the server's totals, not the page's). */
const AsOfTotals = observer(function AsOfTotals({ page }: { page: AuditViewStore<AsOfFilters> }) {
  const t = useT();
  const answer = page.table.answer as { total?: number; totals?: { quantity: number; value: string } } | null;
  if (!answer?.totals) return null;
  return (
    <p className="audit-explain" data-audit="asof-totals">
      <b>{t('auditView.stock.totals', { count: (answer.total ?? 0).toLocaleString('en-US'), quantity: answer.totals.quantity.toLocaleString('en-US'), value: answer.totals.value })}</b>
    </p>
  );
});

const AsOfPage = observer(function AsOfPage() {
  const root = useStore();
  const t = useT();
  const [page] = useState(
    () =>
      new AuditViewStore<AsOfFilters>(root, {
        api: AUDIT_STOCK_API,
        columns: asOfColumns,
        initial: { asof: siteDay(), product_id: null, warehouse_id: null, warehouse_shelf_id: null },
        params: asOfParams,
        ready: (f) => !!f.asof,
        pk: '_key',
        key: stockKey,
      }),
  );
  const f = page.filters;
  return (
    <div className="crud-page orders-page audit-view" data-audit="stock-page">
      <p className="audit-explain">{t('auditView.stock.explain')}</p>
      <Space wrap size={8} className="audit-filters" data-audit="stock-filters">
        <DatePicker style={{ width: 250 }} prefix={t('auditView.asof')} value={f.asof} allowClear={false} onChange={(v: string) => v && page.setFilter('asof', v)} data-audit="stock-asof" />
        <ProductSelect value={f.product_id} onChange={(v) => page.setFilter('product_id', v)} placeholder={t('auditView.product')} style={{ width: 220 }} showStock={false} />
        <WarehouseSelect value={f.warehouse_id} onChange={(v) => page.setFilters({ warehouse_id: v, warehouse_shelf_id: null })} placeholder={t('auditView.warehouse')} style={{ width: 140 }} />
        <ShelfSelect value={f.warehouse_shelf_id} warehouseId={f.warehouse_id} onChange={(v) => page.setFilter('warehouse_shelf_id', v)} placeholder={t('auditView.shelf')} style={{ width: 170 }} />
      </Space>
      <AsOfTotals page={page} />
      <CrudTable
        store={page.table}
        toolbar={['refresh', 'columns']}
        toolbarExtra={<ExportButton api={AUDIT_STOCK_API} store={page.table} label="auditView.export" testId="asof-export" formats={['xlsx', 'csv']} />}
        rowButtons={[]}
        selectable={false}
      />
    </div>
  );
});

export default AsOfPage;
