/**
 * Stock (/admin/wms/stock): on-hand quantity per product, shelf and lot, with the product's total against
 * its safety stock (rows under it highlighted), location, product and lot filters, "low stock only", the
 * "expiring soon" and "expired" views (days left coloured), and "as of" a past day, computed from the ledger.
 */
import '@/features/orders/i18n';
import '@/features/orders/orders.css';
import '@/features/lots/i18n';
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { siteDay } from '@/utils/time';
import { Alert, Button, Input, Radio, Space, Switch, Tag, Tooltip } from '@arco-design/web-react';
import { DatePicker } from '@/components/SiteDatePicker';
import { IconRefresh } from '@arco-design/web-react/icon';
import { ExpiryCell, LotText } from '@/features/lots/LotCells';
import { CrudTable, formatDatetime, type CrudColumn } from '@/components/crud';
import { NameWithSpec, NumberCell } from '@/features/orders/cells';
import { ExportButton } from '@/components/transfer/ExportButton';
import { AreaSelect, ProductSelect, ShelfSelect, WarehouseSelect } from '@/features/orders/selects';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { STOCK_API } from '@/api/inventory';
import { DEFAULT_WARNING_DAYS, StockPageStore, isLowStock, type StockView } from './store';

/** A blocked lot (a recall, a quality hold): its stock is not available anywhere. */
function BlockedTag() {
  const t = useT();
  return (
    <Tag size="small" color="red" data-lots="stock-blocked">
      {t('lots.blocked')}
    </Tag>
  );
}

function TotalCell({ row }: { row: Record<string, any> }) {
  const t = useT();
  const p = row.product ?? {};
  if (p.total_stock_num === undefined) return <span className="orders-num orders-sub">-</span>;
  const low = isLowStock(row);
  return (
    <span className="stock-total">
      <span className={`orders-num${low ? ' stock-low-text' : ''}`}>
        {Number(p.total_stock_num).toLocaleString('en-US')}
        <span className="orders-sub"> / {Number(p.safety_stock_num ?? 0).toLocaleString('en-US')}</span>
      </span>
      {low && (
        <Tag size="small" color="red" data-orders="low-stock">
          {t('wms.stock.low')}
        </Tag>
      )}
    </span>
  );
}

export const stockColumns = (page?: { warningDays: number }): CrudColumn[] => [
  { prop: 'product.product_no', label: 'wms.stock.productNo', width: 132, ellipsis: true, operator: false, sortable: true },
  {
    prop: 'product.name',
    label: 'wms.stock.productName',
    minWidth: 150,
    ellipsis: true,
    operator: false,
    cell: (v: unknown, row: Record<string, any>) => <NameWithSpec name={v} spec={row.product?.spec} />,
  },
  { prop: 'product.bar_code', label: 'wms.stock.barCode', width: 130, operator: false, hidden: true },
  { prop: 'warehouse.name', label: 'wms.stock.warehouse', minWidth: 120, ellipsis: true, operator: false },
  { prop: 'area.name', label: 'wms.stock.area', minWidth: 110, ellipsis: true, operator: false },
  {
    prop: 'shelf.name',
    label: 'wms.stock.shelf',
    minWidth: 130,
    ellipsis: true,
    operator: false,
    cell: (v: unknown, row: Record<string, any>) => (
      <span>
        {String(v ?? '-')}
        {row.shelf?.serial_no ? <span className="orders-sub"> ({row.shelf.serial_no})</span> : null}
      </span>
    ),
  },
  {
    prop: 'lot_no',
    label: 'lots.lotNo',
    width: 130,
    operator: false,
    sortable: true,
    cell: (v: unknown, row: Record<string, any>) => (
      <span>
        <LotText lot={v} />
        {Number(row.blocked) === 1 && <BlockedTag />}
      </span>
    ),
  },
  { prop: 'production_date', label: 'lots.productionDate', width: 120, operator: false, sortable: true, hidden: true, cell: (v: unknown) => (v ? String(v) : '-') },
  {
    prop: 'expiry_date',
    label: 'lots.expiry',
    width: 190,
    operator: false,
    sortable: true,
    cell: (v: unknown, row: Record<string, any>) => <ExpiryCell expiry={v} daysLeft={row.days_left} warningDays={page?.warningDays ?? DEFAULT_WARNING_DAYS} />,
  },
  { prop: 'quantity', label: 'wms.stock.quantity', width: 110, align: 'right', operator: false, sortable: true, cell: (v: unknown) => <NumberCell value={v} /> },
  // reservations: what outbound orders hold, and what is left to reserve (0 off storage shelves); the as-of view has neither
  { prop: 'reserved_quantity', label: 'wms.stock.reserved', width: 100, align: 'right', operator: false, sortable: true, cell: (v: unknown) => (v === undefined ? '-' : <NumberCell value={v} />) },
  { prop: 'available_quantity', label: 'wms.stock.available', width: 100, align: 'right', operator: false, cell: (v: unknown) => (v === undefined ? '-' : <NumberCell value={v} />) },
  { prop: 'product.total_stock_num', label: 'wms.stock.totalVsSafety', width: 180, align: 'right', operator: false, cell: (_v: unknown, row: Record<string, any>) => <TotalCell row={row} /> },
  { prop: 'updatetime', label: 'wms.stock.updatetime', render: 'datetime', width: 170, operator: false, sortable: true },
];

