/**
 * Stock counts (/admin/wms/stocktake): the list of counts (status, scope, blind, searchable by number,
 * status, warehouse and creation time), a form for a draft's scope (a warehouse, optionally an area or a
 * shelf and a category; blind or not), and the count sheet of each count: start, count by keyboard or
 * scanner, review the variance and post it, or cancel. A link `?id=` opens that count's sheet.
 */
import '@/features/orders/i18n';
import '@/features/orders/orders.css';
import '@/features/stocktake/stocktake.css';
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation } from 'react-router-dom';
import { IconEdit as IconCount } from '@arco-design/web-react/icon';
import type { Stocktake } from '@contract/stocktake';
import { ExportButton } from '@/components/transfer/ExportButton';
import { CrudPage, CrudTableStore, maxLengthRule, type CrudColumn, type CrudField, type CrudRowAction } from '@/components/crud';
import { useStore } from '@/stores/context';
import CountSheet from '@/features/stocktake/CountSheet';
import { STOCKTAKE_API } from '@/api/orders';
import { CountSheetStore, sheetActions } from '@/features/stocktake/sheet';
import { STOCKTAKE_STATUS_OPTIONS } from '@/features/stocktake/status';
import { CATEGORY_REMOTE } from '../product/product';
import { locationFields, refCell, refToForm, WAREHOUSE_REMOTE } from '../warehouse/location';

const BLIND_OPTIONS = [
  { value: 0, label: 'wms.stocktake.blindNo', color: 'gray' },
  { value: 1, label: 'wms.stocktake.blindYes', color: 'purple' },
];

/** A row of the list of counts: the count with the names its joins bring (null where the reference is gone). */
type Name = { name: string } | null;
export type StocktakeListRow = Stocktake & { warehouse?: Name; area?: Name; shelf?: Name; category?: Name; admin?: { username: string; nickname: string } | null };

export function stocktakeColumns(open: (row: StocktakeListRow) => void): CrudColumn[] {
  return [
    { prop: 'id', label: 'wms.stocktake.id', width: 70, operator: '=', sortable: true, hidden: true },
    {
      prop: 'stocktake_no',
      label: 'wms.stocktake.number',
      width: 160,
      operator: 'LIKE',
      cell: (v: unknown, row: StocktakeListRow) => (
        <a className="orders-number-link" onClick={() => open(row)} data-stocktake="open-number">
          {String(v ?? '')}
        </a>
      ),
    },
    { prop: 'warehouse.name', label: 'wms.stocktake.warehouse', minWidth: 120, ellipsis: true, searchField: 'warehouse_id', operator: '=', searchRemote: WAREHOUSE_REMOTE },
    {
      prop: 'area.name',
      label: 'wms.stocktake.scope',
      minWidth: 140,
      ellipsis: true,
      operator: false,
      cell: (_: unknown, row: StocktakeListRow) => [row.area?.name, row.shelf?.name, row.category?.name].filter(Boolean).join(' / ') || '-',
    },
    { prop: 'status', label: 'wms.stocktake.statusLabel', render: 'tag', options: STOCKTAKE_STATUS_OPTIONS, width: 100, align: 'center' },
    { prop: 'blind', label: 'wms.stocktake.blind', render: 'tag', options: BLIND_OPTIONS, width: 90, align: 'center' },
    { prop: 'admin.nickname', label: 'wms.stocktake.operator', width: 100, operator: false, cell: (_: unknown, row: StocktakeListRow) => row.admin?.nickname || row.admin?.username || '-' },
    { prop: 'createtime', label: 'wms.stocktake.createtime', render: 'datetime', sortable: true, width: 170 },
    { prop: 'post_time', label: 'wms.stocktake.postTime', render: 'datetime', sortable: true, width: 170, hidden: true },
    { prop: 'remark', label: 'wms.stocktake.remark', minWidth: 140, ellipsis: true, operator: false },
  ];
}

export const stocktakeFields: CrudField[] = [
  ...locationFields({ labels: { warehouse: 'wms.stocktake.warehouse', area: 'wms.stocktake.area', shelf: 'wms.stocktake.shelf' }, withShelf: true, required: false, tips: { area: 'wms.stocktake.areaTip' } }).map((field) =>
    field.prop === 'warehouse_id' ? { ...field, rules: ['required' as const] } : field,
  ),
  { prop: 'category_id', label: 'wms.stocktake.category', type: 'treeSelect', remote: CATEGORY_REMOTE, toForm: refToForm, tip: 'wms.stocktake.categoryTip' },
  { prop: 'blind', label: 'wms.stocktake.blind', type: 'switch', defaultValue: 0, tip: 'wms.stocktake.blindTip' },
  { prop: 'remark', label: 'wms.stocktake.remark', type: 'textarea', rules: [maxLengthRule(500)] },
];

export const StocktakePage = observer(function StocktakePage() {
  const root = useStore();
  const location = useLocation();
  const [sheet] = useState(() => new CountSheetStore());
  const open = (row: StocktakeListRow) => void sheet.show(Number(row.id));
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: STOCKTAKE_API,
        columns: stocktakeColumns(open),
        fields: stocktakeFields,
        quickSearchFields: ['wms.stocktake.number', 'wms.stocktake.remark'],
      }),
  );
  const actions: CrudRowAction<StocktakeListRow>[] = [{ name: 'sheet', title: 'wms.stocktake.openSheet', icon: <IconCount />, onClick: open }];
  useEffect(() => {
    const id = Number(new URLSearchParams(location.search).get('id'));
    if (id > 0) void sheet.show(id);
    return () => sheet.close();
  }, [sheet, location.search]);
  return (
    <div className="crud-page orders-page stocktake-page" data-stocktake="page">
      <CrudPage
        store={store}
        entity="wms.stocktake.entity"
        rowActions={actions}
        rowButtonVisible={{ edit: (row) => sheetActions(Number(row.status)).includes('edit'), delete: (row) => sheetActions(Number(row.status)).includes('delete') }}
        operateWidth={140}
        toolbarExtra={<ExportButton api={STOCKTAKE_API} store={store} label="transfer.export" formats={['xlsx', 'csv']} testId="stocktake-export" />}
      />
      <CountSheet sheet={sheet} onChanged={() => void store.load()} />
    </div>
  );
});

export default StocktakePage;
