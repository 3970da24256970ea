/**
 * Putaway rules (/admin/wms/putawayRule): where received goods of a product (or of a category and its
 * sub-categories) go in a warehouse — listed shelves, else an area, else the whole warehouse — higher
 * priority first. Searchable by warehouse, product, category and status; exportable like every list.
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore, STATUS_OPTIONS, type CrudColumn, type CrudField, type CrudRemote } from '@/components/crud';
import { PUTAWAY_RULE_API } from '@/api/orders';
import { useStore } from '@/stores/context';
import { CATEGORY_REMOTE } from '../product/product';
import { AREA_REMOTE, SHELF_REMOTE, WAREHOUSE_REMOTE, areaParams, refCell, refToForm, refValue } from '../warehouse/location';

export const PRODUCT_REMOTE: CrudRemote = { url: '/admin/wms.Product/index', labelField: (row: any) => `${row.product_no ?? ''} ${row.name ?? ''}`.trim() };

/** `shelf_ids` travels as a comma list; the multi-select holds numbers. */
const idsToForm = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .map((v) => Number(v))
    .filter((n) => n > 0);

const columns: CrudColumn[] = [
  { prop: 'id', label: 'wms.putawayRule.id', width: 70, operator: '=', sortable: true },
  { prop: 'warehouse.name', label: 'wms.putawayRule.warehouse', minWidth: 130, ellipsis: true, operator: '=', searchField: 'warehouse_id', searchRemote: WAREHOUSE_REMOTE, cell: refCell('warehouse') },
  { prop: 'product.name', label: 'wms.putawayRule.product', minWidth: 150, ellipsis: true, operator: '=', searchField: 'product_id', searchRemote: PRODUCT_REMOTE, cell: refCell('product') },
  { prop: 'category.name', label: 'wms.putawayRule.category', minWidth: 130, ellipsis: true, operator: '=', searchField: 'category_id', searchRemote: CATEGORY_REMOTE, cell: refCell('category') },
  { prop: 'area.name', label: 'wms.putawayRule.area', minWidth: 120, ellipsis: true, operator: false, cell: refCell('area') },
  { prop: 'shelf_ids', label: 'wms.putawayRule.shelves', minWidth: 120, ellipsis: true, operator: false },
  { prop: 'priority', label: 'wms.putawayRule.priority', width: 90, sortable: true, operator: 'RANGE' },
  { prop: 'status', label: 'wms.putawayRule.status', render: 'switch', options: STATUS_OPTIONS, switchEditable: true, width: 80 },
  { prop: 'createtime', label: 'wms.putawayRule.createtime', render: 'datetime', width: 170, sortable: true, hidden: true },
];

const fields: CrudField[] = [
  { prop: 'warehouse_id', label: 'wms.putawayRule.warehouse', type: 'remoteSelect', remote: WAREHOUSE_REMOTE, rules: ['required'], toForm: refToForm, clearOnChange: ['warehouse_area_id', 'shelf_ids'] },
  { prop: 'product_id', label: 'wms.putawayRule.product', type: 'remoteSelect', remote: PRODUCT_REMOTE, toForm: refToForm, tip: 'wms.putawayRule.productTip' },
  { prop: 'category_id', label: 'wms.putawayRule.category', type: 'treeSelect', remote: CATEGORY_REMOTE, toForm: refToForm },
  {
    prop: 'warehouse_area_id',
    label: 'wms.putawayRule.area',
    type: 'remoteSelect',
    remote: AREA_REMOTE,
    remoteParams: areaParams,
    toForm: refToForm,
    disabled: (_mode, _row, values) => refValue(values?.warehouse_id) === null,
  },
  {
    prop: 'shelf_ids',
    label: 'wms.putawayRule.shelves',
    type: 'remoteSelect',
    remote: { ...SHELF_REMOTE, multiple: true, params: { kind: 0 } },
    remoteParams: (values) => ({ warehouse_id: refValue(values.warehouse_id) ?? -1, warehouse_area_id: refValue(values.warehouse_area_id) ?? '' }),
    toForm: idsToForm,
    tip: 'wms.putawayRule.shelvesTip',
  },
  { prop: 'priority', label: 'wms.putawayRule.priority', type: 'number', defaultValue: 0, rules: ['integer'], props: { precision: 0, min: -1000, max: 1000 }, tip: 'wms.putawayRule.priorityTip' },
  { prop: 'status', label: 'wms.putawayRule.status', type: 'switch', defaultValue: 1 },
];

export default function PutawayRulePage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: PUTAWAY_RULE_API, columns, fields, quickSearchFields: ['wms.putawayRule.id', 'wms.putawayRule.product', 'wms.putawayRule.category'] }));
  return <CrudPage store={store} entity="wms.putawayRule.rule" />;
}
