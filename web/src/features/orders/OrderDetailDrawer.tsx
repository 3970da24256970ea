/**
 * The detail of an order: header fields, its lines (with totals, or move progress for relocations), the
 * inventory-history rows it produced, and the buttons its state and the admin's rights allow.
 */
import './i18n';
import '@/features/lots/i18n';
import { toJS } from 'mobx';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Descriptions, Drawer, Empty, Popconfirm, Space, Spin, Table, Tag } from '@arco-design/web-react';
import { IconCheckCircle, IconClose, IconEdit, IconLock, IconPrinter, IconSend, IconSwap, IconUnlock } from '@arco-design/web-react/icon';
import type { PackageView } from '@contract/directed';
import type { OrderKind } from '@contract/enums';
import type { OrderView } from '@contract/orders';
import type { InventoryHistoryRow } from '@contract/stock';
import { useEscapeClose } from '@/hooks/useEscapeClose';
import { formatDatetime, ListTable } from '@/components/crud';
import { useAuth } from '@/hooks/useAuth';
import { getLocale, useT, type TFunction } from '@/lang';
import { useStore } from '@/stores/context';
import { packageLabelUrl } from '@/api/orders';
import { openInNewTab } from '@/features/documents/newTab';
import { AllocationsCell } from '@/features/lots/LotCells';
import { isLotLine } from '@/features/lots/lots';
import { LocationText, MoneyCell, NumberCell, SignedCell, StateTag } from './cells';
import PrintButtons from './PrintButtons';
import { formatCents, orderTotals } from './money';
import type { ServerOrder } from './formStore';
import { isAdjustmentLine, isGoodsLine, isRelocationLine, orderNumber, type AdjustmentLineView, type AnyLineView, type GoodsLineView, type RelocationLineView } from './orderViews';
import type { OrderPageStore } from './pageStore';
import {
  AUDIT_STATUS_OPTIONS,
  FORM_TYPE_OPTIONS,
  INBOUND_TYPE_OPTIONS,
  OUTBOUND_TYPE_OPTIONS,
  RELOCATION_STATUS_OPTIONS,
  SHIPMENT_STATUS_OPTIONS,
  moveProgress,
  orderActions,
} from './states';

function productCell(r: AnyLineView) {
  return (
    <div>
      <div>{r.product?.name ?? `#${r.product_id}`}</div>
      <div className="orders-sub">
        {[r.product?.product_no, r.product?.spec, r.product?.unit_name].filter(Boolean).join(' · ')}
      </div>
    </div>
  );
}


/**
 * The lots of a line: inbound, the lot received and its expiry; outbound and relocation, the lots taken
 * (first expiry first, or the one named), or when that will be decided.
 */
function lotColumn(kind: OrderKind, t: TFunction) {
  return {
    title: t(kind === 'inbound' ? 'lots.allocationsIn' : 'lots.allocations'),
    width: kind === 'inbound' ? 170 : 200,
    render: (_: unknown, r: GoodsLineView | RelocationLineView) => {
      if (!isLotLine(r)) return <span className="lots-muted">-</span>;
      if (kind === 'inbound') {
        return (
          <div data-lots="received">
            <div className="orders-num">{r.lot_no || '-'}</div>
            {'expiry_date' in r && r.expiry_date ? <div className="orders-sub">{t('lots.expiryComputed', { date: r.expiry_date })}</div> : null}
          </div>
        );
      }
      return <AllocationsCell line={r} pending={kind === 'outbound' ? 'lots.notAllocated' : 'lots.notMoved'} />;
    },
  };
}

const indexColumn = { title: '#', width: 44, align: 'center' as const, render: (_: unknown, _r: unknown, i: number) => i + 1 };

