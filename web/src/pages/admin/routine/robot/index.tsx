/**
 * Chat robots (/admin/routine/robot, the module `robots`): DingTalk and WeCom group robots, the warehouse
 * alerts each one hears, the language of its messages; "send test message" tells how the robot answered. The
 * secret is a password item: never shown, left blank on edit to keep it. docs/ROBOTS.md.
 */
import { useState } from 'react';
import { Message } from '@arco-design/web-react';
import { IconSend } from '@arco-design/web-react/icon';
import { CrudPage, CrudTableStore, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { STATUS_OPTIONS, tagOptions } from '@/components/crud/options';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { ROBOT_EVENT_OPTIONS, ROBOT_LANG_OPTIONS } from '@/features/robots/options';

export const ROBOT_API = '/admin/routine.Robot';
const l = (key: string) => `routine.robot.${key}`;
const TYPE_OPTIONS = tagOptions('routine.robot.types', [
  [1, 'arcoblue'],
  [2, 'green'],
]);

export const robotColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  { prop: 'name', label: l('name'), minWidth: 140, operator: 'LIKE' },
  { prop: 'type', label: l('type'), width: 120, render: 'tag', options: TYPE_OPTIONS },
  { prop: 'webhook', label: l('webhook'), minWidth: 220, ellipsis: true, operator: 'LIKE' },
  { prop: 'events', label: l('eventList'), minWidth: 220, render: 'tags', translate: false, operator: false },
  { prop: 'lang', label: l('lang'), width: 100, operator: '=' },
  { prop: 'status', label: l('status'), width: 100, render: 'tag', options: STATUS_OPTIONS },
  { prop: 'createtime', label: l('createtime'), width: 170, render: 'datetime', sortable: true },
];

export const robotFields: CrudField[] = [
  { prop: 'name', label: l('name'), type: 'input', rules: ['required', maxLengthRule(50)] },
  { prop: 'type', label: l('type'), type: 'radio', options: TYPE_OPTIONS, defaultValue: 1, rules: ['required'] },
  { prop: 'webhook', label: l('webhook'), type: 'input', rules: ['required', maxLengthRule(500)], placeholder: 'https://oapi.dingtalk.com/robot/send?access_token=…', tip: l('webhookTip') },
  { prop: 'secret', label: l('secret'), type: 'password', rules: [maxLengthRule(255)], tip: (mode) => (mode === 'edit' ? l('secretKeep') : l('secretTip')) },
  { prop: 'events', label: l('eventList'), type: 'select', options: ROBOT_EVENT_OPTIONS, defaultValue: [], props: { mode: 'multiple', allowClear: true } },
  { prop: 'lang', label: l('lang'), type: 'select', options: ROBOT_LANG_OPTIONS, defaultValue: 'zh-cn' },
  { prop: 'status', label: l('status'), type: 'switch', defaultValue: 1 },
];

export default function RobotPage() {
  const root = useStore();
  const t = useT();
  const [store] = useState(() => new CrudTableStore(root, { api: ROBOT_API, columns: robotColumns, fields: robotFields, quickSearchFields: [l('id'), l('name'), l('webhook')] }));
  const sendTest = async (row: Record<string, any>) => {
    try {
      const log = await store.api.post<Record<string, any>>('test', { id: row.id }, { showSuccessMessage: false });
      if (Number(log?.result) === 1) Message.success(t(l('testAccepted')));
      else Message.warning(t(l('testRefused'), { status: log?.status_code ?? 0, answer: log?.answer || '-' }));
    } catch {
      // the request layer has shown the message
    }
  };
  return <CrudPage store={store} entity={l('robot')} rowActions={[{ name: 'test', title: l('sendTest'), icon: <IconSend />, auth: 'test', status: 'success', onClick: (row) => void sendTest(row) }]} />;
}
