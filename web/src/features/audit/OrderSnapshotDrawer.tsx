/**
 * An order as audited, opened from a trace or variance row: the order with its lines (read through the
 * workspace's own rule, so an auditor needs no right to the order pages), the movements the ledger recorded
 * for it with the names, places and prices of that moment (the snapshot its history rows carry), and — for
 * an admin who may open that kind of order's detail — a link to its own page with the detail open.
 */
import './i18n';
import { toJS } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Descriptions, Drawer, Spin } from '@arco-design/web-react';
import { ListTable } from '@/components/crud/ListTable';
import { IconLaunch } from '@arco-design/web-react/icon';
import type { MovedOrderType, OrderSnapshot } from '@contract/audit';
import { formatDatetime } from '@/components/crud';
import { LocationText, MoneyCell, NumberCell, SignedCell, StateTag } from '@/features/orders/cells';
import { FORM_TYPE_OPTIONS } from '@/features/orders/states';
import { useEscapeClose } from '@/hooks/useEscapeClose';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { ORDER_PAGE } from './orderPages';
import type { OrderSnapshotStore } from './store';

type Row = Record<string, any>;

/** Who the order was with, who audited it (a count: posted it) and when; the ledger's facts where the order row is gone. */
export function auditOf({ order: facts, row }: OrderSnapshot): { party: string; by: string; at: number } {
  if (!row) return { party: '-', by: facts.operator || '-', at: facts.first_at };
  if ('stocktake_no' in row) return { party: row.warehouse?.name ?? '-', by: row.poster || facts.operator || '-', at: row.post_time ?? facts.first_at };
  return { party: row.supplier?.name ?? row.customer?.name ?? '-', by: row.auditor || facts.operator || '-', at: row.audittime ?? facts.first_at };
}

