/**
 * Notices (/admin/routine/notice): announcements to admins, members or both — title, a rich-text body
 * (sanitised by the server), publish time, enabled. Admins read theirs from the bell in the header, members
 * in the member center.
 */
import { useState } from 'react';
import dayjs from 'dayjs';
import { CrudPage, CrudTableStore, STATUS_OPTIONS, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { tagOptions } from '@/components/crud/options';
import { RichTextEditor } from '@/components/RichText';
import { useStore } from '@/stores/context';

export const NOTICE_API = '/admin/routine.Notice';
const l = (key: string) => `routine.notice.${key}`;
export const AUDIENCE_OPTIONS = tagOptions('routine.notice.audiences', [[1, 'arcoblue'], [2, 'green'], [3, 'purple']]);

const toSeconds = (value: unknown) => (value ? dayjs(value as string).unix() : null);
const toPicker = (value: unknown) => (value ? dayjs.unix(Number(value)).format('YYYY-MM-DD HH:mm:ss') : undefined);

export const noticeColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  { prop: 'title', label: l('title'), minWidth: 240, ellipsis: true, operator: 'LIKE' },
  { prop: 'audience', label: l('audience'), render: 'tag', options: AUDIENCE_OPTIONS, width: 130 },
  { prop: 'status', label: l('status'), render: 'switch', options: STATUS_OPTIONS, switchEditable: true, width: 90 },
  { prop: 'admin.username', label: l('author'), width: 120, operator: false },
  { prop: 'publish_time', label: l('publishTime'), render: 'datetime', width: 170, sortable: true },
  { prop: 'createtime', label: l('createtime'), render: 'datetime', width: 170, sortable: true, hidden: true },
];

export const noticeFields: CrudField[] = [
  { prop: 'title', label: l('title'), type: 'input', rules: ['required', maxLengthRule(100)] },
  { prop: 'audience', label: l('audience'), type: 'radio', options: AUDIENCE_OPTIONS, defaultValue: 3 },
  {
    prop: 'content',
    label: l('content'),
    type: 'custom',
    render: ({ value, onChange }) => <RichTextEditor value={value} onChange={onChange} app="admin" />,
    toServer: (value) => (typeof value === 'string' ? value : ''),
  },
  { prop: 'publish_time', label: l('publishTime'), type: 'datetime', tip: l('publishTimeTip'), toForm: toPicker, toServer: toSeconds },
  { prop: 'status', label: l('status'), type: 'switch', defaultValue: 1 },
];

export default function NoticePage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: NOTICE_API, columns: noticeColumns, fields: noticeFields, quickSearchFields: [l('id'), l('title')] }));
  return <CrudPage store={store} entity={l('notice')} formWidth={820} />;
}
