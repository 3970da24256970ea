/**
 * Lots and recalls (/admin/wms/lot): every lot received, with its product, dates, first receipt, where it is
 * (shelves and quantities) and whether it is blocked; search, "blocked only", "in stock only", export; block
 * (with a reason) and unblock; and each lot's recall trace — where it came from, where it went (with what came
 * back), where it is now — printable and exportable as CSV or Excel. Usable on a phone.
 */
import '@/features/orders/i18n';
import '@/features/orders/orders.css';
import '@/features/lots/i18n';
import './lot.css';
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Drawer, Input, Modal, Space, Switch, Table, Tag } from '@arco-design/web-react';
import { IconBranch, IconDownload, IconLock, IconPrinter, IconUnlock } from '@arco-design/web-react/icon';
import type { LotTrace } from '@contract/lot-trace';
import { CrudTable, CrudTableStore, formatDatetime, type CrudColumn, type CrudRowAction } from '@/components/crud';
import { ExportButton } from '@/components/transfer/ExportButton';
import { actionUrl, fetchJson } from '@/api/crud';
import request, { directUrl } from '@/api/request';
import { NameWithSpec, NumberCell } from '@/features/orders/cells';
import { openInNewTab } from '@/features/documents/newTab';
import { getLocale, useT } from '@/lang';
import { useStore } from '@/stores/context';

export const LOT_API = '/admin/wms.Lot';

type LotRow = Record<string, any>;
type Shelf = LotTrace['on_hand'][number];

const shelfText = (s: Pick<Shelf, 'warehouse_name' | 'area_name' | 'shelf_name'>) => `${s.warehouse_name} / ${s.area_name} / ${s.shelf_name}`;

function Shelves({ shelves }: { shelves: Shelf[] }) {
  if (!shelves?.length) return <span className="orders-sub">-</span>;
  return (
    <span className="lot-shelves">
      {shelves.map((s) => (
        <span key={s.warehouse_shelf_id} className="lot-shelf">
          {s.shelf_name} <b className="orders-num">{s.quantity}</b>
        </span>
      ))}
    </span>
  );
}

const lotColumns = (): CrudColumn[] => [
  { prop: 'product.product_no', label: 'wms.lot.productNo', width: 120, ellipsis: true, operator: false, sortable: true },
  { prop: 'product.name', label: 'wms.lot.product', minWidth: 150, ellipsis: true, operator: false, cell: (v: unknown, row: LotRow) => <NameWithSpec name={v} spec={row.product?.spec} /> },
  { prop: 'lot_no', label: 'wms.lot.lotNo', width: 130, operator: false, sortable: true },
  {
    prop: 'blocked',
    label: 'wms.lot.blocked',
    width: 110,
    operator: false,
    cell: (v: unknown) => <BlockedTag blocked={Number(v) === 1} />,
  },
  { prop: 'block_reason', label: 'wms.lot.reason', minWidth: 150, ellipsis: true, operator: false },
  { prop: 'quantity', label: 'wms.lot.onHand', width: 100, align: 'right', operator: false, cell: (v: unknown) => <NumberCell value={v} /> },
  { prop: 'on_hand', label: 'wms.lot.shelves', minWidth: 180, operator: false, cell: (v: unknown) => <Shelves shelves={(v as Shelf[]) ?? []} /> },
  { prop: 'production_date', label: 'wms.lot.productionDate', width: 120, operator: false, sortable: true, hidden: true, cell: (v: unknown) => (v ? String(v) : '-') },
  { prop: 'expiry_date', label: 'wms.lot.expiry', width: 120, operator: false, sortable: true, cell: (v: unknown) => (v ? String(v) : '-') },
  { prop: 'received_at', label: 'wms.lot.receivedAt', render: 'datetime', width: 170, operator: false, sortable: true },
];

function BlockedTag({ blocked }: { blocked: boolean }) {
  const t = useT();
  return blocked ? (
    <Tag color="red" icon={<IconLock />} data-lots="blocked-tag">
      {t('wms.lot.blockedTag')}
    </Tag>
  ) : (
    <Tag color="green">{t('wms.lot.free')}</Tag>
  );
}

/** The page's state: the list, its two switches, the block dialog and the open trace. */
class LotPageState {
  blockedOnly = false;
  inStock = false;
}

