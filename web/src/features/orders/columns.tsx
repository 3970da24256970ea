/**
 * List columns shared by the three order pages: the number (opens the detail), state tags, party,
 * operator and times.
 */
import './i18n';
import { Link } from '@arco-design/web-react';
import type { OrderListRow } from '@contract/orders';
import type { CrudColumn } from '@/components/crud';
import { SELECT_URL } from '@/api/masterData';
import { NUMBER_FIELD } from './orderViews';
import type { OrderPageStore } from './pageStore';
import { AUDIT_STATUS_OPTIONS } from './states';

/** The order number, a link to the detail drawer. */
export function numberColumn(page: OrderPageStore, label: string): CrudColumn<OrderListRow> {
  const field = NUMBER_FIELD[page.kind];
  return {
    prop: field,
    label,
    width: 170,
    fixed: 'left',
    sortable: true,
    operator: 'LIKE',
    cell: (value: unknown, row: OrderListRow) => (
      <Link className="orders-number-link" data-orders="number-link" onClick={() => void page.detail.show(Number(row.id))}>
        {String(value ?? '-')}
      </Link>
    ),
  };
}

export const orderSnColumn: CrudColumn = { prop: 'order_sn', label: 'orders.field.orderSn', minWidth: 120, ellipsis: true, operator: 'LIKE' };

export function partyColumn(party: 'supplier' | 'customer', width = 150): CrudColumn {
  return {
    prop: `${party}.name`,
    label: `orders.field.${party}`,
    minWidth: width,
    ellipsis: true,
    searchField: `${party}_id`,
    operator: '=',
    searchRemote: { url: party === 'supplier' ? SELECT_URL.supplier : SELECT_URL.customer, labelField: 'name' },
  };
}

export const auditStatusColumn: CrudColumn = { prop: 'audit_status', label: 'orders.field.auditStatus', render: 'tag', options: AUDIT_STATUS_OPTIONS, width: 96, align: 'center' };

export const operatorColumn: CrudColumn = {
  prop: 'admin.nickname',
  label: 'orders.field.operator',
  width: 100,
  ellipsis: true,
  operator: false,
  cell: (_v: unknown, row: OrderListRow) => row.admin?.nickname || row.admin?.username || '-',
};

export const createtimeColumn: CrudColumn = { prop: 'createtime', label: 'orders.field.createtime', render: 'datetime', sortable: true, width: 170 };
export const audittimeColumn: CrudColumn = { prop: 'audittime', label: 'orders.field.audittime', render: 'datetime', sortable: true, width: 170, hidden: true };
export const remarkColumn: CrudColumn = { prop: 'remark', label: 'orders.field.remark', minWidth: 160, ellipsis: true, hidden: true, operator: false };
export const idColumn: CrudColumn = { prop: 'id', label: 'orders.field.id', width: 70, operator: '=', sortable: true, hidden: true };
