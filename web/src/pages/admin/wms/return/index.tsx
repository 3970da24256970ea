/**
 * Customer returns (/admin/wms/return): the list (search, audit status, export); a new return against a
 * shipped outbound order — its lines offered with what was shipped, what came back and what can still be
 * returned, each line returned with a quantity, a disposition (restock onto a storage shelf, hold onto a hold
 * shelf, scrap) and a reason; the detail with audit and the return receipt. Usable on a phone (cards, large
 * targets). A serial-tracked line is returned by scanning one serial per unit (the order lines' SerialCapture,
 * at most what can still be returned): its quantity follows the chips and the save sends them as the line's
 * `serials`; a refusal of the server (a serial the order did not ship) is shown on the form, the scans kept.
 */
import '@/features/orders/i18n';
import '@/features/orders/orders.css';
import './return.css';
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Descriptions, Drawer, Input, InputNumber, Message, Modal, Radio, Space, Table, Tag } from '@arco-design/web-react';
import { IconCheckCircle, IconEye, IconPlus } from '@arco-design/web-react/icon';
import type { OrderView, Returnable } from '@contract/orders';
import { RETURN_DISPOSITION, SHELF_KIND } from '@contract/enums';
import { CrudTable, CrudTableStore, type CrudColumn, type CrudRowAction } from '@/components/crud';
import { RemoteSelect } from '@/components/RemoteSelect';
import { ExportButton } from '@/components/transfer/ExportButton';
import { actionUrl, fetchJson } from '@/api/crud';
import request, { errorMessage } from '@/api/request';
import { ORDER_API } from '@/api/orders';
import { PrintButtons } from '@/features/orders/PrintButtons';
import { AUDIT_STATUS_OPTIONS } from '@/features/orders/states';
import { SerialCapture } from '@/features/serials/SerialCapture';
import { useAuth } from '@/hooks/useAuth';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

const API = ORDER_API.return;

type Row = Record<string, any>;
type Offered = Returnable & { product: { name: string; product_no: string; spec: string; unit_name: string; lot_tracked: number; serial_tracked?: number } | null };

/** A line of a serial-tracked product: returned by scanning one serial per unit. */
const isSerialOffer = (offered: Offered) => Number(offered.product?.serial_tracked) === 1;
interface Draft {
  quantity: number;
  disposition: number;
  shelfId: number | null;
  reason: string;
  /** a serial-tracked line: the serials scanned, one per unit returned (the quantity is how many) */
  serials: string[];
}

const returnColumns = (open: (row: Row) => void): CrudColumn[] => [
  { prop: 'id', label: 'orders.field.id', width: 70, operator: '=', sortable: true, hidden: true },
  {
    prop: 'return_no',
    label: 'wms.return.number',
    width: 170,
    operator: 'LIKE',
    cell: (v: unknown, row: Row) => (
      <a className="orders-number-link" onClick={() => open(row)} data-returns="open-return">
        {String(v ?? '')}
      </a>
    ),
  },
  { prop: 'outbound.outbound_no', label: 'wms.return.outbound', width: 170, operator: false },
  { prop: 'customer.name', label: 'wms.return.customer', minWidth: 130, ellipsis: true, operator: false },
  {
    prop: 'audit_status',
    label: 'orders.field.auditStatus',
    render: 'tag',
    width: 110,
    align: 'center',
    options: AUDIT_STATUS_OPTIONS,
  },
  { prop: 'createtime', label: 'orders.field.createtime', render: 'datetime', width: 170, sortable: true, operator: false },
  { prop: 'audittime', label: 'orders.field.audittime', render: 'datetime', width: 170, sortable: true, operator: false },
  { prop: 'remark', label: 'wms.return.remark', minWidth: 140, ellipsis: true, operator: false },
];

