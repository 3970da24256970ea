/**
 * Count and adjustment variances (/admin/audit/variance): every posted count line and adjustment line that
 * changed stock in a period, with its signed variance and value (quantity × the unit price it was posted
 * at, exact), the totals of gains and losses, filters by period, warehouse and form type; each order number
 * opens the order as audited. Exports as XLSX or CSV.
 */
import '@/features/orders/i18n';
import '@/features/orders/orders.css';
import '@/features/audit/i18n';
import '@/features/audit/audit.css';
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Card, Grid, Select, Space } from '@arco-design/web-react';
import { DatePicker } from '@/components/SiteDatePicker';
import { IconRefresh } from '@arco-design/web-react/icon';
import type { VarianceTotals } from '@contract/stock';
import { CrudTable, type CrudColumn } from '@/components/crud';
import { VARIANCE_API } from '@/api/inventory';
import { AuditViewStore, orderLinkColumn, OrderSnapshotDrawer, OrderSnapshotStore, varianceParams, type VarianceFilters } from '@/features/audit';
import { MoneyCell, SignedCell } from '@/features/orders/cells';
import { ExportButton } from '@/components/transfer/ExportButton';
import { WarehouseSelect } from '@/features/orders/selects';
import { FORM_TYPE_OPTIONS } from '@/features/orders/states';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

const EMPTY: VarianceFilters = { warehouse_id: null, form_type: [], period: null };
const VARIANCE_FORM_TYPES = FORM_TYPE_OPTIONS.filter((o) => [80, 90, 100, 110].includes(Number(o.value)));

export const varianceColumns = (snapshot: OrderSnapshotStore): CrudColumn[] => [
  { prop: 'createtime', label: 'auditView.columns.createtime', render: 'datetime', width: 150, operator: false },
  orderLinkColumn(snapshot),
  { prop: 'form_type', label: 'auditView.columns.formType', render: 'tag', options: FORM_TYPE_OPTIONS, width: 120, align: 'center', operator: false },
  {
    prop: 'product_name',
    label: 'auditView.columns.product',
    minWidth: 130,
    ellipsis: true,
    operator: false,
    cell: (v: unknown, row: Record<string, any>) => (
      <span>
        {String(v ?? '-')}
        <span className="orders-sub"> {row.product_no}</span>
      </span>
    ),
  },
  { prop: 'shelf_location', label: 'auditView.columns.location', minWidth: 130, ellipsis: true, operator: false },
  { prop: 'lot_no', label: 'auditView.columns.lot', width: 80, operator: false, cell: (v: unknown) => (v ? String(v) : '-') },
  { prop: 'quantity', label: 'auditView.columns.variance', width: 90, align: 'right', operator: false, cell: (v: unknown) => <SignedCell value={v} /> },
  { prop: 'price', label: 'auditView.columns.price', width: 90, align: 'right', operator: false, cell: (v: unknown) => <MoneyCell value={v} /> },
  { prop: 'value', label: 'auditView.columns.value', width: 100, align: 'right', operator: false, cell: (v: unknown) => <SignedCell value={v} money /> },
  { prop: 'reason', label: 'auditView.columns.reason', width: 110, operator: false, cell: (v: unknown) => <ReasonText value={v} /> },
  { prop: 'operator', label: 'auditView.columns.operator', width: 94, ellipsis: true, operator: false, hidden: true },
];

/** Why stock changed: a count, or the adjustment lines' reasons, in the reader's language. */
function ReasonText({ value }: { value: unknown }) {
  const t = useT();
  const keys = String(value ?? '').split(',').filter(Boolean);
  if (!keys.length) return <span className="orders-sub">-</span>;
  return <span data-audit="variance-reason">{keys.map((key) => (key === 'count' ? t('auditView.reasonCount') : t(`orders.reason.${key}`))).join(', ')}</span>;
}

const TotalsCard = observer(function TotalsCard({ page }: { page: AuditViewStore<VarianceFilters> }) {
  const t = useT();
  const totals = (page.table.answer as { totals?: VarianceTotals } | null)?.totals;
  if (!totals) return null;
  const item = (key: string, lines: number, quantity: number, value: string, status: string) => (
    <Grid.Col xs={24} sm={8}>
      <Card size="small" bordered data-audit={`total-${key}`}>
        <div className="audit-total-title">{t(`auditView.variance.${key}`)}</div>
        <div className="audit-total-value" style={{ color: status }}>
          {value}
        </div>
        <div className="orders-sub">{t('auditView.variance.summary', { lines, quantity })}</div>
      </Card>
    </Grid.Col>
  );
  return (
    <Grid.Row gutter={[12, 12]} className="audit-totals">
      {item('gains', totals.gain_lines, totals.gain_quantity, totals.gain_value, 'rgb(var(--green-6))')}
      {item('losses', totals.loss_lines, totals.loss_quantity, totals.loss_value, 'rgb(var(--red-6))')}
      {item('net', totals.gain_lines + totals.loss_lines, totals.net_quantity, totals.net_value, 'var(--color-text-1)')}
    </Grid.Row>
  );
});

const VariancePage = observer(function VariancePage() {
  const root = useStore();
  const t = useT();
  const [snapshot] = useState(() => new OrderSnapshotStore());
  const [page] = useState(() => new AuditViewStore<VarianceFilters>(root, { api: VARIANCE_API, columns: varianceColumns(snapshot), initial: EMPTY, params: varianceParams, pk: 'event_id' }));
  const f = page.filters;
  return (
    <div className="crud-page orders-page audit-view" data-audit="variance-page">
      <p className="audit-explain">{t('auditView.variance.explain')}</p>
      <Space wrap size={8} className="audit-filters" data-audit="variance-filters">
        <DatePicker.RangePicker style={{ width: 250 }} value={f.period ?? undefined} onChange={(v: string[]) => page.setFilter('period', v && v[0] && v[1] ? [v[0], v[1]] : null)} data-audit="variance-period" />
        <WarehouseSelect value={f.warehouse_id} onChange={(v) => page.setFilter('warehouse_id', v)} placeholder={t('auditView.warehouse')} style={{ width: 160 }} />
        <Select mode="multiple" allowClear style={{ width: 260 }} placeholder={t('auditView.formType')} value={f.form_type} onChange={(v: number[]) => page.setFilter('form_type', v ?? [])} data-audit="variance-form-type">
          {VARIANCE_FORM_TYPES.map((o) => (
            <Select.Option key={String(o.value)} value={Number(o.value)}>
              {t(String(o.label))}
            </Select.Option>
          ))}
        </Select>
        <Button type="text" icon={<IconRefresh />} onClick={() => page.setFilters({ ...EMPTY })}>
          {t('auditView.reset')}
        </Button>
      </Space>
      <TotalsCard page={page} />
      <CrudTable
        store={page.table}
        toolbar={['refresh', 'columns']}
        toolbarExtra={<ExportButton api={VARIANCE_API} store={page.table} label="auditView.export" testId="variance-export" formats={['xlsx', 'csv']} />}
        rowButtons={[]}
        selectable={false}
      />
      <OrderSnapshotDrawer store={snapshot} />
    </div>
  );
});

export default VariancePage;