function adjustmentColumns(t: TFunction) {
  return [
    indexColumn,
    { title: t('orders.line.product'), width: 200, render: (_: unknown, r: AdjustmentLineView) => productCell(r) },
    { title: t('orders.line.shelf'), width: 190, render: (_: unknown, r: AdjustmentLineView) => (r.lot_no ? `${r.shelf?.location ?? '-'} · ${r.lot_no}` : (r.shelf?.location ?? '-')) },
    { title: t('orders.line.reason'), width: 100, render: (_: unknown, r: AdjustmentLineView) => t(`orders.reason.${r.reason}`) },
    { title: t('orders.line.adjustQuantity'), width: 90, align: 'right' as const, render: (_: unknown, r: AdjustmentLineView) => <SignedCell value={r.quantity} /> },
    { title: t('orders.line.price'), width: 100, align: 'right' as const, render: (_: unknown, r: AdjustmentLineView) => <MoneyCell value={r.price} /> },
    { title: t('orders.line.total'), width: 110, align: 'right' as const, render: (_: unknown, r: AdjustmentLineView) => <MoneyCell value={r.total_price} /> },
  ];
}

function relocationColumns(t: TFunction, lines: RelocationLineView[]) {
  return [
    indexColumn,
    { title: t('orders.line.product'), width: 200, render: (_: unknown, r: RelocationLineView) => productCell(r) },
    { title: t('orders.line.source'), width: 200, render: (_: unknown, r: RelocationLineView) => <LocationText value={r.source_shelf?.location} /> },
    { title: t('orders.line.target'), width: 200, render: (_: unknown, r: RelocationLineView) => <LocationText value={r.target_shelf?.location} /> },
    { title: t('orders.line.planQuantity'), width: 90, align: 'right' as const, render: (_: unknown, r: RelocationLineView) => <NumberCell value={r.plan_quantity} /> },
    { title: t('orders.move.moved'), width: 90, align: 'right' as const, render: (_: unknown, r: RelocationLineView) => <NumberCell value={r.actual_quantity} /> },
    { title: t('orders.move.remaining'), width: 90, align: 'right' as const, render: (_: unknown, r: RelocationLineView) => <NumberCell value={moveProgress(r).remaining} /> },
    ...(lines.some(isLotLine) ? [lotColumn('relocation', t)] : []),
  ];
}

function goodsColumns(kind: OrderKind, t: TFunction, lines: GoodsLineView[]) {
  return [
    indexColumn,
    { title: t('orders.line.product'), width: 200, render: (_: unknown, r: GoodsLineView) => productCell(r) },
    { title: t('orders.line.shelf'), width: 190, render: (_: unknown, r: GoodsLineView) => <LocationText value={r.shelf?.location} /> },
    { title: t('orders.line.detailCode'), width: 110, render: (_: unknown, r: GoodsLineView) => r.detail_code || '-' },
    { title: t('orders.line.planQuantity'), width: 90, align: 'right' as const, render: (_: unknown, r: GoodsLineView) => <NumberCell value={r.plan_quantity} /> },
    {
      title: t(kind === 'inbound' ? 'orders.line.receivedQuantity' : 'orders.line.issuedQuantity'),
      width: 90,
      align: 'right' as const,
      render: (_: unknown, r: GoodsLineView) => <NumberCell value={r.actual_quantity} />,
    },
    ...(lines.some(isLotLine) ? [lotColumn(kind, t)] : []),
    { title: t('orders.line.price'), width: 100, align: 'right' as const, render: (_: unknown, r: GoodsLineView) => <MoneyCell value={r.price} /> },
    { title: t('orders.line.total'), width: 110, align: 'right' as const, render: (_: unknown, r: GoodsLineView) => <MoneyCell value={r.total_price} /> },
  ];
}

/** The lines of an order as its kind shows them. */
function LinesTable({ kind, lines, t }: { kind: OrderKind; lines: AnyLineView[]; t: TFunction }) {
  const common = { rowKey: 'id', size: 'small' as const, border: { wrapper: true, cell: false }, pagination: false as const, scroll: { x: 900 }, 'data-orders': 'detail-lines' };
  if (kind === 'adjustment') return <ListTable {...common} columns={adjustmentColumns(t)} data={lines.filter(isAdjustmentLine)} />;
  if (kind === 'relocation') {
    const moves = lines.filter(isRelocationLine);
    return <ListTable {...common} columns={relocationColumns(t, moves)} data={moves} />;
  }
  const goods = lines.filter(isGoodsLine);
  return <ListTable {...common} columns={goodsColumns(kind, t, goods)} data={goods} />;
}

