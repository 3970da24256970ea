/**
 * A whole order page: the list (status tags, search form, quick search, export), the row buttons its state and the
 * admin's nodes allow (view, edit and delete while unaudited, audit, ship, move, cancel — with confirmations),
 * the form drawer with the line editor, the detail drawer, and the ship / move dialogs.
 */
import './i18n';
import './orders.css';
import { useEffect, useRef, useState } from 'react';
import { runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useLocation } from 'react-router-dom';
import { IconCheckCircle, IconClose, IconEye, IconSend, IconSwap } from '@arco-design/web-react/icon';
import type { OrderKind } from '@contract/enums';
import type { OrderListRow } from '@contract/orders';
import { CrudTable, type CrudColumn, type CrudRowAction } from '@/components/crud';
import { useStore } from '@/stores/context';
import { ExportButton } from '@/components/transfer/ExportButton';
import { ORDER_API } from '@/api/orders';
import MoveDialog from './MoveDialog';
import OrderDetailDrawer from './OrderDetailDrawer';
import OrderFormDrawer from './OrderFormDrawer';
import { OrderPageStore } from './pageStore';
import ShipDialog from './ShipDialog';
import { stateActions } from './states';

export interface OrderPageProps {
  kind: OrderKind;
  /** the list columns; a function receives the page (e.g. to open the detail from the number cell). */
  columns: CrudColumn<OrderListRow>[] | ((page: OrderPageStore) => CrudColumn<OrderListRow>[]);
  quickSearchFields: string[];
  /** language key naming one order (drawer titles) */
  entity: string;
}

/** The row buttons besides the built-in edit / delete; each shown in the states where it applies. */
export function orderRowActions(page: OrderPageStore): CrudRowAction<OrderListRow>[] {
  const can = (row: OrderListRow, action: ReturnType<typeof stateActions>[number]) => stateActions(page.kind, row).includes(action);
  const actions: CrudRowAction<OrderListRow>[] = [{ name: 'view', title: 'orders.action.view', icon: <IconEye />, onClick: (row) => void page.detail.show(Number(row.id)) }];
  actions.push({
    name: 'audit',
    title: 'orders.action.audit',
    icon: <IconCheckCircle />,
    auth: 'audit',
    status: 'success',
    display: (row) => can(row, 'audit'),
    confirm: `orders.confirm.audit.${page.kind}`,
    onClick: (row) => void page.audit(Number(row.id)),
  });
  if (page.kind === 'outbound') {
    actions.push({ name: 'ship', title: 'orders.action.ship', icon: <IconSend />, auth: 'ship', display: (row) => can(row, 'ship'), onClick: (row) => page.openShip(row) });
  }
  if (page.kind === 'relocation') {
    actions.push(
      { name: 'move', title: 'orders.action.move', icon: <IconSwap />, auth: 'move', display: (row) => can(row, 'move'), onClick: (row) => void page.openMove(Number(row.id)) },
      {
        name: 'cancel',
        title: 'orders.action.cancel',
        icon: <IconClose />,
        auth: 'cancel',
        status: 'warning',
        display: (row) => can(row, 'cancel'),
        confirm: 'orders.confirm.cancel',
        onClick: (row) => void page.cancel(Number(row.id)),
      },
    );
  }
  return actions;
}

/** Filters a link may carry (`/admin/wms/inbound?audit_status=0`, from the dashboard): applied before the first load. */
export function withLinkedFilters(page: OrderPageStore, search: string): OrderPageStore {
  const auditStatus = new URLSearchParams(search).get('audit_status');
  openLinkedDetail(page, search);
  if (auditStatus === '0' || auditStatus === '1') {
    runInAction(() => {
      page.table.searchValues = { ...page.table.searchValues, audit_status: Number(auditStatus) };
      page.table.showSearch = true;
    });
  }
  return page;
}

/** `detail=<id>` opens that order's detail (the auditor's trace links here). */
export function openLinkedDetail(page: OrderPageStore, search: string): void {
  const detail = new URLSearchParams(search).get('detail');
  if (detail && /^\d{1,10}$/.test(detail) && Number(detail) > 0) void page.detail.show(Number(detail));
}

export const OrderPage = observer(function OrderPage({ kind, columns, quickSearchFields, entity }: OrderPageProps) {
  const root = useStore();
  const location = useLocation();
  const [page] = useState(() => withLinkedFilters(new OrderPageStore(root, kind, { columns, quickSearchFields }), location.search));
  const [actions] = useState(() => orderRowActions(page));
  useEffect(() => () => page.detail.close(), [page]);
  // a link followed while the page is open (same path, another order): the page stays, the detail changes
  const linked = useRef(location.search);
  useEffect(() => {
    if (linked.current === location.search) return;
    linked.current = location.search;
    openLinkedDetail(page, location.search);
  }, [page, location.search]);
  return (
    <div className="crud-page orders-page" data-orders={`${kind}-page`}>
      <CrudTable<OrderListRow>
        store={page.table}
        rowActions={actions}
        rowButtons={['edit', 'delete']}
        rowButtonVisible={{ edit: (row) => stateActions(kind, row).includes('edit'), delete: (row) => stateActions(kind, row).includes('delete') }}
        operateWidth={kind === 'relocation' ? 184 : 154}
        toolbarExtra={<ExportButton api={ORDER_API[kind]} store={page.table} label="transfer.export" formats={['xlsx', 'csv']} testId={`${kind}-export`} />}
      />
      <OrderFormDrawer table={page.table} form={page.form} entity={entity} />
      <OrderDetailDrawer page={page} />
      {kind === 'outbound' && <ShipDialog page={page} />}
      {kind === 'relocation' && <MoveDialog page={page} />}
    </div>
  );
});

export default OrderPage;
