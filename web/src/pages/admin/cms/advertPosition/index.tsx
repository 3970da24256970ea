/** Advert positions (/admin/cms/advertPosition): where the site shows adverts, by a unique name (`home`, `member`), with a size. */
import { useState } from 'react';
import { CrudPage, CrudTableStore, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { useStore } from '@/stores/context';

export const POSITION_API = '/admin/cms.AdvertPosition';
const l = (key: string) => `cms.advertPosition.${key}`;

export const positionColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 80, operator: '=', sortable: true },
  { prop: 'name', label: l('name'), minWidth: 140 },
  { prop: 'title', label: l('title'), minWidth: 180, ellipsis: true },
  { prop: 'width', label: l('width'), width: 100, operator: false },
  { prop: 'height', label: l('height'), width: 100, operator: false },
  { prop: 'createtime', label: l('createtime'), render: 'datetime', width: 170, sortable: true },
];

export const positionFields: CrudField[] = [
  { prop: 'name', label: l('name'), type: 'input', rules: ['required', maxLengthRule(50), { test: (v: string) => !v || /^[A-Za-z][A-Za-z0-9_-]{0,49}$/.test(v), message: l('nameInvalid') }], tip: l('nameTip') },
  { prop: 'title', label: l('title'), type: 'input', rules: ['required', maxLengthRule(100)] },
  { prop: 'width', label: l('width'), type: 'number', rules: ['integer'], props: { precision: 0, min: 0, max: 10000 } },
  { prop: 'height', label: l('height'), type: 'number', rules: ['integer'], props: { precision: 0, min: 0, max: 10000 } },
];

export default function AdvertPositionPage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: POSITION_API, columns: positionColumns, fields: positionFields, quickSearchFields: [l('id'), l('name'), l('title')] }));
  return <CrudPage store={store} entity={l('position')} />;
}
