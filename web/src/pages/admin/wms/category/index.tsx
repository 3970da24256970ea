/**
 * Product categories (/admin/wms/category): a tree by pid; name, status (shown / hidden), weigh. The parent
 * select offers the tree without the category itself and its subtree; deleting a category that has
 * subcategories or products is refused by the server.
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore, SHOW_OPTIONS, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { TransferButtons } from '@/components/transfer';
import { useStore } from '@/stores/context';

export const CATEGORY_API = '/admin/wms.Category';

export const categoryColumns: CrudColumn[] = [
  { prop: 'name', label: 'wms.category.name', minWidth: 240, ellipsis: true },
  { prop: 'id', label: 'wms.category.id', width: 80, operator: '=' },
  { prop: 'status', label: 'wms.category.status', render: 'switch', options: SHOW_OPTIONS, switchEditable: true, width: 90 },
  { prop: 'weigh', label: 'wms.category.weigh', width: 80, operator: false },
  { prop: 'createtime', label: 'wms.category.createtime', render: 'datetime', width: 170 },
  { prop: 'updatetime', label: 'wms.category.updatetime', render: 'datetime', width: 170, operator: false },
];

export const categoryFields: CrudField[] = [
  {
    prop: 'pid',
    label: 'wms.category.parent',
    type: 'treeSelect',
    remote: { url: `${CATEGORY_API}/index`, labelField: 'name' },
    rootValue: 0,
    defaultValue: 0,
    toForm: (v) => (v === null || v === undefined || v === '' ? 0 : v),
  },
  { prop: 'name', label: 'wms.category.name', type: 'input', rules: ['required', maxLengthRule(100)] },
  { prop: 'status', label: 'wms.category.status', type: 'switch', defaultValue: 1, tip: 'wms.category.statusTip' },
  { prop: 'weigh', label: 'wms.category.weigh', type: 'number', rules: ['integer'], props: { precision: 0 }, tip: 'wms.category.weighTip' },
];

export default function CategoryPage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: CATEGORY_API,
        tree: true,
        columns: categoryColumns,
        fields: categoryFields,
        quickSearchFields: ['wms.category.id', 'wms.category.name'],
      }),
  );
  return <CrudPage store={store} entity="wms.category.category" toolbarExtra={<TransferButtons table={store} entity="wms.category.category" importable />} />;
}
