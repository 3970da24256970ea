/**
 * Product units (/admin/wms/productUnit): a product's pallets, cases and inner packs — each a whole number
 * (factor ≥ 2) of the product's own unit, with its own bar code or none. Order lines, counts and tasks may
 * then be typed in a unit, and scanning a unit's bar code adds one of it. Opened from a product's row with
 * `?product_id=`, the list shows that product's units and a new unit is that product's.
 */
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { CrudPage, CrudTableStore, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { PRODUCT_UNIT_API } from '@/api/masterData';
import { useStore } from '@/stores/context';
import { PRODUCT_REMOTE } from '../putawayRule';
import { refCell, refToForm } from '../warehouse/location';

const columns: CrudColumn[] = [
  { prop: 'id', label: 'wms.productUnit.id', width: 70, operator: '=', sortable: true },
  { prop: 'product.name', label: 'wms.productUnit.product', minWidth: 160, ellipsis: true, operator: '=', searchField: 'product_id', searchRemote: PRODUCT_REMOTE, cell: refCell('product') },
  { prop: 'name', label: 'wms.productUnit.name', minWidth: 100, sortable: true },
  { prop: 'factor', label: 'wms.productUnit.factor', width: 100, sortable: true, operator: 'RANGE' },
  { prop: 'bar_code', label: 'wms.productUnit.bar_code', minWidth: 160, ellipsis: true },
  { prop: 'updatetime', label: 'wms.productUnit.updatetime', render: 'datetime', width: 170, sortable: true, hidden: true, operator: false },
];

function fieldsFor(productId: number | null): CrudField[] {
  return [
    { prop: 'product_id', label: 'wms.productUnit.product', type: 'remoteSelect', remote: PRODUCT_REMOTE, rules: ['required'], toForm: refToForm, ...(productId ? { defaultValue: productId } : {}) },
    { prop: 'name', label: 'wms.productUnit.name', type: 'input', rules: ['required', maxLengthRule(50)], placeholder: 'wms.productUnit.namePlaceholder' },
    { prop: 'factor', label: 'wms.productUnit.factor', type: 'number', rules: ['required', 'integer'], props: { precision: 0, min: 2 }, tip: 'wms.productUnit.factorTip' },
    { prop: 'bar_code', label: 'wms.productUnit.bar_code', type: 'input', rules: [maxLengthRule(50)], tip: 'wms.productUnit.barCodeTip' },
  ];
}

export default function ProductUnitPage() {
  const root = useStore();
  const { search } = useLocation();
  const productId = Number(new URLSearchParams(search).get('product_id')) || null;
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: PRODUCT_UNIT_API,
        columns,
        fields: fieldsFor(productId),
        quickSearchFields: ['wms.productUnit.name', 'wms.productUnit.bar_code', 'wms.productUnit.product'],
        ...(productId ? { extraParams: { product_id: productId } } : {}),
      }),
  );
  return <CrudPage store={store} entity="wms.productUnit.unit" />;
}
