/**
 * Shelves (/admin/wms/shelf): each shelf lies in an area of its warehouse (the area select lists the areas of
 * the chosen warehouse and is emptied when the warehouse changes); code unique within the area; filtered by
 * warehouse, area, code, name, status.
 */
import { useState } from 'react';
import { SHELF_KIND, SHELF_MIXING } from '@contract/enums';
import { CrudPage, CrudTableStore, STATUS_OPTIONS, maxLengthRule, type CrudColumn, type CrudField, type CrudOption } from '@/components/crud';
import { LabelButton } from '@/features/documents/LabelButton';
import { TransferButtons } from '@/components/transfer';
import { useStore } from '@/stores/context';
import { AREA_REMOTE, SHELF_API, WAREHOUSE_REMOTE, areaSearchParams, locationFields, refCell } from '../warehouse/location';

/** kind: where goods are in the flow (only storage shelves offer stock to reservations). */
export const SHELF_KIND_OPTIONS: CrudOption[] = [
  { value: SHELF_KIND.storage, label: 'wms.shelf.kindStorage', color: 'green' },
  { value: SHELF_KIND.receiving, label: 'wms.shelf.kindReceiving', color: 'arcoblue' },
  { value: SHELF_KIND.staging, label: 'wms.shelf.kindStaging', color: 'orange' },
  { value: SHELF_KIND.hold, label: 'wms.shelf.kindHold', color: 'red' },
];

/** mixing: what may share the shelf (directed putaway keeps to it). */
export const SHELF_MIXING_OPTIONS: CrudOption[] = [
  { value: SHELF_MIXING.any, label: 'wms.shelf.mixingAny', color: 'gray' },
  { value: SHELF_MIXING.oneProduct, label: 'wms.shelf.mixingProduct', color: 'arcoblue' },
  { value: SHELF_MIXING.oneLot, label: 'wms.shelf.mixingLot', color: 'purple' },
];

export const shelfColumns: CrudColumn[] = [
  { prop: 'id', label: 'wms.shelf.id', width: 70, operator: '=', sortable: true },
  {
    prop: 'warehouse.name',
    label: 'wms.shelf.warehouse',
    minWidth: 150,
    ellipsis: true,
    operator: '=',
    searchField: 'warehouse_id',
    searchRemote: WAREHOUSE_REMOTE,
    searchClearOnChange: ['area.name'],
    cell: refCell('warehouse'),
  },
  {
    prop: 'area.name',
    label: 'wms.shelf.area',
    minWidth: 150,
    ellipsis: true,
    operator: '=',
    searchField: 'warehouse_area_id',
    searchRemote: AREA_REMOTE,
    searchRemoteParams: areaSearchParams,
    cell: refCell('area'),
  },
  { prop: 'serial_no', label: 'wms.shelf.serialNo', minWidth: 120, ellipsis: true, sortable: true },
  { prop: 'name', label: 'wms.shelf.name', minWidth: 140, ellipsis: true, sortable: true },
  { prop: 'kind', label: 'wms.shelf.kind', render: 'tag', options: SHELF_KIND_OPTIONS, width: 100 },
  { prop: 'capacity', label: 'wms.shelf.capacity', width: 100, operator: 'RANGE', sortable: true },
  { prop: 'mixing', label: 'wms.shelf.mixing', render: 'tag', options: SHELF_MIXING_OPTIONS, width: 130 },
  { prop: 'status', label: 'wms.shelf.status', render: 'switch', options: STATUS_OPTIONS, switchEditable: true, width: 80 },
  { prop: 'weigh', label: 'wms.shelf.weigh', width: 80, operator: false, sortable: true },
  { prop: 'remark', label: 'wms.shelf.remark', minWidth: 160, ellipsis: true, hidden: true, operator: false },
  { prop: 'createtime', label: 'wms.shelf.createtime', render: 'datetime', width: 170, sortable: true },
  { prop: 'updatetime', label: 'wms.shelf.updatetime', render: 'datetime', width: 170, sortable: true, hidden: true, operator: false },
];

export const shelfFields: CrudField[] = [
  ...locationFields({
    labels: { warehouse: 'wms.shelf.warehouse', area: 'wms.shelf.area' },
    withShelf: false,
    required: true,
    tips: { area: 'wms.shelf.areaTip' },
  }),
  { prop: 'serial_no', label: 'wms.shelf.serialNo', type: 'input', rules: ['required', maxLengthRule(50)], tip: 'wms.shelf.serialNoTip' },
  { prop: 'name', label: 'wms.shelf.name', type: 'input', rules: ['required', maxLengthRule(100)] },
  { prop: 'kind', label: 'wms.shelf.kind', type: 'radio', options: SHELF_KIND_OPTIONS, defaultValue: SHELF_KIND.storage, rules: ['required'], tip: 'wms.shelf.kindTip' },
  { prop: 'capacity', label: 'wms.shelf.capacity', type: 'number', defaultValue: 0, rules: ['integer'], props: { precision: 0, min: 0 }, tip: 'wms.shelf.capacityTip' },
  { prop: 'mixing', label: 'wms.shelf.mixing', type: 'radio', options: SHELF_MIXING_OPTIONS, defaultValue: SHELF_MIXING.any, tip: 'wms.shelf.mixingTip' },
  { prop: 'status', label: 'wms.shelf.status', type: 'switch', defaultValue: 1 },
  { prop: 'weigh', label: 'wms.shelf.weigh', type: 'number', rules: ['integer'], props: { precision: 0 }, tip: 'wms.shelf.weighTip' },
  { prop: 'remark', label: 'wms.shelf.remark', type: 'textarea', rules: [maxLengthRule(255)] },
];

export default function ShelfPage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: SHELF_API,
        columns: shelfColumns,
        fields: shelfFields,
        quickSearchFields: ['wms.shelf.id', 'wms.shelf.name', 'wms.shelf.serialNo'],
      }),
  );
  return (
    <CrudPage
      store={store}
      entity="wms.shelf.shelf"
      selectionNodes={['del', 'labels']}
      toolbarExtra={
        <>
          <LabelButton table={store} entity="wms.shelf.shelf" />
          <TransferButtons table={store} entity="wms.shelf.shelf" />
        </>
      }
    />
  );
}