function historyColumns(t: TFunction) {
  return [
    { title: t('orders.history.createtime'), width: 160, render: (_: unknown, r: InventoryHistoryRow) => <span className="crud-nowrap">{formatDatetime(r.createtime)}</span> },
    { title: t('orders.history.formType'), width: 160, render: (_: unknown, r: InventoryHistoryRow) => <StateTag t={t} options={FORM_TYPE_OPTIONS} value={r.form_type} /> },
    {
      title: t('orders.line.product'),
      width: 170,
      render: (_: unknown, r: InventoryHistoryRow) => (
        <div>
          <div>{r.product_name}</div>
          <div className="orders-sub">{r.product_no}</div>
        </div>
      ),
    },
    { title: t('orders.history.location'), width: 180, render: (_: unknown, r: InventoryHistoryRow) => <LocationText value={r.shelf_location} /> },
    { title: t('lots.lotNo'), width: 110, render: (_: unknown, r: InventoryHistoryRow) => (r.lot_no ? <span className="orders-num">{r.lot_no}</span> : '-') },
    { title: t('orders.history.quantity'), width: 90, align: 'right' as const, render: (_: unknown, r: InventoryHistoryRow) => <SignedCell value={r.quantity} /> },
    { title: t('orders.history.totalPrice'), width: 110, align: 'right' as const, render: (_: unknown, r: InventoryHistoryRow) => <SignedCell value={r.total_price} money /> },
    { title: t('orders.history.balance'), width: 90, align: 'right' as const, render: (_: unknown, r: InventoryHistoryRow) => <NumberCell value={r.balance} /> },
    { title: t('orders.history.operator'), width: 100, render: (_: unknown, r: InventoryHistoryRow) => r.operator || '-' },
  ];
}

function headerItems(kind: OrderKind, order: OrderView, carrierName: string | null, t: TFunction) {
  const row: ServerOrder = order;
  const items: Array<{ label: string; value: React.ReactNode }> = [
    { label: t(`orders.${kind}.number`), value: <b data-orders="detail-number">{orderNumber(row)}</b> },
    { label: t('orders.field.orderSn'), value: row.order_sn || '-' },
  ];
  if (kind === 'inbound') items.push({ label: t('orders.field.supplier'), value: order.supplier?.name ?? '-' });
  else if (kind !== 'adjustment') items.push({ label: t('orders.field.customer'), value: order.customer?.name ?? '-' });
  if (kind === 'inbound' || kind === 'outbound') items.push({ label: t('orders.field.type'), value: <StateTag t={t} options={kind === 'inbound' ? INBOUND_TYPE_OPTIONS : OUTBOUND_TYPE_OPTIONS} value={row.type} /> });
  items.push({ label: t('orders.field.auditStatus'), value: <StateTag t={t} options={AUDIT_STATUS_OPTIONS} value={row.audit_status} /> });
  if (kind === 'outbound') items.push({ label: t('orders.field.shipmentStatus'), value: <StateTag t={t} options={SHIPMENT_STATUS_OPTIONS} value={row.shipment_status} /> });
  if (kind === 'relocation') items.push({ label: t('orders.field.relocationStatus'), value: <StateTag t={t} options={RELOCATION_STATUS_OPTIONS} value={row.status} /> });
  items.push(
    { label: t('orders.field.operator'), value: order.operator || '-' },
    { label: t('orders.field.createtime'), value: formatDatetime(row.createtime) },
    { label: t('orders.field.auditor'), value: order.auditor || '-' },
    { label: t('orders.field.audittime'), value: formatDatetime(row.audittime) },
  );
  if (kind === 'outbound') {
    items.push(
      { label: t('orders.field.carrier'), value: carrierName ?? '-' },
      { label: t('orders.field.courierNumber'), value: row.courier_number || '-' },
      { label: t('orders.field.shipmentTime'), value: formatDatetime(row.shipment_time) },
    );
  }
  items.push({ label: t('orders.field.remark'), value: <span className="orders-prewrap">{row.remark || '-'}</span> });
  return items;
}

