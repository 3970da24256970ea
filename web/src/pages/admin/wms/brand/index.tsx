/**
 * Brands (/admin/wms/brand): name, logo, introduction; add / edit / delete (refused while products use the
 * brand), drag sort by weigh.
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { TransferButtons } from '@/components/transfer';
import { ImageUpload } from '@/components/Upload';
import { useStore } from '@/stores/context';

export const BRAND_API = '/admin/wms.Brand';

export const brandColumns: CrudColumn[] = [
  { prop: 'id', label: 'wms.brand.id', width: 70, operator: '=', sortable: true },
  { prop: 'name', label: 'wms.brand.name', minWidth: 160, ellipsis: true, sortable: true },
  { prop: 'image', label: 'wms.brand.image', render: 'image', width: 90 },
  { prop: 'introduce', label: 'wms.brand.introduce', minWidth: 220, ellipsis: true, operator: false },
  { prop: 'weigh', label: 'wms.brand.weigh', width: 80, operator: false, sortable: true },
  { prop: 'createtime', label: 'wms.brand.createtime', render: 'datetime', width: 170, sortable: true },
  { prop: 'updatetime', label: 'wms.brand.updatetime', render: 'datetime', width: 170, sortable: true, hidden: true, operator: false },
];

export const brandFields: CrudField[] = [
  { prop: 'name', label: 'wms.brand.name', type: 'input', rules: ['required', maxLengthRule(100)] },
  {
    prop: 'image',
    label: 'wms.brand.image',
    type: 'custom',
    rules: ['url', maxLengthRule(255)],
    tip: 'wms.brand.imageTip',
    render: ({ value, onChange }) => <ImageUpload value={value} onChange={onChange} topic="brand" />,
    toServer: (value) => (typeof value === 'string' ? value : ''),
  },
  { prop: 'introduce', label: 'wms.brand.introduce', type: 'textarea', rules: [maxLengthRule(1000)] },
  { prop: 'weigh', label: 'wms.brand.weigh', type: 'number', rules: ['integer'], props: { precision: 0 }, tip: 'wms.brand.weighTip' },
];

export default function BrandPage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: BRAND_API,
        columns: brandColumns,
        fields: brandFields,
        quickSearchFields: ['wms.brand.id', 'wms.brand.name'],
      }),
  );
  return <CrudPage store={store} entity="wms.brand.brand" toolbarExtra={<TransferButtons table={store} entity="wms.brand.brand" importable />} />;
}