export const OrderSnapshotDrawer = observer(function OrderSnapshotDrawer({ store }: { store: OrderSnapshotStore }) {
  const t = useT();
  const root = useStore();
  const navigate = useNavigate();
  useEscapeClose(store.open, () => store.close());
  const target = store.target;
  const snapshot = store.snapshot ? toJS(store.snapshot) : null;
  const page = target ? ORDER_PAGE[target.order_type as MovedOrderType] : undefined;
  // the order pages read a detail through their `edit` node; the count page opens a count's sheet with `?id=`
  const canOpen = !!page && root.navTabs.hasNode(page, 'edit');
  const order = snapshot?.row ?? null;
  const audited = snapshot ? auditOf(snapshot) : null;
  const kind = snapshot?.order.order_type;
  const lineColumns = [
    { title: '#', width: 44, align: 'center' as const, render: (_: unknown, _r: Row, i: number) => i + 1 },
    {
      title: t('auditView.columns.product'),
      width: 180,
      render: (_: unknown, r: Row) => (
        <div>
          <div>{r.product?.name ?? `#${r.product_id}`}</div>
          <div className="orders-sub">{[r.product?.product_no, r.product?.spec].filter(Boolean).join(' · ')}</div>
        </div>
      ),
    },
    {
      title: t('auditView.columns.location'),
      width: 200,
      render: (_: unknown, r: Row) => <LocationText value={r.shelf?.location ?? [r.source_shelf?.location, r.target_shelf?.location].filter(Boolean).join(' → ')} />,
    },
    { title: t('auditView.columns.lot'), width: 100, render: (_: unknown, r: Row) => r.lot_no || '-' },
    {
      title: t(kind === 'stocktake' ? 'auditView.snapshot.counted' : 'auditView.columns.quantity'),
      width: 120,
      align: 'right' as const,
      render: (_: unknown, r: Row) =>
        kind === 'stocktake' ? (
          <span className="orders-num">
            {r.book_quantity ?? '-'} → {r.counted_quantity ?? '-'}
          </span>
        ) : kind === 'adjustment' ? (
          <SignedCell value={r.quantity} />
        ) : (
          <NumberCell value={r.actual_quantity ?? r.quantity} />
        ),
    },
    { title: t('auditView.columns.price'), width: 100, align: 'right' as const, render: (_: unknown, r: Row) => <MoneyCell value={r.price} /> },
    { title: t('auditView.columns.amount'), width: 110, align: 'right' as const, render: (_: unknown, r: Row) => (kind === 'stocktake' ? <SignedCell value={r.variance_amount} money /> : kind === 'adjustment' ? <SignedCell value={r.total_price} money /> : <MoneyCell value={r.total_price} />) },
  ];
  const columns = [
    { title: t('auditView.columns.createtime'), width: 160, render: (_: unknown, r: Row) => <span className="crud-nowrap">{formatDatetime(r.createtime)}</span> },
    { title: t('auditView.columns.formType'), width: 150, render: (_: unknown, r: Row) => <StateTag t={t} options={FORM_TYPE_OPTIONS} value={r.form_type} /> },
    {
      title: t('auditView.columns.product'),
      width: 180,
      render: (_: unknown, r: Row) => (
        <div>
          <div>{r.product_name}</div>
          <div className="orders-sub">{[r.product_no, r.spec, r.unit].filter(Boolean).join(' · ')}</div>
        </div>
      ),
    },
    { title: t('auditView.columns.location'), width: 180, render: (_: unknown, r: Row) => <LocationText value={r.shelf_location} /> },
    { title: t('auditView.columns.lot'), width: 100, render: (_: unknown, r: Row) => r.lot_no || '-' },
    { title: t('auditView.columns.quantity'), width: 90, align: 'right' as const, render: (_: unknown, r: Row) => <SignedCell value={r.quantity} /> },
    { title: t('auditView.columns.price'), width: 100, align: 'right' as const, render: (_: unknown, r: Row) => <MoneyCell value={r.price} /> },
    { title: t('auditView.columns.amount'), width: 110, align: 'right' as const, render: (_: unknown, r: Row) => <SignedCell value={r.total_price} money /> },
    { title: t('auditView.columns.balance'), width: 100, align: 'right' as const, render: (_: unknown, r: Row) => <NumberCell value={r.balance} /> },
  ];
  return (
    <Drawer
      className="audit-snapshot"
      width={typeof window !== 'undefined' ? Math.min(1000, window.innerWidth) : 1000}
      title={target ? t('auditView.snapshot.title', { number: target.order_no }) : ''}
      visible={store.open}
      onCancel={() => store.close()}
      unmountOnExit
      data-audit="order-snapshot"
      footer={
        <div className="orders-detail-footer">
          <div>
            {canOpen && target && (
              <Button
                type="primary"
                icon={<IconLaunch />}
                data-audit="open-order"
                onClick={() => {
                  const url = `${page}?${target.order_type === 'stocktake' ? 'id' : 'detail'}=${target.order_id}`;
                  store.close();
                  navigate(url);
                }}
              >
                {t('auditView.snapshot.openOrder')}
              </Button>
            )}
          </div>
          <Button onClick={() => store.close()}>{t('crud.close')}</Button>
        </div>
      }
    >
      <Spin loading={store.loading} block>
        {store.error && <Alert type="error" content={store.error} showIcon />}
        <p className="audit-explain">{t('auditView.snapshot.explain')}</p>
        {snapshot && audited && (
          <>
            <div data-audit="snapshot-header">
              <Descriptions
                column={{ xs: 1, sm: 2, md: 3 }}
                border
                size="small"
                data={[
                  { label: t('auditView.columns.order'), value: <b>{snapshot.order.order_no}</b> },
                  { label: t('auditView.snapshot.type'), value: t(`auditView.snapshot.types.${snapshot.order.order_type}`) },
                  { label: t('auditView.snapshot.party'), value: audited.party },
                  { label: t('auditView.snapshot.auditor'), value: audited.by },
                  { label: t('auditView.snapshot.time'), value: formatDatetime(audited.at) },
                  { label: t('auditView.snapshot.remark'), value: <span className="orders-prewrap">{order?.remark || '-'}</span> },
                ]}
              />
            </div>
            {order && Array.isArray(order.lines) && (
              <>
                <div className="orders-section-title">{t('auditView.snapshot.lines')}</div>
                <ListTable rowKey="id" size="small" border={{ wrapper: true, cell: false }} pagination={order.lines.length > 20 ? { pageSize: 20, size: 'small' } : false} columns={lineColumns} data={order.lines} scroll={{ x: 860 }} data-audit="snapshot-lines" />
              </>
            )}
            <div className="orders-section-title">{t('auditView.snapshot.movements')}</div>
            <ListTable rowKey="id" size="small" border={{ wrapper: true, cell: false }} pagination={snapshot.movements.length > 20 ? { pageSize: 20, size: 'small' } : false} columns={columns} data={snapshot.movements} scroll={{ x: 1100 }} data-audit="snapshot-movements" />
          </>
        )}
      </Spin>
    </Drawer>
  );
});