/** The transition buttons of an order (detail footer). */
export const OrderActionButtons = observer(function OrderActionButtons({ page, row, onEdit, extra }: { page: OrderPageStore; row: OrderView; onEdit?: () => void; extra?: React.ReactNode }) {
  const t = useT();
  const auth = useAuth();
  const actions = orderActions(page.kind, row, auth);
  const id = Number(row.id);
  return (
    <Space wrap>
      {actions.includes('edit') && (
        <Button icon={<IconEdit />} onClick={onEdit} data-orders="detail-edit">
          {t('crud.edit')}
        </Button>
      )}
      {actions.includes('audit') && (
        <Popconfirm title={t(`orders.confirm.audit.${page.kind}`)} onOk={() => page.audit(id)}>
          <Button type="primary" status="success" icon={<IconCheckCircle />} loading={page.isBusy('audit', id)} data-orders="detail-audit">
            {t('orders.action.audit')}
          </Button>
        </Popconfirm>
      )}
      {actions.includes('reserve') && (
        <>
          <Button icon={<IconLock />} loading={page.isBusy('reserve', id)} onClick={() => void page.reserve(id)} data-orders="detail-reserve">
            {t('orders.action.reserve')}
          </Button>
          <Button type="text" loading={page.isBusy('reserve', id)} onClick={() => void page.reserve(id, true)} data-orders="detail-reserve-partial">
            {t('orders.action.reservePartial')}
          </Button>
        </>
      )}
      {actions.includes('unreserve') && (
        <Button icon={<IconUnlock />} loading={page.isBusy('unreserve', id)} onClick={() => void page.unreserve(id)} data-orders="detail-unreserve">
          {t('orders.action.unreserve')}
        </Button>
      )}
      {actions.includes('ship') && (
        <Button type="primary" icon={<IconSend />} onClick={() => page.openShip(row)} data-orders="detail-ship">
          {t('orders.action.ship')}
        </Button>
      )}
      {actions.includes('move') && (
        <Button type="primary" icon={<IconSwap />} onClick={() => void page.openMove(id)} data-orders="detail-move">
          {t('orders.action.move')}
        </Button>
      )}
      {actions.includes('cancel') && (
        <Popconfirm title={t('orders.confirm.cancel')} onOk={() => page.cancel(id)} okButtonProps={{ status: 'danger' }}>
          <Button status="danger" icon={<IconClose />} loading={page.isBusy('cancel', id)} data-orders="detail-cancel">
            {t('orders.action.cancel')}
          </Button>
        </Popconfirm>
      )}
      {extra}
    </Space>
  );
});