/** The as-of answer's totals over every row selected (the server sums them; a page holds only some rows). */
function asOfTotals(answer: unknown): { quantity: number; value: string } | null {
  const totals = (answer as { totals?: { quantity: number; value: string } } | null)?.totals;
  return totals && typeof totals.quantity === 'number' ? totals : null;
}

const Filters = observer(function Filters({ page }: { page: StockPageStore }) {
  const t = useT();
  const f = page.filters;
  return (
    <Space wrap size={8} className="stock-filters" data-orders="stock-filters">
      <Input.Search
        allowClear
        style={{ width: 260 }}
        placeholder={t('wms.stock.searchPlaceholder')}
        defaultValue={page.table.quickSearch}
        onSearch={(v) => page.table.submitQuickSearch(v)}
        onClear={() => page.table.submitQuickSearch('')}
        data-crud="quick-search"
      />
      <WarehouseSelect value={f.warehouse_id} onChange={(v) => page.setFilter('warehouse_id', v)} placeholder={t('wms.stock.warehouse')} style={{ width: 140 }} />
      <Tooltip content={page.asofMode ? t('wms.stock.notInAsof') : undefined} disabled={!page.asofMode}>
        <span>
          <AreaSelect
            warehouseId={f.warehouse_id}
            value={f.warehouse_area_id}
            disabled={page.asofMode}
            onChange={(v) => page.setFilter('warehouse_area_id', v)}
            placeholder={t('wms.stock.area')}
            style={{ width: 130 }}
          />
        </span>
      </Tooltip>
      <ShelfSelect
        warehouseId={f.warehouse_id}
        areaId={page.asofMode ? null : f.warehouse_area_id}
        value={f.warehouse_shelf_id}
        onChange={(v) => page.setFilter('warehouse_shelf_id', v)}
        placeholder={t('wms.stock.shelf')}
        style={{ width: 170 }}
      />
      <ProductSelect value={f.product_id} onChange={(v) => page.setFilter('product_id', v)} placeholder={t('wms.stock.product')} style={{ width: 200 }} />
      <span data-lots="lot-filter">
        <Input.Search
          allowClear
          style={{ width: 140 }}
          disabled={page.asofMode}
          placeholder={t('lots.lotFilter')}
          defaultValue={f.lot_no}
          onSearch={(v) => page.setFilter('lot_no', v)}
          onClear={() => page.setFilter('lot_no', '')}
        />
      </span>
      <DatePicker
        style={{ width: 170 }}
        placeholder={t('wms.stock.asof')}
        value={f.asof ?? undefined}
        disabledDate={(d) => d.format('YYYY-MM-DD') > siteDay()}
        onChange={(s: string) => page.setFilter('asof', s || null)}
        data-orders="stock-asof"
      />
      <Tooltip content={page.asofMode ? t('wms.stock.notInAsof') : undefined} disabled={!page.asofMode}>
        <label className="stock-low-switch">
          <Switch size="small" checked={f.low && !page.asofMode} disabled={page.asofMode} onChange={(v) => page.setFilter('low', v)} data-orders="stock-low" />
          <span>{t('wms.stock.lowOnly')}</span>
        </label>
      </Tooltip>
      <Tooltip content={page.asofMode ? t('wms.stock.notInAsof') : undefined} disabled={!page.asofMode}>
        <label className="stock-low-switch">
          <Switch size="small" checked={f.available && !page.asofMode} disabled={page.asofMode} onChange={(v) => page.setFilter('available', v)} data-orders="stock-available" />
          <span>{t('wms.stock.availableOnly')}</span>
        </label>
      </Tooltip>
      {page.activeFilterCount > 0 && (
        <Button type="text" icon={<IconRefresh />} onClick={() => page.resetFilters()} data-orders="stock-reset">
          {t('crud.reset')}
        </Button>
      )}
    </Space>
  );
});

