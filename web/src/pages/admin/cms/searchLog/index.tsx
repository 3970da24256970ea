/** Search log (/admin/cms/searchLog): what visitors searched for on the site, how often, first and last time. */
import { useState } from 'react';
import { CrudTable, CrudTableStore, type CrudColumn } from '@/components/crud';
import { ExportButton } from '@/components/transfer/ExportButton';
import { useStore } from '@/stores/context';

export const SEARCH_LOG_API = '/admin/cms.SearchLog';
const l = (key: string) => `cms.searchLog.${key}`;

export const searchLogColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 80, operator: '=', hidden: true },
  { prop: 'keywords', label: l('keywords'), minWidth: 240, ellipsis: true, sortable: true },
  { prop: 'count', label: l('count'), width: 110, sortable: true, operator: 'RANGE', align: 'right' },
  { prop: 'createtime', label: l('createtime'), render: 'datetime', width: 170, sortable: true },
  { prop: 'updatetime', label: l('updatetime'), render: 'datetime', width: 170, sortable: true },
];

export default function SearchLogPage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: SEARCH_LOG_API, columns: searchLogColumns, quickSearchFields: [l('keywords')] }));
  return (
    <div className="crud-page">
      <CrudTable
        store={store}
        toolbar={['refresh', 'delete', 'quickSearch', 'search', 'columns']}
        rowButtons={['delete']}
        toolbarExtra={<ExportButton api={SEARCH_LOG_API} store={store} label="transfer.export" formats={['xlsx', 'csv']} testId="search-log-export" />}
      />
    </div>
  );
}
