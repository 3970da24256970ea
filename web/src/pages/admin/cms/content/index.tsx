/**
 * Content (/admin/cms/content): the site's articles with every field — channel and further channels, title
 * and its style, flags, pictures, a rich-text body (sanitised by the server), SEO fields, tags, an outside
 * address and its link target, weight, price and currency (paid content), who may read and comment, publish
 * time, the extra fields of its channel's content model — an
 * audit (publish / refuse with a reason / take offline) and a CSV export of what the filters select.
 */
import '@/features/cms/i18n';
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import dayjs from 'dayjs';
import { Space } from '@arco-design/web-react';
import { IconCheckCircle } from '@arco-design/web-react/icon';
import { CrudPage, CrudTableStore, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import {
  COMMENT_GROUP_OPTIONS,
  CONTENT_STATUS,
  CONTENT_STATUS_OPTIONS,
  CURRENCY_OPTIONS,
  FLAG_OPTIONS,
  TARGET_OPTIONS,
  VISIT_OPTIONS,
  titleStyle,
} from '@/features/cms/options';
import { ExportButton } from '@/components/transfer/ExportButton';
import { ExtraFieldsInput } from '@/features/cms/ExtraFieldsInput';
import { RichTextEditor } from '@/components/RichText';
import { ImageUpload, pathList } from '@/components/Upload';
import { useStore } from '@/stores/context';
import { AuditDialog, auditTargets } from './AuditDialog';

export const CONTENT_API = '/admin/cms.Content';
export const CHANNEL_API = '/admin/cms.Channel';
export const TAGS_API = '/admin/cms.Tags';

const l = (key: string) => `cms.content.${key}`;

export const contentColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  {
    prop: 'title',
    label: l('title'),
    minWidth: 240,
    operator: 'LIKE',
    // the public page, in a new tab (the back office stays open)
    cell: (_: unknown, row: Record<string, any>) => (
      <a href={`#/content/${row.id}`} target="_blank" rel="noopener noreferrer" style={titleStyle(row.title_style)} className="cms-title-link">
        {String(row.title ?? '')}
      </a>
    ),
  },
  {
    prop: 'channel.name',
    label: l('channel'),
    width: 120,
    ellipsis: true,
    searchField: 'channel_id',
    operator: '=',
    searchRemote: { url: `${CHANNEL_API}/index`, labelField: 'name' },
  },
  { prop: 'flag', label: l('flag'), render: 'tags', options: FLAG_OPTIONS, width: 150, operator: 'FIND_IN_SET' },
  { prop: 'status', label: l('status'), render: 'tag', options: CONTENT_STATUS_OPTIONS, width: 96, align: 'center' },
  { prop: 'memo', label: l('memo'), width: 140, ellipsis: true, operator: false, hidden: true },
  {
    prop: 'author',
    label: l('author'),
    width: 110,
    ellipsis: true,
    operator: false,
    cell: (_: unknown, row: Record<string, any>) => row.user?.nickname || row.user?.username || row.admin?.nickname || row.admin?.username || '-',
  },
  { prop: 'views', label: l('views'), width: 80, sortable: true, operator: false, align: 'right' },
  { prop: 'comments', label: l('comments'), width: 80, sortable: true, operator: false, align: 'right' },
  { prop: 'allow_visit_groups', label: l('allowVisitGroups'), render: 'tag', options: VISIT_OPTIONS, width: 110, hidden: true },
  { prop: 'allow_comment_groups', label: l('allowCommentGroups'), render: 'tag', options: COMMENT_GROUP_OPTIONS, width: 110, hidden: true },
  { prop: 'weigh', label: l('weigh'), width: 80, sortable: true, operator: false, hidden: true },
  { prop: 'publish_time', label: l('publishTime'), render: 'datetime', width: 170, sortable: true },
  { prop: 'create_time', label: l('createTime'), render: 'datetime', width: 170, sortable: true, hidden: true },
];

const toSeconds = (value: unknown) => (value ? dayjs(value as string).unix() : null);
const toPicker = (value: unknown) => (value ? dayjs.unix(Number(value)).format('YYYY-MM-DD HH:mm:ss') : undefined);
const list = (value: unknown) => (Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : String(value).split(',').map(Number));

