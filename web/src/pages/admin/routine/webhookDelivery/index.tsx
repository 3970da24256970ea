/**
 * Webhook deliveries (/admin/routine/webhookDelivery): every event sent to every webhook — its attempts, the
 * receiver's last answer, the next attempt — and "redeliver" for the selected ones (a failed delivery sent
 * again lets its webhook's later events follow it).
 */
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Popconfirm } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { CrudTable, CrudTableStore, type CrudColumn } from '@/components/crud';
import { useAuth } from '@/hooks/useAuth';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

export const DELIVERY_API = '/admin/routine.WebhookDelivery';
const l = (key: string) => `routine.webhookDelivery.${key}`;

const DELIVERY_STATUS = [
  { value: 0, label: l('pending'), color: 'arcoblue' },
  { value: 1, label: l('delivered'), color: 'green' },
  { value: 2, label: l('failed'), color: 'red' },
];

export const deliveryColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  { prop: 'type', label: l('event'), width: 160, operator: '=' },
  { prop: 'event_id', label: l('eventId'), minWidth: 150, ellipsis: true, operator: '=' },
  { prop: 'webhook.url', label: l('webhook'), minWidth: 200, ellipsis: true, operator: false },
  { prop: 'status', label: l('status'), width: 110, render: 'tag', options: DELIVERY_STATUS },
  { prop: 'attempts', label: l('attempts'), width: 90, operator: false, sortable: true },
  { prop: 'last_status', label: l('lastStatus'), width: 110, operator: '=', cell: (value: unknown, row: Record<string, any>) => <span title={row.last_error || ''}>{Number(value) || (row.last_error ? '-' : '')}</span> },
  { prop: 'last_error', label: l('lastError'), minWidth: 160, ellipsis: true, operator: false, hidden: true },
  { prop: 'next_attempt_time', label: l('nextAttempt'), width: 170, render: 'datetime', operator: false, cell: (value: unknown, row: Record<string, any>) => (Number(row.status) === 0 && Number(value) ? new Date(Number(value) * 1000).toLocaleString() : '-') },
  { prop: 'delivered_time', label: l('deliveredTime'), width: 170, render: 'datetime', operator: false, hidden: true },
  { prop: 'createtime', label: l('createtime'), width: 170, render: 'datetime', sortable: true },
];

const Redeliver = observer(function Redeliver({ store }: { store: CrudTableStore }) {
  const t = useT();
  const auth = useAuth();
  if (!auth('redeliver')) return null;
  const ids = store.selectedKeys;
  const redeliver = async () => {
    await store.api.post('redeliver', { ids }).catch(() => undefined);
    await store.load();
  };
  return (
    <Popconfirm title={t(l('redeliverConfirm'), { count: ids.length })} onOk={redeliver} disabled={!ids.length}>
      <Button size="small" type="primary" icon={<IconRefresh />} disabled={!ids.length} data-testid="webhook-redeliver">
        {t(l('redeliver'))}
      </Button>
    </Popconfirm>
  );
});

export default function WebhookDeliveryPage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: DELIVERY_API, columns: deliveryColumns, quickSearchFields: [l('id'), l('eventId'), l('event')] }));
  return (
    <div className="crud-page">
      <CrudTable store={store} toolbar={['refresh', 'quickSearch', 'search', 'columns']} rowButtons={[]} selectable selectionNodes={['redeliver']} toolbarExtra={<Redeliver store={store} />} />
    </div>
  );
}
