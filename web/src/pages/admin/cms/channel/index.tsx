/**
 * Channels (/admin/cms/channel): the site's sections as a tree by parent — name, picture, keywords,
 * description, shown or hidden on the site, weight, the content model its content carries. A channel with
 * sub-channels or content is not deleted.
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore, SHOW_OPTIONS, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { ExportButton } from '@/components/transfer/ExportButton';
import { ImageUpload } from '@/components/Upload';
import { useStore } from '@/stores/context';

export const CHANNEL_API = '/admin/cms.Channel';
const l = (key: string) => `cms.channel.${key}`;

export const channelColumns: CrudColumn[] = [
  { prop: 'name', label: l('name'), minWidth: 220, ellipsis: true },
  { prop: 'id', label: l('id'), width: 80, operator: '=' },
  { prop: 'image', label: l('image'), render: 'image', width: 90, operator: false },
  { prop: 'description', label: l('description'), minWidth: 200, ellipsis: true, operator: 'LIKE' },
  { prop: 'status', label: l('status'), render: 'switch', options: SHOW_OPTIONS, switchEditable: true, width: 90 },
  { prop: 'weigh', label: l('weigh'), width: 80, operator: false },
  { prop: 'createtime', label: l('createtime'), render: 'datetime', width: 170 },
];

export const channelFields: CrudField[] = [
  { prop: 'pid', label: l('parent'), type: 'treeSelect', remote: { url: `${CHANNEL_API}/index`, labelField: 'name' }, rootValue: 0, defaultValue: 0, toForm: (v) => (v === null || v === undefined || v === '' ? 0 : v) },
  { prop: 'name', label: l('name'), type: 'input', rules: ['required', maxLengthRule(100)] },
  {
    prop: 'image',
    label: l('image'),
    type: 'custom',
    render: ({ value, onChange }) => <ImageUpload value={value} onChange={onChange} topic="channel" />,
    toServer: (value) => (typeof value === 'string' ? value : ''),
  },
  { prop: 'keywords', label: l('keywords'), type: 'input', rules: [maxLengthRule(255)] },
  { prop: 'description', label: l('description'), type: 'textarea', rules: [maxLengthRule(255)] },
  { prop: 'status', label: l('status'), type: 'switch', defaultValue: 1, tip: l('statusTip') },
  { prop: 'weigh', label: l('weigh'), type: 'number', rules: ['integer'], props: { precision: 0 }, tip: l('weighTip') },
  {
    prop: 'model_id',
    label: l('model'),
    type: 'remoteSelect',
    remote: { url: '/admin/cms.ContentModel/index', labelField: 'name' },
    tip: l('modelTip'),
    toForm: (v) => (v ? v : undefined),
    toServer: (v) => (v ? v : 0),
  },
];

export default function ChannelPage() {
  const root = useStore();
  const [store] = useState(
    () => new CrudTableStore(root, { api: CHANNEL_API, tree: true, columns: channelColumns, fields: channelFields, quickSearchFields: [l('id'), l('name')] }),
  );
  return <CrudPage store={store} entity={l('channel')} toolbarExtra={<ExportButton api={CHANNEL_API} store={store} label="transfer.export" formats={['xlsx', 'csv']} testId="channel-export" />} />;
}