/** One offered line as a card: what it shipped, what can still come back, and the inputs of this return. */
function LineCard({ offered, draft, onChange }: { offered: Offered; draft: Draft; onChange: (d: Draft) => void }) {
  const t = useT();
  const serial = isSerialOffer(offered);
  const kind = draft.disposition === RETURN_DISPOSITION.restock ? SHELF_KIND.storage : draft.disposition === RETURN_DISPOSITION.hold ? SHELF_KIND.hold : undefined;
  return (
    <div className={`return-line${draft.quantity > 0 ? ' is-active' : ''}`} data-returns="line">
      <div className="return-line-head">
        <b>{offered.product?.name ?? `#${offered.product_id}`}</b> <span className="orders-sub">{offered.product?.product_no}</span>
        {offered.lot_no && <Tag size="small">{`${t('wms.return.lot')} ${offered.lot_no}`}</Tag>}
      </div>
      <div className="return-line-figures">
        <span>
          {t('wms.return.shipped')} <b>{offered.shipped}</b>
        </span>
        <span>
          {t('wms.return.returnedSoFar')} <b>{offered.returned}</b>
        </span>
        <span data-returns="returnable">
          {t('wms.return.returnable')} <b>{offered.returnable}</b>
        </span>
      </div>
      <div className="return-line-inputs">
        <label>
          <span>{t('wms.return.quantity')}</span>
          {serial ? (
            <InputNumber readOnly precision={0} value={draft.quantity || undefined} placeholder={t('wms.return.scanSerials')} data-returns="quantity" />
          ) : (
            <InputNumber min={0} max={offered.returnable} precision={0} value={draft.quantity} onChange={(v) => onChange({ ...draft, quantity: Number(v ?? 0) })} data-returns="quantity" />
          )}
        </label>
        <label>
          <span>{t('wms.return.disposition')}</span>
          <Radio.Group type="button" value={draft.disposition} onChange={(v: number) => onChange({ ...draft, disposition: v, shelfId: null })} data-returns="disposition">
            {[1, 2, 3].map((d) => (
              <Radio key={d} value={d} data-returns={`disposition-${d}`}>
                {t(`wms.return.disposition${d}`)}
              </Radio>
            ))}
          </Radio.Group>
        </label>
        <label>
          <span>{t('wms.return.shelf')}</span>
          <RemoteSelect
            key={`shelf-${draft.disposition}`}
            url="/admin/wms.Shelf/index"
            labelField={(row: Row) => `${row.name}${row.serial_no ? ` (${row.serial_no})` : ''}`}
            params={kind === undefined ? {} : { kind }}
            value={draft.shelfId ?? undefined}
            onChange={(v) => onChange({ ...draft, shelfId: v ? Number(v) : null })}
            selectProps={{ 'data-returns': 'shelf' } as Record<string, unknown>}
          />
        </label>
        <label>
          <span>{t('wms.return.reason')}</span>
          <Input value={draft.reason} maxLength={255} onChange={(v) => onChange({ ...draft, reason: v })} data-returns="reason" />
        </label>
      </div>
      {serial && offered.returnable > 0 && (
        <div className="return-line-serials" data-returns="serials">
          <span>{t('wms.return.serials')}</span>
          <SerialCapture serials={draft.serials} quantity={offered.returnable} onChange={(next) => onChange({ ...draft, serials: next, quantity: next.length })} />
        </div>
      )}
    </div>
  );
}

