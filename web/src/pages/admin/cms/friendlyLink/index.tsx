/** Friendly links (/admin/cms/friendlyLink): partner sites in the site's footer — title, address, logo, link target, shown or hidden, weight. */
import '@/features/cms/i18n';
import { useState } from 'react';
import { CrudPage, CrudTableStore, SHOW_OPTIONS, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { TARGET_OPTIONS } from '@/features/cms/options';
import { ExportButton } from '@/components/transfer/ExportButton';
import { ImageUpload } from '@/components/Upload';
import { useStore } from '@/stores/context';

export const LINK_API = '/admin/cms.FriendlyLink';
const l = (key: string) => `cms.friendlyLink.${key}`;

export const linkColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 80, operator: '=', sortable: true },
  { prop: 'title', label: l('title'), minWidth: 160, ellipsis: true },
  { prop: 'link', label: l('link'), render: 'url', minWidth: 220, ellipsis: true },
  { prop: 'logo', label: l('logo'), render: 'image', width: 90, operator: false },
  { prop: 'target', label: l('target'), render: 'tag', options: TARGET_OPTIONS, width: 120 },
  { prop: 'status', label: l('status'), render: 'switch', options: SHOW_OPTIONS, switchEditable: true, width: 90 },
  { prop: 'weigh', label: l('weigh'), width: 80, operator: false, sortable: true },
  { prop: 'createtime', label: l('createtime'), render: 'datetime', width: 170, sortable: true, hidden: true },
];

export const linkFields: CrudField[] = [
  { prop: 'title', label: l('title'), type: 'input', rules: ['required', maxLengthRule(100)] },
  { prop: 'link', label: l('link'), type: 'input', rules: ['required', 'url', maxLengthRule(255)], placeholder: 'https://' },
  {
    prop: 'logo',
    label: l('logo'),
    type: 'custom',
    render: ({ value, onChange }) => <ImageUpload value={value} onChange={onChange} topic="link" />,
    toServer: (value) => (typeof value === 'string' ? value : ''),
  },
  { prop: 'target', label: l('target'), type: 'radio', options: TARGET_OPTIONS, defaultValue: 1 },
  { prop: 'status', label: l('status'), type: 'switch', defaultValue: 1 },
  { prop: 'weigh', label: l('weigh'), type: 'number', rules: ['integer'], props: { precision: 0 } },
];

export default function FriendlyLinkPage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: LINK_API, columns: linkColumns, fields: linkFields, quickSearchFields: [l('id'), l('title'), l('link')] }));
  return <CrudPage store={store} entity={l('friendlyLink')} toolbarExtra={<ExportButton api={LINK_API} store={store} label="transfer.export" formats={['xlsx', 'csv']} testId="links-export" />} />;
}
