/**
 * Warehouse areas (/admin/wms/warehouseArea): the areas of each warehouse, code unique within its warehouse;
 * filtered by warehouse, code, name, status; deleting (or moving) an area that shelves or products use is
 * refused by the server.
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore, STATUS_OPTIONS, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { TransferButtons } from '@/components/transfer';
import { useStore } from '@/stores/context';
import { AREA_API, WAREHOUSE_REMOTE, refCell, warehouseField } from '../warehouse/location';

export const areaColumns: CrudColumn[] = [
  { prop: 'id', label: 'wms.warehouseArea.id', width: 70, operator: '=', sortable: true },
  {
    prop: 'warehouse.name',
    label: 'wms.warehouseArea.warehouse',
    minWidth: 180,
    ellipsis: true,
    operator: '=',
    searchField: 'warehouse_id',
    searchRemote: WAREHOUSE_REMOTE,
    cell: refCell('warehouse'),
  },
  { prop: 'serial_no', label: 'wms.warehouseArea.serialNo', minWidth: 120, ellipsis: true, sortable: true },
  { prop: 'name', label: 'wms.warehouseArea.name', minWidth: 150, ellipsis: true, sortable: true },
  { prop: 'status', label: 'wms.warehouseArea.status', render: 'switch', options: STATUS_OPTIONS, switchEditable: true, width: 80 },
  { prop: 'weigh', label: 'wms.warehouseArea.weigh', width: 80, operator: false, sortable: true },
  { prop: 'remark', label: 'wms.warehouseArea.remark', minWidth: 160, ellipsis: true, hidden: true, operator: false },
  { prop: 'createtime', label: 'wms.warehouseArea.createtime', render: 'datetime', width: 170, sortable: true },
  { prop: 'updatetime', label: 'wms.warehouseArea.updatetime', render: 'datetime', width: 170, sortable: true, hidden: true, operator: false },
];

export const areaFields: CrudField[] = [
  warehouseField('wms.warehouseArea.warehouse', true),
  { prop: 'serial_no', label: 'wms.warehouseArea.serialNo', type: 'input', rules: ['required', maxLengthRule(50)], tip: 'wms.warehouseArea.serialNoTip' },
  { prop: 'name', label: 'wms.warehouseArea.name', type: 'input', rules: ['required', maxLengthRule(100)] },
  { prop: 'status', label: 'wms.warehouseArea.status', type: 'switch', defaultValue: 1 },
  { prop: 'weigh', label: 'wms.warehouseArea.weigh', type: 'number', rules: ['integer'], props: { precision: 0 }, tip: 'wms.warehouseArea.weighTip' },
  { prop: 'remark', label: 'wms.warehouseArea.remark', type: 'textarea', rules: [maxLengthRule(255)] },
];

export default function WarehouseAreaPage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: AREA_API,
        columns: areaColumns,
        fields: areaFields,
        quickSearchFields: ['wms.warehouseArea.id', 'wms.warehouseArea.name', 'wms.warehouseArea.serialNo'],
      }),
  );
  return <CrudPage store={store} entity="wms.warehouseArea.area" toolbarExtra={<TransferButtons table={store} entity="wms.warehouseArea.area" />} />;
}