const StockPage = observer(function StockPage() {
  const root = useStore();
  const t = useT();
  const [page] = useState(() => {
    const holder: { page?: StockPageStore } = {};
    holder.page = new StockPageStore(root, stockColumns({ get warningDays() { return holder.page?.warningDays ?? DEFAULT_WARNING_DAYS; } }));
    return holder.page;
  });
  const asof = page.filters.asof;
  return (
    <div className="crud-page orders-page stock-page" data-orders="stock-page">
      <Space wrap className="lots-views" size={12}>
        <Radio.Group type="button" value={page.filters.view} disabled={page.asofMode} onChange={(v: StockView) => page.setFilter('view', v)} data-lots="stock-view">
          <Radio value="all">{t('lots.view.all')}</Radio>
          <Radio value="expiring" data-lots="view-expiring">
            {t('lots.view.expiring')}
          </Radio>
          <Radio value="expired" data-lots="view-expired">
            {t('lots.view.expired')}
          </Radio>
        </Radio.Group>
        {page.filters.view === 'expiring' && <span className="lots-muted">{t('lots.expiringWithin', { days: page.warningDays })}</span>}
      </Space>
      {asof && (
        <Alert
          className="stock-asof-banner"
          type="warning"
          showIcon
          content={
            <>
              {t('wms.stock.asofBanner', { date: asof, time: formatDatetime(page.table.answer?.asof) })}
              {asOfTotals(page.table.answer) && (
                <span className="stock-asof-totals" data-orders="stock-asof-totals">
                  {' '}
                  {t('wms.stock.asofTotals', { quantity: asOfTotals(page.table.answer)!.quantity.toLocaleString('en-US'), value: asOfTotals(page.table.answer)!.value })}
                </span>
              )}
            </>
          }
          action={
            <Button size="mini" type="text" onClick={() => page.setFilter('asof', null)}>
              {t('wms.stock.backToNow')}
            </Button>
          }
        />
      )}
      <CrudTable
        store={page.table}
        toolbar={['refresh', 'columns']}
        toolbarExtra={
          <Space>
            <Filters page={page} />
            <ExportButton api={STOCK_API} store={page.table} label="wms.stock.export" unavailable={page.asofMode ? 'wms.stock.notInAsof' : null} testId="stock-export" formats={['xlsx', 'csv']} />
          </Space>
        }
        rowButtons={[]}
        selectable={false}
        tableProps={{ rowClassName: (row: Record<string, any>) => (isLowStock(row) ? 'stock-row-low' : '') }}
      />
    </div>
  );
});

export default StockPage;