const TraceDrawer = observer(function TraceDrawer({ trace, onClose }: { trace: LotTrace | null; onClose: () => void }) {
  const t = useT();
  const root = useStore();
  if (!trace) return null;
  const time = (v: number) => formatDatetime(v);
  const exportUrl = (format: 'csv' | 'xlsx') => directUrl(actionUrl(LOT_API, 'trace/export'), { product_id: trace.product.id, lot_no: trace.lot.lot_no, format }, root.adminInfo.token, getLocale());
  const section = (title: string, testId: string, columns: Array<{ title: string; dataIndex: string; render?: (v: any, row: any) => React.ReactNode; align?: 'right' }>, data: object[]) => (
    <section className="lot-trace-section" data-lots={testId}>
      <h3>{title}</h3>
      {data.length ? <Table size="small" rowKey={(r: any) => `${r.order_id ?? r.warehouse_shelf_id}-${r.form_type ?? ''}`} columns={columns} data={data} pagination={false} border={false} scroll={{ x: true }} /> : <p className="orders-sub">{t('wms.lot.none')}</p>}
    </section>
  );
  return (
    <Drawer visible width="min(880px, 100vw)" title={t('wms.lot.traceTitle', { product: trace.product.name, lot: trace.lot.lot_no })} onCancel={onClose} footer={null} className="lot-trace-drawer" data-lots="trace">
      <div className="lot-trace">
        <Space wrap className="lot-trace-actions no-print">
          <Button icon={<IconPrinter />} onClick={() => window.print()} data-lots="trace-print">
            {t('wms.lot.print')}
          </Button>
          <Button icon={<IconDownload />} onClick={() => openInNewTab(exportUrl('xlsx'))} data-lots="trace-xlsx">
            {t('wms.lot.exportXlsx')}
          </Button>
          <Button icon={<IconDownload />} onClick={() => openInNewTab(exportUrl('csv'))} data-lots="trace-csv">
            {t('wms.lot.exportCsv')}
          </Button>
        </Space>
        <p className="lot-trace-head">
          <b>
            {trace.product.name} ({trace.product.product_no})
          </b>{' '}
          · {t('wms.lot.lotNo')} <b>{trace.lot.lot_no}</b> · {t('wms.lot.expiry')} {trace.lot.expiry_date || '-'} <BlockedTag blocked={trace.lot.blocked === 1} /> {trace.lot.block_reason}
        </p>
        <p className="lot-trace-totals" data-lots="trace-totals">
          {t('wms.lot.totals', trace.totals)}
        </p>
        {section(
          t('wms.lot.receipts'),
          'trace-receipts',
          [
            { title: t('wms.lot.order'), dataIndex: 'order_no' },
            { title: t('wms.lot.supplier'), dataIndex: 'supplier_name' },
            { title: t('wms.lot.time'), dataIndex: 'time', render: time },
            { title: t('wms.lot.quantity'), dataIndex: 'quantity', align: 'right' },
          ],
          trace.receipts,
        )}
        {section(
          t('wms.lot.shipments'),
          'trace-shipments',
          [
            { title: t('wms.lot.order'), dataIndex: 'order_no' },
            { title: t('wms.lot.customer'), dataIndex: 'customer_name' },
            { title: t('wms.lot.time'), dataIndex: 'time', render: time },
            { title: t('wms.lot.quantity'), dataIndex: 'quantity', align: 'right' },
            { title: t('wms.lot.returned'), dataIndex: 'returned', align: 'right' },
          ],
          trace.shipments,
        )}
        {section(
          t('wms.lot.returns'),
          'trace-returns',
          [
            { title: t('wms.lot.order'), dataIndex: 'order_no' },
            { title: t('wms.lot.customer'), dataIndex: 'customer_name' },
            { title: t('wms.lot.time'), dataIndex: 'time', render: time },
            { title: t('wms.lot.quantity'), dataIndex: 'quantity', align: 'right' },
          ],
          trace.returns,
        )}
        {trace.other.length > 0 &&
          section(
            t('wms.lot.other'),
            'trace-other',
            [
              { title: t('wms.lot.order'), dataIndex: 'order_no' },
              { title: t('wms.lot.formType'), dataIndex: 'form_type', render: (v: number) => t(`orders.formType.${v}`) },
              { title: t('wms.lot.time'), dataIndex: 'time', render: time },
              { title: t('wms.lot.quantity'), dataIndex: 'quantity', align: 'right' },
            ],
            trace.other,
          )}
        {section(
          t('wms.lot.now'),
          'trace-now',
          [
            { title: t('wms.lot.shelf'), dataIndex: 'shelf_name', render: (_v: string, row: Shelf) => shelfText(row) },
            { title: t('wms.lot.quantity'), dataIndex: 'quantity', align: 'right' },
            { title: t('wms.lot.available'), dataIndex: 'available_quantity', align: 'right' },
          ],
          trace.on_hand,
        )}
      </div>
    </Drawer>
  );
});

