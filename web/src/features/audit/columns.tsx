/** List columns the auditor's views share. */
import { Button } from '@arco-design/web-react';
import type { CrudColumn } from '@/components/crud';
import type { OrderSnapshotStore } from './store';

/** The order number of a movement: opens the order as audited (its lines and the movements the ledger recorded). */
export function orderLinkColumn(snapshot: OrderSnapshotStore): CrudColumn {
  return {
    prop: 'order_no',
    label: 'auditView.columns.order',
    width: 144,
    operator: false,
    cell: (v: unknown, row: Record<string, any>) => (
      <Button type="text" size="mini" className="audit-order-link" onClick={() => void snapshot.show({ order_type: row.order_type, order_id: row.order_id, order_no: row.order_no })} data-audit={`order-${row.event_id}`}>
        {String(v)}
      </Button>
    ),
  };
}
