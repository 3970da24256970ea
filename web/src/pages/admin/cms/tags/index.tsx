/** Tags (/admin/cms/tags): unique names given to content, shown or hidden, weight; a tag in use is not deleted. */
import { useState } from 'react';
import { CrudPage, CrudTableStore, SHOW_OPTIONS, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { ExportButton } from '@/components/transfer/ExportButton';
import { useStore } from '@/stores/context';

export const TAGS_API = '/admin/cms.Tags';
const l = (key: string) => `cms.tags.${key}`;

export const tagColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 80, operator: '=', sortable: true },
  { prop: 'name', label: l('name'), minWidth: 200, ellipsis: true, sortable: true },
  { prop: 'status', label: l('status'), render: 'switch', options: SHOW_OPTIONS, switchEditable: true, width: 90 },
  { prop: 'weigh', label: l('weigh'), width: 80, operator: false, sortable: true },
  { prop: 'createtime', label: l('createtime'), render: 'datetime', width: 170, sortable: true },
];

export const tagFields: CrudField[] = [
  { prop: 'name', label: l('name'), type: 'input', rules: ['required', maxLengthRule(50)] },
  { prop: 'status', label: l('status'), type: 'switch', defaultValue: 1 },
  { prop: 'weigh', label: l('weigh'), type: 'number', rules: ['integer'], props: { precision: 0 } },
];

export default function TagsPage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: TAGS_API, columns: tagColumns, fields: tagFields, quickSearchFields: [l('id'), l('name')] }));
  return <CrudPage store={store} entity={l('tag')} toolbarExtra={<ExportButton api={TAGS_API} store={store} label="transfer.export" formats={['xlsx', 'csv']} testId="tags-export" />} />;
}
