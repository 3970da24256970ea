/**
 * Content models (/admin/cms/contentModel): a name and extra fields (name, title, type text / number /
 * image / select, a select's options, required). A channel with a model gives its content those fields; a
 * model a channel uses is not deleted.
 */
import '@/features/cms/i18n';
import { useState } from 'react';
import { CrudPage, CrudTableStore, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { ModelFieldsEditor, toEditedFields, toServerFields } from '@/features/cms/ModelFieldsEditor';
import { useStore } from '@/stores/context';

export const MODEL_API = '/admin/cms.ContentModel';
const l = (key: string) => `cms.contentModel.${key}`;

export const modelColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 80, operator: '=', sortable: true },
  { prop: 'name', label: l('name'), minWidth: 160, ellipsis: true, operator: 'LIKE' },
  {
    prop: 'fields',
    label: l('fields'),
    minWidth: 260,
    operator: false,
    cell: (value: unknown) => toEditedFields(value).map((field) => `${field.title || field.name} (${field.name})`).join(', '),
  },
  { prop: 'updatetime', label: l('updatetime'), render: 'datetime', width: 170, sortable: true },
];

export const modelFields: CrudField[] = [
  { prop: 'name', label: l('name'), type: 'input', rules: ['required', maxLengthRule(50)] },
  {
    prop: 'fields',
    label: l('fields'),
    type: 'custom',
    defaultValue: [],
    tip: l('fieldsTip'),
    render: ({ value, onChange }) => <ModelFieldsEditor value={value} onChange={onChange} />,
    toForm: (value) => toEditedFields(value),
    toServer: (value) => toServerFields(value),
  },
];

export default function ContentModelPage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: MODEL_API, columns: modelColumns, fields: modelFields, quickSearchFields: [l('id'), l('name')] }));
  return <CrudPage store={store} entity={l('model')} formWidth={820} />;
}
