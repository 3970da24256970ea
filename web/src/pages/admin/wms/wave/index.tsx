/**
 * Waves (/admin/wms/wave): the list of waves; the wave builder (a warehouse and its unaudited outbound
 * orders that name it, chosen from a searchable list); and each wave's detail — orders, pick tasks in
 * sequence with their progress, release and cancel.
 */
import '@/features/orders/orders.css';
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { IconEye } from '@arco-design/web-react/icon';
import { CrudPage, CrudTableStore, maxLengthRule, type CrudColumn, type CrudField, type CrudOption, type CrudRowAction } from '@/components/crud';
import { WAVE_API } from '@/api/orders';
import { WaveDetail, WaveDetailStore, WAVE_STATUS_COLORS } from '@/features/directed/WaveDetail';
import { useStore } from '@/stores/context';
import { refToForm, WAREHOUSE_REMOTE } from '../warehouse/location';

const WAVE_STATUS_OPTIONS: CrudOption[] = [0, 1, 2, 3, 4].map((value) => ({ value, label: `wms.wave.status${value}`, color: WAVE_STATUS_COLORS[value] }));

type WaveRow = Record<string, any>;

function waveColumns(open: (row: WaveRow) => void): CrudColumn[] {
  return [
    { prop: 'id', label: 'wms.wave.id', width: 70, operator: '=', sortable: true, hidden: true },
    {
      prop: 'wave_no',
      label: 'wms.wave.number',
      width: 160,
      operator: 'LIKE',
      cell: (v: unknown, row: WaveRow) => (
        <a className="orders-number-link" onClick={() => open(row)} data-directed="open-wave">
          {String(v ?? '')}
        </a>
      ),
    },
    { prop: 'warehouse.name', label: 'wms.wave.warehouse', minWidth: 120, ellipsis: true, searchField: 'warehouse_id', operator: '=', searchRemote: WAREHOUSE_REMOTE },
    { prop: 'status', label: 'wms.wave.statusLabel', render: 'tag', options: WAVE_STATUS_OPTIONS, width: 100, align: 'center' },
    { prop: 'release_time', label: 'wms.wave.releaseTime', render: 'datetime', width: 170, sortable: true },
    { prop: 'createtime', label: 'wms.wave.createtime', render: 'datetime', width: 170, sortable: true },
    { prop: 'remark', label: 'wms.wave.remark', minWidth: 140, ellipsis: true, operator: false },
  ];
}

/** The builder: the warehouse first, then its unaudited orders (those that name it and are in no open wave). */
const waveFields: CrudField[] = [
  { prop: 'warehouse_id', label: 'wms.wave.warehouse', type: 'remoteSelect', remote: WAREHOUSE_REMOTE, toForm: refToForm, rules: ['required'], clearOnChange: ['outbound_ids'] },
  {
    prop: 'outbound_ids',
    label: 'wms.wave.orders',
    type: 'remoteSelect',
    remote: { url: '/admin/wms.Outbound/index', labelField: 'outbound_no', multiple: true, params: { audit_status: 0 } },
    remoteParams: (values) => ({ warehouse_id: values.warehouse_id || -1 }),
    rules: ['required'],
    tip: 'wms.wave.ordersTip',
  },
  { prop: 'remark', label: 'wms.wave.remark', type: 'textarea', rules: [maxLengthRule(255)] },
];

export const WavePage = observer(function WavePage() {
  const root = useStore();
  const [detail] = useState(() => new WaveDetailStore());
  const open = (row: WaveRow) => void detail.show(Number(row.id));
  const [store] = useState(() => new CrudTableStore(root, { api: WAVE_API, columns: waveColumns(open), fields: waveFields, quickSearchFields: ['wms.wave.number', 'wms.wave.remark'] }));
  const actions: CrudRowAction<WaveRow>[] = [{ name: 'detail', title: 'wms.wave.detail', icon: <IconEye />, onClick: open }];
  return (
    <div className="crud-page orders-page" data-directed="wave-page">
      <CrudPage store={store} entity="wms.wave.wave" rowActions={actions} rowButtonVisible={{ edit: (row) => Number(row.status) === 0, delete: (row) => Number(row.status) === 0 }} operateWidth={140} />
      <WaveDetail detail={detail} onChanged={() => void store.load()} />
    </div>
  );
});

export default WavePage;
