/**
 * Units of measure (/admin/wms/unit): name, description, status, remark; add / edit / delete (refused while
 * products use the unit), drag sort by weigh.
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore, STATUS_OPTIONS, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { TransferButtons } from '@/components/transfer';
import { useStore } from '@/stores/context';

export const UNIT_API = '/admin/wms.Unit';

export const unitColumns: CrudColumn[] = [
  { prop: 'id', label: 'wms.unit.id', width: 70, operator: '=', sortable: true },
  { prop: 'name', label: 'wms.unit.name', minWidth: 120, ellipsis: true, sortable: true },
  { prop: 'description', label: 'wms.unit.description', minWidth: 200, ellipsis: true },
  { prop: 'status', label: 'wms.unit.status', render: 'switch', options: STATUS_OPTIONS, switchEditable: true, width: 80 },
  { prop: 'remark', label: 'wms.unit.remark', minWidth: 160, ellipsis: true, operator: false },
  { prop: 'weigh', label: 'wms.unit.weigh', width: 80, operator: false, sortable: true },
  { prop: 'createtime', label: 'wms.unit.createtime', render: 'datetime', width: 170, sortable: true },
  { prop: 'updatetime', label: 'wms.unit.updatetime', render: 'datetime', width: 170, sortable: true, hidden: true, operator: false },
];

export const unitFields: CrudField[] = [
  { prop: 'name', label: 'wms.unit.name', type: 'input', rules: ['required', maxLengthRule(50)], placeholder: 'wms.unit.namePlaceholder' },
  { prop: 'description', label: 'wms.unit.description', type: 'input', rules: [maxLengthRule(255)] },
  { prop: 'status', label: 'wms.unit.status', type: 'switch', defaultValue: 1 },
  { prop: 'weigh', label: 'wms.unit.weigh', type: 'number', rules: ['integer'], props: { precision: 0 }, tip: 'wms.unit.weighTip' },
  { prop: 'remark', label: 'wms.unit.remark', type: 'textarea', rules: [maxLengthRule(255)] },
];

export default function UnitPage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: UNIT_API,
        columns: unitColumns,
        fields: unitFields,
        quickSearchFields: ['wms.unit.id', 'wms.unit.name'],
      }),
  );
  return <CrudPage store={store} entity="wms.unit.unit" toolbarExtra={<TransferButtons table={store} entity="wms.unit.unit" importable />} />;
}