export const NewReturn = observer(function NewReturn({ visible, onClose, onSaved }: { visible: boolean; onClose: () => void; onSaved: (id: number) => void }) {
  const t = useT();
  const [outboundId, setOutboundId] = useState<number | null>(null);
  const [offered, setOffered] = useState<Offered[]>([]);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [remark, setRemark] = useState('');
  const [saving, setSaving] = useState(false);
  /** the server's refusal of the last save (translated), shown on the form; the lines and their scans stay */
  const [refusal, setRefusal] = useState('');
  const choose = async (id: number | null) => {
    setOutboundId(id);
    setRefusal('');
    if (!id) return (setOffered([]), setDrafts([]));
    const answer = await fetchJson<{ returnable: Offered[] }>(actionUrl(API, 'returnable'), { outbound_id: id });
    setOffered(answer.returnable);
    setDrafts(answer.returnable.map(() => ({ quantity: 0, disposition: RETURN_DISPOSITION.restock, shelfId: null, reason: '', serials: [] })));
  };
  const save = async (audit: boolean) => {
    const lines = offered.map((o, i) => ({ o, d: drafts[i] })).filter(({ d }) => d.quantity > 0);
    if (!lines.length) return Message.warning(t('wms.return.nothingEntered'));
    if (lines.some(({ d }) => !d.shelfId)) return Message.warning(t('wms.return.needShelf'));
    setSaving(true);
    setRefusal('');
    let added: number;
    try {
      const body = {
        outbound_id: outboundId,
        remark,
        lines: lines.map(({ o, d }) => ({
          product_id: o.product_id,
          lot_no: o.lot_no,
          quantity: d.quantity,
          disposition: d.disposition,
          warehouse_shelf_id: d.shelfId,
          reason: d.reason,
          ...(isSerialOffer(o) ? { serials: d.serials } : {}),
        })),
      };
      added = (await request<OrderView<'return'>>({ url: actionUrl(API, 'add'), method: 'post', data: body }, { showSuccessMessage: !audit, showErrorMessage: false })).data.id;
    } catch (error) {
      // refused (a serial the order did not ship, more than can be returned…): said on the form, nothing lost
      setRefusal(errorMessage(error));
      setSaving(false);
      return;
    }
    try {
      if (audit) await request({ url: actionUrl(API, 'audit'), method: 'post', data: { id: added } }, { showSuccessMessage: true });
    } catch {
      // saved but not audited (the notice says why): its detail opens with the audit button
    } finally {
      setSaving(false);
    }
    void choose(null);
    setRemark('');
    onSaved(added);
  };
  return (
    <Drawer visible={visible} width="min(760px, 100vw)" title={t('wms.return.new')} onCancel={onClose} footer={null} data-returns="form">
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <label className="return-field">
          <span>{t('wms.return.chooseOutbound')}</span>
          <RemoteSelect
            url="/admin/wms.Outbound/index"
            labelField={(row: Row) => `${row.outbound_no} · ${row.customer?.name ?? ''}`}
            params={{ audit_status: 1 }}
            value={outboundId ?? undefined}
            onChange={(v) => void choose(v ? Number(v) : null)}
            selectProps={{ 'data-returns': 'outbound' } as Record<string, unknown>}
          />
          <small className="orders-sub">{t('wms.return.chooseOutboundTip')}</small>
        </label>
        {outboundId && !offered.length && <Alert type="warning" content={t('wms.return.nothingReturnable')} />}
        {offered.map((o, i) => (
          <LineCard key={`${o.product_id}:${o.lot_no}`} offered={o} draft={drafts[i]} onChange={(d) => setDrafts(drafts.map((x, j) => (j === i ? d : x)))} />
        ))}
        {offered.length > 0 && (
          <>
            <Input.TextArea value={remark} maxLength={500} onChange={setRemark} placeholder={t('wms.return.remark')} />
            {refusal && <Alert type="error" showIcon content={refusal} data-returns="refusal" />}
            <Space wrap className="return-actions">
              <Button type="primary" loading={saving} onClick={() => void save(false)} data-returns="save">
                {t('wms.return.save')}
              </Button>
              <Button type="primary" status="success" loading={saving} onClick={() => void save(true)} data-returns="save-audit">
                {t('wms.return.saveAndAudit')}
              </Button>
            </Space>
          </>
        )}
      </Space>
    </Drawer>
  );
});