export const OrderDetailDrawer = observer(function OrderDetailDrawer({ page }: { page: OrderPageStore }) {
  const t = useT();
  const detail = page.detail;
  const row = detail.row ? toJS(detail.row) : null;
  const kind = page.kind;
  const lines = row?.lines ?? [];
  const totals = orderTotals(lines.filter(isGoodsLine));
  const history = toJS(detail.history);
  useEscapeClose(detail.open, () => detail.close());
  return (
    <Drawer
      className="orders-drawer"
      width={typeof window !== 'undefined' ? Math.min(1080, window.innerWidth) : 1080}
      title={<span className="orders-detail-title">{t(`orders.${kind}.title`, { number: orderNumber(row) })}</span>}
      visible={detail.open}
      onCancel={() => detail.close()}
      unmountOnExit
      data-orders="order-detail"
      footer={
        <div className="orders-detail-footer">
          <div className="orders-detail-actions">
            {row && (
              <OrderActionButtons
                page={page}
                row={row}
                extra={<PrintButtons kind={kind} id={Number(row.id)} />}
                onEdit={() => {
                  detail.close();
                  void page.table.openEdit(row.id);
                }}
              />
            )}
          </div>
          <Button onClick={() => detail.close()}>{t('crud.close')}</Button>
        </div>
      }
    >
      <Spin loading={detail.loading} block>
        {detail.error && <Alert type="error" content={detail.error} showIcon />}
        {row && (
          <div className="orders-detail">
            <Descriptions
              column={{ xs: 1, sm: 2, md: 3 }}
              border
              size="small"
              data={headerItems(kind, row, detail.carrierName, t)}
              labelStyle={{ width: 110 }}
              data-orders="detail-header"
            />
            <div className="orders-section-title">
              {t('orders.form.lines')}
              {(kind === 'inbound' || kind === 'outbound') && (
                <span className="orders-section-extra">
                  {t('orders.line.planQuantity')} <b>{totals.plan.toLocaleString('en-US')}</b> · {t(kind === 'inbound' ? 'orders.line.receivedQuantity' : 'orders.line.issuedQuantity')}{' '}
                  <b>{totals.actual.toLocaleString('en-US')}</b> · {t('orders.form.totalAmount')} <b data-orders="detail-amount">{formatCents(totals.amountCents, { group: true })}</b>
                </span>
              )}
            </div>
            <LinesTable kind={kind} lines={lines} t={t} />
            {kind === 'outbound' && (row as { packages?: PackageView[] }).packages?.length ? <PackagesTable packages={(row as { packages: PackageView[] }).packages} /> : null}
            <div className="orders-section-title">
              {t('orders.history.title')}
              {detail.history.length > 0 && <Tag size="small">{detail.history.length}</Tag>}
            </div>
            {detail.historyError ? (
              <Alert type="warning" showIcon content={t('orders.history.unavailable')} />
            ) : (
              <Table
                rowKey="id"
                size="small"
                loading={detail.historyLoading}
                border={{ wrapper: true, cell: false }}
                pagination={history.length > 20 ? { pageSize: 20, size: 'small' } : false}
                columns={historyColumns(t)}
                data={history}
                scroll={{ x: 1010 }}
                noDataElement={<Empty description={t(Number(row.audit_status) === 1 ? 'orders.history.none' : 'orders.history.notYet')} />}
                data-orders="detail-history"
              />
            )}
          </div>
        )}
      </Spin>
    </Drawer>
  );
});

/** An outbound order's packages (cartons, pallets): SSCC, what each holds, weight, and its label (with the pack station's label rule). */
const PackagesTable = observer(function PackagesTable({ packages }: { packages: PackageView[] }) {
  const t = useT();
  const root = useStore();
  const mayPrint = root.navTabs.hasNode('/admin/wms/package', 'label');
  return (
    <>
      <div className="orders-section-title">
        {t('orders.packages.title')}
        <Tag size="small">{packages.length}</Tag>
      </div>
      <Table<PackageView>
        rowKey="id"
        size="small"
        pagination={false}
        border={{ wrapper: true, cell: false }}
        scroll={{ x: 720 }}
        data={packages}
        columns={[
          { title: t('orders.packages.number'), width: 110, render: (_: unknown, p: PackageView) => (p.number ? t(p.type === 2 ? 'orders.packages.palletOf' : 'orders.packages.cartonOf', { number: p.number, count: p.count }) : '-') },
          { title: 'SSCC', dataIndex: 'sscc', width: 190 },
          { title: t('orders.packages.contents'), render: (_: unknown, p: PackageView) => p.contents.map((c) => `${c.product_no} ×${c.quantity}`).join(', ') },
          { title: t('orders.packages.weight'), width: 90, render: (_: unknown, p: PackageView) => (Number(p.weight) > 0 ? `${p.weight} kg` : '-') },
          { title: t('orders.packages.status'), width: 90, render: (_: unknown, p: PackageView) => <Tag color={p.status === 1 ? 'green' : 'arcoblue'}>{t(`orders.packages.status${p.status}`)}</Tag> },
          {
            title: '',
            width: 90,
            render: (_: unknown, p: PackageView) =>
              mayPrint && p.number > 0 ? (
                <Button size="mini" icon={<IconPrinter />} onClick={() => openInNewTab(packageLabelUrl(p.id, 'pdf', root.adminInfo.token, getLocale()))} data-orders="package-label">
                  {t('orders.packages.label')}
                </Button>
              ) : null,
          },
        ]}
        data-orders="detail-packages"
      />
    </>
  );
});

export default OrderDetailDrawer;