export const contentFields: CrudField[] = [
  { prop: 'channel_id', label: l('channel'), type: 'treeSelect', remote: { url: `${CHANNEL_API}/index`, labelField: 'name' }, rules: ['required'] },
  { prop: 'channel_ids', label: l('channelIds'), type: 'remoteSelect', remote: { url: `${CHANNEL_API}/index`, labelField: 'name', multiple: true }, toForm: list, tip: l('channelIdsTip') },
  { prop: 'title', label: l('title'), type: 'input', rules: ['required', maxLengthRule(200)] },
  { prop: 'title_style', label: l('titleStyle'), type: 'input', placeholder: '#ff0000 bold', tip: l('titleStyleTip'), rules: [maxLengthRule(30), { test: (v: string) => !v || /^(#[0-9a-fA-F]{6})?( ?bold)?$/.test(v.trim()), message: l('titleStyleInvalid') }] },
  { prop: 'flag', label: l('flag'), type: 'select', options: FLAG_OPTIONS, props: { mode: 'multiple', allowClear: true }, toForm: list, defaultValue: [] },
  {
    prop: 'images',
    label: l('images'),
    type: 'custom',
    render: ({ value, onChange }) => <ImageUpload value={value} onChange={onChange} topic="content" multiple limit={9} />,
    toForm: pathList,
    toServer: (value) => pathList(value).join(','),
  },
  {
    prop: 'content',
    label: l('content'),
    type: 'custom',
    render: ({ value, onChange }) => <RichTextEditor value={value} onChange={onChange} app="admin" />,
    toServer: (value) => (typeof value === 'string' ? value : ''),
  },
  {
    prop: 'extra',
    label: l('extra'),
    type: 'custom',
    // the fields of the chosen channel's content model; the server checks them against the model
    render: ({ value, onChange, values }) => <ExtraFieldsInput channelId={Number(values.channel_id) || 0} value={value} onChange={onChange} />,
    toServer: (value) => (value && typeof value === 'object' ? value : undefined),
  },
  { prop: 'description', label: l('description'), type: 'textarea', rules: [maxLengthRule(500)] },
  { prop: 'tags', label: l('tags'), type: 'remoteSelect', remote: { url: `${TAGS_API}/index`, labelField: 'name', multiple: true }, toForm: list },
  { prop: 'seotitle', label: l('seotitle'), type: 'input', rules: [maxLengthRule(200)] },
  { prop: 'keywords', label: l('keywords'), type: 'input', rules: [maxLengthRule(255)], tip: l('keywordsTip') },
  { prop: 'url', label: l('url'), type: 'input', rules: ['url', maxLengthRule(255)], tip: l('urlTip') },
  { prop: 'target', label: l('target'), type: 'radio', options: TARGET_OPTIONS, defaultValue: 1 },
  { prop: 'allow_visit_groups', label: l('allowVisitGroups'), type: 'radio', options: VISIT_OPTIONS, defaultValue: 1 },
  { prop: 'allow_comment_groups', label: l('allowCommentGroups'), type: 'radio', options: COMMENT_GROUP_OPTIONS, defaultValue: 1 },
  { prop: 'price', label: l('price'), type: 'input', rules: ['money'], defaultValue: '0.00' },
  { prop: 'currency', label: l('currency'), type: 'radio', options: CURRENCY_OPTIONS, defaultValue: 1 },
  { prop: 'weigh', label: l('weigh'), type: 'number', rules: ['integer'], props: { precision: 0 }, tip: l('weighTip') },
  { prop: 'publish_time', label: l('publishTime'), type: 'datetime', tip: l('publishTimeTip'), toForm: toPicker, toServer: toSeconds },
  {
    prop: 'status',
    label: l('status'),
    type: 'radio',
    options: CONTENT_STATUS_OPTIONS.filter((o) => o.value !== CONTENT_STATUS.refused),
    defaultValue: CONTENT_STATUS.normal,
    visible: (_values, mode) => mode === 'add',
    tip: l('statusTip'),
  },
];

export default observer(function ContentPage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: CONTENT_API,
        columns: contentColumns,
        fields: contentFields,
        quickSearchFields: [l('id'), l('title'), l('keywords')],
      }),
  );
  const [auditing, setAuditing] = useState<{ id: number; title: string; status: number } | null>(null);
  return (
    <>
      <CrudPage
        store={store}
        entity={l('content')}
        formWidth={920}
        operateWidth={150}
        toolbarExtra={
          <Space>
            <ExportButton api={CONTENT_API} store={store} label="transfer.export" formats={['xlsx', 'csv']} testId="content-export" />
          </Space>
        }
        rowActions={[
          {
            name: 'audit',
            title: l('audit'),
            icon: <IconCheckCircle />,
            auth: 'audit',
            status: 'success',
            display: (row: Record<string, any>) => auditTargets(Number(row.status)).length > 0,
            onClick: (row: Record<string, any>) => setAuditing({ id: row.id, title: row.title, status: Number(row.status) }),
          },
        ]}
      />
      <AuditDialog
        row={auditing}
        onCancel={() => setAuditing(null)}
        onSubmit={(status, memo) => store.runAction('audit', { id: auditing!.id, status, memo })}
      />
    </>
  );
});
