/**
 * Warehouses (/admin/wms/warehouse): name, code, type, place, person in charge, status; add / edit /
 * delete (refused while areas, shelves or products use the warehouse), drag sort by weigh.
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore, STATUS_OPTIONS, maxLengthRule, type CrudColumn, type CrudField, type CrudOption } from '@/components/crud';
import { cityField } from '@/components/AreaSelect/cityField';
import { TransferButtons } from '@/components/transfer';
import { useStore } from '@/stores/context';
import { WAREHOUSE_API } from './location';

/** warehouse_type: 1 own warehouse, 2 third-party warehouse. */
export const WAREHOUSE_TYPE_OPTIONS: CrudOption[] = [
  { value: 1, label: 'wms.warehouse.typeOwn', color: 'arcoblue' },
  { value: 2, label: 'wms.warehouse.typeThirdParty', color: 'orange' },
];

export const warehouseColumns: CrudColumn[] = [
  { prop: 'id', label: 'wms.warehouse.id', width: 70, operator: '=', sortable: true },
  { prop: 'name', label: 'wms.warehouse.name', minWidth: 150, ellipsis: true, sortable: true },
  { prop: 'serial_no', label: 'wms.warehouse.serialNo', minWidth: 120, ellipsis: true, sortable: true },
  { prop: 'warehouse_type', label: 'wms.warehouse.warehouseType', render: 'tag', options: WAREHOUSE_TYPE_OPTIONS, width: 130 },
  { prop: 'status', label: 'wms.warehouse.status', render: 'switch', options: STATUS_OPTIONS, switchEditable: true, width: 80 },
  { prop: 'responsible_person', label: 'wms.warehouse.responsiblePerson', width: 140, ellipsis: true },
  { prop: 'mobile', label: 'wms.warehouse.mobile', width: 130 },
  { prop: 'city', label: 'wms.warehouse.city', width: 100, ellipsis: true },
  { prop: 'address', label: 'wms.warehouse.address', minWidth: 180, ellipsis: true },
  { prop: 'weigh', label: 'wms.warehouse.weigh', width: 80, operator: false, sortable: true },
  { prop: 'remark', label: 'wms.warehouse.remark', minWidth: 160, ellipsis: true, hidden: true, operator: false },
  { prop: 'createtime', label: 'wms.warehouse.createtime', render: 'datetime', width: 170, sortable: true },
  { prop: 'updatetime', label: 'wms.warehouse.updatetime', render: 'datetime', width: 170, sortable: true, hidden: true, operator: false },
];

export const warehouseFields: CrudField[] = [
  { prop: 'name', label: 'wms.warehouse.name', type: 'input', rules: ['required', maxLengthRule(100)] },
  { prop: 'serial_no', label: 'wms.warehouse.serialNo', type: 'input', rules: ['required', maxLengthRule(50)], tip: 'wms.warehouse.serialNoTip' },
  { prop: 'warehouse_type', label: 'wms.warehouse.warehouseType', type: 'radio', options: WAREHOUSE_TYPE_OPTIONS, defaultValue: 1, rules: ['required'] },
  cityField({ prop: 'city', label: 'wms.warehouse.city', rules: [maxLengthRule(100)] }),
  { prop: 'address', label: 'wms.warehouse.address', type: 'input', rules: [maxLengthRule(255)] },
  { prop: 'responsible_person', label: 'wms.warehouse.responsiblePerson', type: 'input', rules: [maxLengthRule(50)] },
  { prop: 'mobile', label: 'wms.warehouse.mobile', type: 'input', rules: ['mobile'] },
  { prop: 'status', label: 'wms.warehouse.status', type: 'switch', defaultValue: 1 },
  { prop: 'weigh', label: 'wms.warehouse.weigh', type: 'number', rules: ['integer'], props: { precision: 0 }, tip: 'wms.warehouse.weighTip' },
  { prop: 'remark', label: 'wms.warehouse.remark', type: 'textarea', rules: [maxLengthRule(255)] },
];

export default function WarehousePage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: WAREHOUSE_API,
        columns: warehouseColumns,
        fields: warehouseFields,
        quickSearchFields: ['wms.warehouse.id', 'wms.warehouse.name', 'wms.warehouse.serialNo'],
      }),
  );
  return <CrudPage store={store} entity="wms.warehouse.warehouse" toolbarExtra={<TransferButtons table={store} entity="wms.warehouse.warehouse" importable />} />;
}
