/**
 * Products (/admin/wms/product): code, bar code, name, brand, category, unit, spec, price (exact, two
 * decimals), safety stock, total stock (read-only: the stock ledger keeps it), default place (warehouse →
 * area → shelf, each select filtered by the level above), images, effective days, status (on / off shelf).
 * Searchable by name, code, bar code, brand, category, unit, place, status and price range.
 */
import { useState } from 'react';
import './product.css';
import '@/features/lots/i18n';
import '@/features/serials/i18n';
import { CrudPage, CrudTableStore, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { LabelButton } from '@/features/documents/LabelButton';
import { TransferButtons } from '@/components/transfer';
import { ImageUpload } from '@/components/Upload';
import { useStore } from '@/stores/context';
import { t } from '@/lang';
import { AREA_REMOTE, SHELF_REMOTE, WAREHOUSE_REMOTE, areaSearchParams, locationFields, refCell, refToForm, shelfSearchParams } from '../warehouse/location';
import {
  BRAND_REMOTE,
  CATEGORY_REMOTE,
  PRODUCT_API,
  PRODUCT_STATUS_OPTIONS,
  UNIT_REMOTE,
  imageList,
  imagesToServer,
  isLowStock,
  validImageList,
} from './product';

const nameCell = (relation: string) => (_v: unknown, row: Record<string, any>) => row?.[relation]?.name ?? '-';

export const productColumns: CrudColumn[] = [
  { prop: 'id', label: 'wms.product.id', width: 70, operator: '=', sortable: true, hidden: true },
  { prop: 'images', label: 'wms.product.images', render: 'images', width: 80 },
  { prop: 'product_no', label: 'wms.product.productNo', minWidth: 140, ellipsis: true, sortable: true },
  {
    prop: 'name',
    label: 'wms.product.name',
    minWidth: 160,
    ellipsis: true,
    sortable: true,
    // the spec under the name: one column fewer, so the list fits 1440 px without scrolling sideways
    cell: (value, row) => (
      <span className="wms-product-name">
        {String(value ?? '')}
        {row?.spec ? <span className="wms-product-sub">{row.spec}</span> : null}
      </span>
    ),
  },
  {
    prop: 'category.name',
    label: 'wms.product.category',
    minWidth: 110,
    ellipsis: true,
    operator: '=',
    searchField: 'category_id',
    searchRemote: CATEGORY_REMOTE,
    cell: nameCell('category'),
  },
  { prop: 'price', label: 'wms.product.price', width: 110, align: 'right', operator: 'RANGE', sortable: true },
  {
    prop: 'total_stock_num',
    label: 'wms.product.totalStockNum',
    width: 110,
    align: 'right',
    operator: false,
    sortable: true,
    cell: (value, row) => (
      <span className={isLowStock(row) ? 'wms-low-stock' : undefined}>
        {value ?? 0}
        {row?.unit?.name ? <span className="wms-product-unit"> {row.unit.name}</span> : null}
      </span>
    ),
  },
  // shown on demand (the columns button): the list keeps to what a stock keeper reads first
  { prop: 'safety_stock_num', label: 'wms.product.safetyStockNum', width: 110, align: 'right', operator: false, sortable: true, hidden: true },
  { prop: 'status', label: 'wms.product.status', render: 'tag', options: PRODUCT_STATUS_OPTIONS, width: 90 },
  // units of measure (pallet, case …): the product's units page; hidden until chosen, so the list keeps its
  // columns in view at 1440 px (the units page is also in the menu, with a product filter)
  {
    prop: 'units',
    label: 'wms.product.units',
    width: 90,
    operator: false,
    hidden: true,
    cell: (_value, row) => (
      <a href={`#/admin/wms/productUnit?product_id=${Number(row?.id)}`} data-product-units={Number(row?.id)}>
        {t('wms.product.unitsLink')}
      </a>
    ),
  },
  {
    prop: 'brand.name',
    label: 'wms.product.brand',
    minWidth: 110,
    ellipsis: true,
    operator: '=',
    searchField: 'brand_id',
    searchRemote: BRAND_REMOTE,
    cell: nameCell('brand'),
    hidden: true,
  },
  {
    prop: 'unit.name',
    label: 'wms.product.unit',
    width: 90,
    ellipsis: true,
    operator: '=',
    searchField: 'unit_id',
    searchRemote: UNIT_REMOTE,
    cell: nameCell('unit'),
    hidden: true,
  },
  {
    prop: 'warehouse.name',
    label: 'wms.product.warehouse',
    minWidth: 130,
    ellipsis: true,
    operator: '=',
    searchField: 'warehouse_id',
    searchRemote: WAREHOUSE_REMOTE,
    searchClearOnChange: ['area.name', 'shelf.name'],
    cell: refCell('warehouse'),
  },
  {
    prop: 'area.name',
    label: 'wms.product.area',
    minWidth: 120,
    ellipsis: true,
    operator: '=',
    searchField: 'warehouse_area_id',
    searchRemote: AREA_REMOTE,
    searchRemoteParams: areaSearchParams,
    searchClearOnChange: ['shelf.name'],
    cell: refCell('area'),
    hidden: true,
  },
  {
    prop: 'shelf.name',
    label: 'wms.product.shelf',
    minWidth: 120,
    ellipsis: true,
    operator: '=',
    searchField: 'warehouse_shelf_id',
    searchRemote: SHELF_REMOTE,
    searchRemoteParams: shelfSearchParams,
    cell: refCell('shelf'),
    hidden: true,
  },
  { prop: 'bar_code', label: 'wms.product.barCode', minWidth: 130, ellipsis: true, sortable: true, hidden: true },
  { prop: 'spec', label: 'wms.product.spec', minWidth: 110, ellipsis: true, operator: false, hidden: true },
  { prop: 'effective_day', label: 'wms.product.effectiveDay', width: 110, align: 'right', operator: false, sortable: true, hidden: true },
  {
    prop: 'lot_tracked',
    label: 'lots.lotTracked',
    width: 100,
    align: 'center',
    operator: '=',
    render: 'tag',
    hidden: true,
    options: [
      { value: 1, label: 'crud.yes', color: 'arcoblue' },
      { value: 0, label: 'crud.no', color: 'gray' },
    ],
  },
  { prop: 'weigh', label: 'wms.product.weigh', width: 80, operator: false, sortable: true, hidden: true },
  { prop: 'remark', label: 'wms.product.remark', minWidth: 160, ellipsis: true, hidden: true, operator: false },
  { prop: 'createtime', label: 'wms.product.createtime', render: 'datetime', width: 170, sortable: true, hidden: true },
  { prop: 'updatetime', label: 'wms.product.updatetime', render: 'datetime', width: 170, sortable: true, hidden: true, operator: false },
];

export const productFields: CrudField[] = [
  { prop: 'product_no', label: 'wms.product.productNo', type: 'input', rules: ['required', maxLengthRule(50)], tip: 'wms.product.productNoTip' },
  { prop: 'name', label: 'wms.product.name', type: 'input', rules: ['required', maxLengthRule(100)] },
  { prop: 'bar_code', label: 'wms.product.barCode', type: 'input', rules: [maxLengthRule(50)], tip: 'wms.product.barCodeTip' },
  { prop: 'brand_id', label: 'wms.product.brand', type: 'remoteSelect', remote: BRAND_REMOTE, toForm: refToForm },
  { prop: 'category_id', label: 'wms.product.category', type: 'treeSelect', remote: CATEGORY_REMOTE, toForm: refToForm },
  { prop: 'unit_id', label: 'wms.product.unit', type: 'remoteSelect', remote: UNIT_REMOTE, toForm: refToForm },
  { prop: 'spec', label: 'wms.product.spec', type: 'input', rules: [maxLengthRule(255)], placeholder: 'wms.product.specPlaceholder' },
  {
    prop: 'price',
    label: 'wms.product.price',
    type: 'input',
    rules: ['required', 'money'],
    defaultValue: '0.00',
    props: { prefix: '¥' },
    toForm: (v) => (v === null || v === undefined ? undefined : String(v)),
  },
  {
    prop: 'safety_stock_num',
    label: 'wms.product.safetyStockNum',
    type: 'number',
    rules: ['integer'],
    defaultValue: 0,
    props: { min: 0, precision: 0 },
    tip: 'wms.product.safetyStockNumTip',
  },
  {
    prop: 'total_stock_num',
    label: 'wms.product.totalStockNum',
    type: 'number',
    disabled: true,
    visible: (_values, mode) => mode === 'edit',
    tip: 'wms.product.totalStockNumTip',
    // shown, never sent: the stock ledger keeps it
    toServer: () => undefined,
  },
  ...locationFields({
    labels: { warehouse: 'wms.product.defaultWarehouse', area: 'wms.product.defaultArea', shelf: 'wms.product.defaultShelf' },
    withShelf: true,
    required: false,
    tips: { shelf: 'wms.product.locationTip' },
  }),
  {
    prop: 'effective_day',
    label: 'wms.product.effectiveDay',
    type: 'number',
    rules: ['integer'],
    defaultValue: 0,
    props: { min: 0, max: 36500, precision: 0 },
    tip: 'wms.product.effectiveDayTip',
  },
  { prop: 'lot_tracked', label: 'lots.lotTracked', type: 'switch', defaultValue: 0, tip: 'lots.lotTrackedTip' },
  { prop: 'serial_tracked', label: 'serials.serialTracked', type: 'switch', defaultValue: 0, tip: 'serials.serialTrackedTip' },
  {
    prop: 'images',
    label: 'wms.product.images',
    type: 'custom',
    rules: [{ test: validImageList, message: 'wms.product.imagesInvalid' }],
    tip: 'wms.product.imagesTip',
    render: ({ value, onChange }) => <ImageUpload value={value} onChange={onChange} multiple limit={9} topic="product" />,
    toForm: imageList,
    toServer: imagesToServer,
  },
  { prop: 'status', label: 'wms.product.status', type: 'radio', options: PRODUCT_STATUS_OPTIONS, defaultValue: 10, rules: ['required'] },
  { prop: 'weigh', label: 'wms.product.weigh', type: 'number', rules: ['integer'], props: { precision: 0 }, tip: 'wms.product.weighTip' },
  { prop: 'remark', label: 'wms.product.remark', type: 'textarea', rules: [maxLengthRule(255)] },
];

export default function ProductPage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: PRODUCT_API,
        columns: productColumns,
        fields: productFields,
        quickSearchFields: ['wms.product.id', 'wms.product.name', 'wms.product.productNo', 'wms.product.barCode'],
      }),
  );
  return (
    <CrudPage
      store={store}
      entity="wms.product.product"
      selectionNodes={['del', 'labels']}
      toolbarExtra={
        <>
          <LabelButton table={store} entity="wms.product.product" />
          <TransferButtons table={store} entity="wms.product.product" importable />
        </>
      } formWidth={640}
    />
  );
}
