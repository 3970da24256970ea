/**
 * Attachments (/admin/routine/attachment): every uploaded file with a preview (images as thumbnails, other
 * files as an icon of their suffix drawn by ajax/buildSuffixSvg), searchable by name, topic, MIME type and
 * upload time; the shown name can be edited; deleting (after a confirmation) also removes the file.
 */
import { useState } from 'react';
import { Image, Link } from '@arco-design/web-react';
import { CrudPage, CrudTableStore, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { formatBytes, suffixOf } from '@/components/Upload';
import { suffixIconUrl } from '@/components/Upload/suffixIcon';
import { useStore } from '@/stores/context';
import './attachment.css';

export const ATTACHMENT_API = '/admin/routine.Attachment';

const IMAGE_SUFFIXES = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg', 'avif']);

/** An image shows as a thumbnail (click to preview); any other file as a tag with its suffix. */
export function isImageRow(row: { mimetype?: string; name?: string; url?: string }): boolean {
  return String(row.mimetype ?? '').startsWith('image/') || IMAGE_SUFFIXES.has(suffixOf(String(row.name ?? row.url ?? '')));
}

function Preview({ row }: { row: Record<string, any> }) {
  if (isImageRow(row)) return <Image className="attachment-thumb" width={44} height={44} src={String(row.url)} alt={String(row.name ?? '')} />;
  const suffix = suffixOf(String(row.name ?? row.url ?? ''));
  return (
    <Link href={String(row.url)} target="_blank" rel="noreferrer" className="attachment-file">
      <img className="attachment-file-icon" src={suffixIconUrl(suffix)} alt={suffix.toUpperCase() || 'FILE'} width={38} height={44} />
    </Link>
  );
}

export const attachmentColumns: CrudColumn[] = [
  { prop: 'id', label: 'routine.attachment.id', width: 64, operator: '=', sortable: true },
  { prop: 'url', label: 'routine.attachment.preview', width: 76, operator: false, align: 'center', cell: (_v, row) => <Preview row={row} /> },
  { prop: 'topic', label: 'routine.attachment.topic', width: 96, operator: '=', sortable: true },
  {
    prop: 'name',
    label: 'routine.attachment.name',
    minWidth: 160,
    ellipsis: true,
    operator: 'LIKE',
    cell: (value, row) => (
      <Link href={String(row.url)} target="_blank" rel="noreferrer">
        {String(value ?? '')}
      </Link>
    ),
  },
  { prop: 'size', label: 'routine.attachment.size', width: 90, align: 'right', operator: 'RANGE', sortable: true, cell: (value) => formatBytes(Number(value)) },
  { prop: 'mimetype', label: 'routine.attachment.mimetype', width: 120, ellipsis: true, operator: 'LIKE' },
  { prop: 'width', label: 'routine.attachment.dimensions', width: 110, operator: false, hidden: true, cell: (_v, row) => (row.width ? `${row.width} × ${row.height}` : '-') },
  { prop: 'quote', label: 'routine.attachment.quote', width: 84, align: 'right', operator: false, sortable: true },
  { prop: 'admin.username', label: 'routine.attachment.uploader', width: 124, ellipsis: true, operator: false, cell: (_v, row) => row.admin?.nickname || row.admin?.username || (row.user_id ? `#${row.user_id}` : '-') },
  { prop: 'storage', label: 'routine.attachment.storage', width: 90, hidden: true, operator: '=' },
  { prop: 'sha1', label: 'routine.attachment.sha1', width: 180, ellipsis: true, hidden: true, operator: '=' },
  { prop: 'createtime', label: 'routine.attachment.createtime', render: 'datetime', width: 170, sortable: true, hidden: true },
  { prop: 'last_upload_time', label: 'routine.attachment.lastUploadTime', render: 'datetime', width: 170, sortable: true },
];

export const attachmentFields: CrudField[] = [
  { prop: 'name', label: 'routine.attachment.name', type: 'input', rules: ['required', maxLengthRule(100)], tip: 'routine.attachment.nameTip' },
  {
    prop: 'url',
    label: 'routine.attachment.url',
    type: 'custom',
    render: ({ value }) => <span className="attachment-url">{String(value ?? '')}</span>,
    toServer: () => undefined,
  },
];

export default function AttachmentPage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: ATTACHMENT_API,
        columns: attachmentColumns,
        fields: attachmentFields,
        quickSearchFields: ['routine.attachment.id', 'routine.attachment.name', 'routine.attachment.topic', 'routine.attachment.mimetype'],
      }),
  );
  return <CrudPage store={store} entity="routine.attachment.attachment" toolbar={['refresh', 'delete', 'quickSearch', 'search', 'columns']} rowButtons={['edit', 'delete']} />;
}
