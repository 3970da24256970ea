/**
 * Webhooks (/admin/routine/webhook): where the warehouse posts its events (signed, in order, at least once).
 * Adding one shows its signing secret once, with a copy button; "send test event" posts a `webhook.test`
 * event to it at once and tells how the receiver answered. A failing webhook (it gave up on an event after 24
 * hours) is marked; its deliveries are on the deliveries page.
 */
import { useState } from 'react';
import { Message, Tag } from '@arco-design/web-react';
import { IconSend } from '@arco-design/web-react/icon';
import { WEBHOOK_EVENTS } from '@contract/integration';
import { CrudPage, CrudTableStore, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { STATUS_OPTIONS } from '@/components/crud/options';
import { ShownOnce, withShownOnce } from '@/components/ShownOnce';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

export const WEBHOOK_API = '/admin/routine.Webhook';
const l = (key: string) => `routine.webhook.${key}`;
const EVENT_OPTIONS = WEBHOOK_EVENTS.map((type) => ({ value: type, label: type }));

function Failing({ failing }: { failing: unknown }) {
  const t = useT();
  return Number(failing) ? <Tag color="red">{t(l('failing'))}</Tag> : <Tag color="green">{t(l('healthy'))}</Tag>;
}

export const webhookColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  { prop: 'url', label: l('url'), minWidth: 240, ellipsis: true, operator: 'LIKE' },
  { prop: 'events', label: l('events'), minWidth: 220, render: 'tags', translate: false, operator: false },
  { prop: 'status', label: l('status'), width: 100, render: 'tag', options: STATUS_OPTIONS },
  { prop: 'failing', label: l('delivery'), width: 110, operator: false, cell: (value: unknown) => <Failing failing={value} /> },
  { prop: 'createtime', label: l('createtime'), width: 170, render: 'datetime', sortable: true },
];

export const webhookFields: CrudField[] = [
  { prop: 'url', label: l('url'), type: 'input', rules: ['required', maxLengthRule(500)], placeholder: 'https://', tip: l('urlTip') },
  { prop: 'events', label: l('events'), type: 'select', options: EVENT_OPTIONS, rules: ['required'], defaultValue: [], props: { mode: 'multiple', allowClear: true } },
  { prop: 'status', label: l('status'), type: 'switch', defaultValue: 1 },
];

export default function WebhookPage() {
  const root = useStore();
  const t = useT();
  const [secret, setSecret] = useState<string | null>(null);
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: WEBHOOK_API,
        client: withShownOnce(WEBHOOK_API, 'secret', setSecret),
        columns: webhookColumns,
        fields: webhookFields,
        quickSearchFields: [l('id'), l('url')],
      }),
  );
  const sendTest = async (row: Record<string, any>) => {
    try {
      const delivery = await store.api.post<Record<string, any>>('test', { id: row.id }, { showSuccessMessage: false });
      if (Number(delivery?.status) === 1) Message.success(t(l('testDelivered'), { status: delivery.last_status }));
      else Message.warning(t(l('testNotDelivered'), { error: delivery?.last_error || delivery?.last_status || '-' }));
    } catch {
      // the request layer has shown the message
    }
  };
  return (
    <>
      <CrudPage
        store={store}
        entity={l('webhook')}
        rowActions={[{ name: 'test', title: l('sendTest'), icon: <IconSend />, auth: 'test', status: 'success', onClick: (row) => void sendTest(row) }]}
      />
      <ShownOnce title={l('created')} secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
