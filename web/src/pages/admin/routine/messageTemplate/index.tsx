/**
 * Message templates (/admin/routine/messageTemplate): the texts of e-mail and SMS per event and language —
 * subject and body for e-mail, text and the provider's template code for SMS — with the variables each
 * event offers. The server refuses a variable the event does not have, and a code template without {code}.
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore, STATUS_OPTIONS, maxLengthRule, type CrudColumn, type CrudField, type CrudOption } from '@/components/crud';
import { ExportButton } from '@/components/transfer/ExportButton';
import { useStore } from '@/stores/context';

export const TEMPLATE_API = '/admin/routine.MessageTemplate';
const l = (key: string) => `routine.messageTemplate.${key}`;

const EVENTS = ['user_register', 'user_retrieve_pwd', 'user_change_mobile', 'user_change_email', 'user_mobile_verify', 'user_email_verify', 'notice'];
export const EVENT_OPTIONS: CrudOption[] = EVENTS.map((event) => ({ value: event, label: l(`events.${event}`), color: event === 'notice' ? 'purple' : 'arcoblue' }));
const CHANNEL_OPTIONS: CrudOption[] = [
  { value: 'email', label: l('channels.email'), color: 'green' },
  { value: 'sms', label: l('channels.sms'), color: 'orange' },
];
const LANG_OPTIONS: CrudOption[] = [
  { value: 'zh-cn', label: '中文简体' },
  { value: 'en', label: 'English' },
];

export const templateColumns: CrudColumn[] = [
  { prop: 'event', label: l('event'), render: 'tag', options: EVENT_OPTIONS, width: 150 },
  { prop: 'channel', label: l('channel'), render: 'tag', options: CHANNEL_OPTIONS, width: 90 },
  { prop: 'lang', label: l('lang'), render: 'tag', options: LANG_OPTIONS, width: 100 },
  { prop: 'title', label: l('title'), minWidth: 180, ellipsis: true, operator: 'LIKE' },
  { prop: 'content', label: l('content'), minWidth: 260, ellipsis: true, operator: 'LIKE' },
  { prop: 'template_code', label: l('templateCode'), width: 140, operator: 'LIKE' },
  { prop: 'status', label: l('status'), render: 'switch', options: STATUS_OPTIONS, switchEditable: true, width: 90 },
  { prop: 'updatetime', label: l('updatetime'), render: 'datetime', width: 170, hidden: true },
];

export const templateFields: CrudField[] = [
  // what the template is for: shown, never sent
  { prop: 'event', label: l('event'), type: 'select', options: EVENT_OPTIONS, disabled: true, toServer: () => undefined },
  { prop: 'channel', label: l('channel'), type: 'select', options: CHANNEL_OPTIONS, disabled: true, toServer: () => undefined },
  { prop: 'lang', label: l('lang'), type: 'select', options: LANG_OPTIONS, disabled: true, toServer: () => undefined },
  { prop: 'title', label: l('title'), type: 'input', rules: ['required', maxLengthRule(200)], visible: (values) => values.channel === 'email' },
  {
    prop: 'content',
    label: l('content'),
    type: 'textarea',
    rules: ['required', maxLengthRule(5000)],
    props: { autoSize: { minRows: 4, maxRows: 12 } },
    tip: (_mode, row) => (row?.event === 'notice' ? l('contentTipNotice') : l('contentTipCode')),
  },
  { prop: 'template_code', label: l('templateCode'), type: 'input', rules: [maxLengthRule(64)], tip: l('templateCodeTip'), visible: (values) => values.channel === 'sms' },
  { prop: 'status', label: l('status'), type: 'switch', defaultValue: 1, tip: l('statusTip') },
];

export default function MessageTemplatePage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: TEMPLATE_API,
        columns: templateColumns,
        fields: templateFields,
        quickSearchFields: [l('event'), l('title'), l('content'), l('templateCode')],
        limit: 20,
      }),
  );
  return (
    <CrudPage
      store={store}
      entity={l('template')}
      formWidth={640}
      toolbar={['refresh', 'quickSearch', 'search', 'columns']}
      rowButtons={['edit']}
      selectable={false}
      toolbarExtra={<ExportButton api={TEMPLATE_API} store={store} label={l('export')} testId="templates-export" />}
    />
  );
}

