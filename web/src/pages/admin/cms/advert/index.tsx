/**
 * Adverts (/admin/cms/advert): an image and an http(s) link in a position, shown while enabled and within
 * its schedule, by weight; the site counts the clicks.
 */
import { useState } from 'react';
import dayjs from 'dayjs';
import { CrudPage, CrudTableStore, STATUS_OPTIONS, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { ImageUpload } from '@/components/Upload';
import { useStore } from '@/stores/context';

export const ADVERT_API = '/admin/cms.Advert';
const POSITION_URL = '/admin/cms.AdvertPosition/index';
const l = (key: string) => `cms.advert.${key}`;

const toSeconds = (value: unknown) => (value ? dayjs(value as string).unix() : null);
const toPicker = (value: unknown) => (value ? dayjs.unix(Number(value)).format('YYYY-MM-DD HH:mm:ss') : undefined);

export const advertColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  { prop: 'title', label: l('title'), minWidth: 160, ellipsis: true, operator: 'LIKE' },
  { prop: 'position.title', label: l('position'), width: 140, searchField: 'position_id', operator: '=', searchRemote: { url: POSITION_URL, labelField: 'title' } },
  { prop: 'image', label: l('image'), render: 'image', width: 90, operator: false },
  { prop: 'link', label: l('link'), render: 'url', minWidth: 200, ellipsis: true },
  { prop: 'clicks', label: l('clicks'), width: 90, sortable: true, operator: 'RANGE', align: 'right' },
  { prop: 'status', label: l('status'), render: 'switch', options: STATUS_OPTIONS, switchEditable: true, width: 90 },
  { prop: 'start_time', label: l('startTime'), render: 'datetime', width: 170, sortable: true },
  { prop: 'end_time', label: l('endTime'), render: 'datetime', width: 170, sortable: true },
  { prop: 'weigh', label: l('weigh'), width: 80, operator: false, sortable: true },
];

export const advertFields: CrudField[] = [
  { prop: 'position_id', label: l('position'), type: 'remoteSelect', remote: { url: POSITION_URL, labelField: 'title' }, rules: ['required'] },
  { prop: 'title', label: l('title'), type: 'input', rules: ['required', maxLengthRule(100)] },
  {
    prop: 'image',
    label: l('image'),
    type: 'custom',
    render: ({ value, onChange }) => <ImageUpload value={value} onChange={onChange} topic="advert" />,
    toServer: (value) => (typeof value === 'string' ? value : ''),
  },
  { prop: 'link', label: l('link'), type: 'input', rules: ['required', 'url', maxLengthRule(255)], placeholder: 'https://', tip: l('linkTip') },
  { prop: 'start_time', label: l('startTime'), type: 'datetime', toForm: toPicker, toServer: toSeconds },
  { prop: 'end_time', label: l('endTime'), type: 'datetime', toForm: toPicker, toServer: toSeconds, tip: l('scheduleTip') },
  { prop: 'status', label: l('status'), type: 'switch', defaultValue: 1 },
  { prop: 'weigh', label: l('weigh'), type: 'number', rules: ['integer'], props: { precision: 0 } },
];

export default function AdvertPage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: ADVERT_API, columns: advertColumns, fields: advertFields, quickSearchFields: [l('id'), l('title'), l('link')] }));
  return <CrudPage store={store} entity={l('advert')} />;
}