const ReturnDetail = observer(function ReturnDetail({ order, onClose, onAudit }: { order: OrderView<'return'> | null; onClose: () => void; onAudit: (id: number) => void }) {
  const t = useT();
  const auth = useAuth();
  if (!order) return null;
  return (
    <Drawer visible width="min(760px, 100vw)" title={`${t('wms.return.entity')} ${order.return_no}`} onCancel={onClose} footer={null} data-returns="detail">
      <Descriptions
        column={1}
        data={[
          { label: t('wms.return.outbound'), value: order.outbound_no ?? '' },
          { label: t('wms.return.customer'), value: order.customer?.name ?? '' },
          { label: t('orders.field.auditStatus'), value: t(`orders.auditStatus.${order.audit_status}`) },
        ]}
      />
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: true }}
        data={order.lines}
        columns={[
          { title: t('wms.return.product'), dataIndex: 'product.name' },
          { title: t('wms.return.lot'), dataIndex: 'lot_no' },
          { title: t('wms.return.quantity'), dataIndex: 'quantity', align: 'right' },
          { title: t('wms.return.disposition'), dataIndex: 'disposition', render: (v: number) => t(`wms.return.disposition${v}`) },
          { title: t('wms.return.shelf'), dataIndex: 'shelf.location' },
          { title: t('wms.return.reason'), dataIndex: 'reason' },
          ...(order.lines.some((l) => l.serials?.length)
            ? [{ title: t('wms.return.serials'), dataIndex: 'serials', render: (v: string[] | undefined) => <span data-returns="line-serials">{(v ?? []).join(', ')}</span> }]
            : []),
        ]}
      />
      <Space wrap className="return-actions">
        {order.audit_status === 0 && auth('audit') && (
          <Button type="primary" status="success" icon={<IconCheckCircle />} onClick={() => onAudit(order.id)} data-returns="audit">
            {t('wms.return.audit')}
          </Button>
        )}
        <PrintButtons kind="return" id={order.id} />
      </Space>
    </Drawer>
  );
});

export const ReturnPage = observer(function ReturnPage() {
  const root = useStore();
  const t = useT();
  const auth = useAuth();
  const [detail, setDetail] = useState<OrderView<'return'> | null>(null);
  const open = async (row: Row) => setDetail((await fetchJson<{ row: OrderView<'return'> }>(actionUrl(API, 'edit'), { id: row.id })).row);
  const [store] = useState(() => new CrudTableStore(root, { api: API, columns: returnColumns((row) => void open(row)), quickSearchFields: ['wms.return.number', 'wms.return.outbound'] }));
  const [adding, setAdding] = useState(false);
  const audit = (id: number) =>
    Modal.confirm({
      title: t('wms.return.audit'),
      content: t('wms.return.auditConfirm'),
      onOk: async () => {
        await request({ url: actionUrl(API, 'audit'), method: 'post', data: { id } }, { showSuccessMessage: true });
        await store.load();
        if (detail?.id === id) await open({ id });
      },
    });
  const actions: CrudRowAction<Row>[] = [
    { name: 'view', title: 'wms.return.view', icon: <IconEye />, onClick: (row) => void open(row) },
    { name: 'audit', title: 'wms.return.audit', icon: <IconCheckCircle />, auth: 'audit', status: 'success', display: (row) => Number(row.audit_status) === 0, onClick: (row) => audit(Number(row.id)) },
  ];
  return (
    <div className="crud-page orders-page return-page" data-returns="return-page">
      <CrudTable<Row>
        store={store}
        toolbar={['refresh', 'delete', 'search', 'columns', 'quickSearch']}
        toolbarExtra={
          <Space wrap>
            {auth('add') && (
              <Button type="primary" icon={<IconPlus />} onClick={() => setAdding(true)} data-returns="new">
                {t('wms.return.new')}
              </Button>
            )}
            <ExportButton api={API} store={store} label="wms.return.export" testId="return-export" formats={['xlsx', 'csv']} />
          </Space>
        }
        rowButtons={['delete']}
        rowActions={actions}
        rowButtonVisible={{ delete: (row) => Number(row.audit_status) === 0 }}
        operateWidth={154}
      />
      <NewReturn
        visible={adding}
        onClose={() => setAdding(false)}
        onSaved={(id) => {
          setAdding(false);
          void store.load();
          void open({ id });
        }}
      />
      <ReturnDetail order={detail} onClose={() => setDetail(null)} onAudit={audit} />
    </div>
  );
});

export default ReturnPage;