export const LotPage = observer(function LotPage() {
  const root = useStore();
  const t = useT();
  const [state] = useState(() => new LotPageState());
  const [switches, setSwitches] = useState({ blockedOnly: false, inStock: false });
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: LOT_API,
        columns: lotColumns(),
        quickSearchFields: ['wms.lot.lotNo', 'wms.lot.product'],
        extraParams: () => ({ ...(state.blockedOnly ? { blocked: 1 } : {}), ...(state.inStock ? { in_stock: 1 } : {}) }),
      }),
  );
  const [blocking, setBlocking] = useState<LotRow | null>(null);
  const [reason, setReason] = useState('');
  const [trace, setTrace] = useState<LotTrace | null>(null);

  const toggle = (key: 'blockedOnly' | 'inStock', value: boolean) => {
    state[key] = value;
    setSwitches((s) => ({ ...s, [key]: value }));
    void store.load();
  };
  const block = async () => {
    if (!blocking || !reason.trim()) return;
    await request({ url: actionUrl(LOT_API, 'block'), method: 'post', data: { product_id: blocking.product_id, lot_no: blocking.lot_no, reason: reason.trim() } }, { showSuccessMessage: true });
    setBlocking(null);
    setReason('');
    await store.load();
  };
  const unblock = async (row: LotRow) => {
    await request({ url: actionUrl(LOT_API, 'unblock'), method: 'post', data: { product_id: row.product_id, lot_no: row.lot_no } }, { showSuccessMessage: true });
    await store.load();
  };
  const openTrace = async (row: LotRow) => setTrace(await fetchJson<LotTrace>(actionUrl(LOT_API, 'trace'), { product_id: row.product_id, lot_no: row.lot_no }));

  const actions: CrudRowAction<LotRow>[] = [
    { name: 'trace', title: 'wms.lot.trace', icon: <IconBranch />, auth: 'trace', onClick: (row) => void openTrace(row) },
    { name: 'block', title: 'wms.lot.block', icon: <IconLock />, auth: 'block', status: 'danger', display: (row) => Number(row.blocked) !== 1, onClick: (row) => setBlocking(row) },
    { name: 'unblock', title: 'wms.lot.unblock', icon: <IconUnlock />, auth: 'unblock', status: 'warning', display: (row) => Number(row.blocked) === 1, confirm: 'wms.lot.unblockConfirm', onClick: (row) => void unblock(row) },
  ];

  return (
    <div className="crud-page orders-page lot-page" data-lots="lot-page">
      <CrudTable<LotRow>
        store={store}
        toolbar={['refresh', 'columns']}
        toolbarExtra={
          <Space wrap size={8}>
            <Input.Search
              allowClear
              style={{ width: 240, maxWidth: '100%' }}
              placeholder={t('wms.lot.searchPlaceholder')}
              onSearch={(v) => store.submitQuickSearch(v)}
              onClear={() => store.submitQuickSearch('')}
              data-crud="quick-search"
            />
            <label className="stock-low-switch">
              <Switch size="small" checked={switches.blockedOnly} onChange={(v) => toggle('blockedOnly', v)} data-lots="blocked-only" />
              <span>{t('wms.lot.filterBlocked')}</span>
            </label>
            <label className="stock-low-switch">
              <Switch size="small" checked={switches.inStock} onChange={(v) => toggle('inStock', v)} data-lots="in-stock" />
              <span>{t('wms.lot.inStock')}</span>
            </label>
            <ExportButton api={LOT_API} store={store} label="wms.lot.export" testId="lot-export" formats={['xlsx', 'csv']} />
          </Space>
        }
        rowButtons={[]}
        rowActions={actions}
        selectable={false}
        operateWidth={154}
        tableProps={{ rowClassName: (row: LotRow) => (Number(row.blocked) === 1 ? 'lot-row-blocked' : '') }}
      />
      <Modal
        visible={!!blocking}
        title={blocking ? t('wms.lot.blockTitle', { lot: blocking.lot_no }) : ''}
        onOk={() => void block()}
        okButtonProps={{ status: 'danger', disabled: !reason.trim(), 'data-lots': 'block-ok' } as Record<string, unknown>}
        onCancel={() => setBlocking(null)}
        data-lots="block-dialog"
      >
        <p className="orders-sub">{t('wms.lot.blockTip')}</p>
        <Input.TextArea value={reason} maxLength={255} onChange={setReason} placeholder={t('wms.lot.reasonPlaceholder')} autoSize={{ minRows: 2 }} data-lots="block-reason" />
      </Modal>
      <TraceDrawer trace={trace} onClose={() => setTrace(null)} />
    </div>
  );
});

export default LotPage;
