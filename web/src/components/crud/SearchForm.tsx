/**
 * The collapsible search form, built from the columns: LIKE → input, '=' with options → select,
 * RANGE → min/max, datetime RANGE → date-range picker, remote → remote select, NULL → checkbox.
 */
import './i18n';
import { observer } from 'mobx-react-lite';
import { Button, Checkbox, Grid, Input, InputNumber, Select, Space } from '@arco-design/web-react';
import { DatePicker } from '@/components/SiteDatePicker';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { useT } from '@/lang';
import RemoteSelect from '@/components/RemoteSelect';
import { defaultOperator, searchableColumns } from './params';
import type { CrudTableStore } from './store';
import type { CrudColumn } from './types';

// an observer: it reads the search values, so it redraws when they change (a range's second bound keeps the
// first, a cascading select sees the value it depends on)
const SearchControl = observer(function SearchControl({ column, store }: { column: CrudColumn; store: CrudTableStore<any> }) {
  const t = useT();
  const operator = defaultOperator(column);
  const value = store.searchValues[column.prop];
  const set = (v: any) => {
    store.setSearchValue(column.prop, v);
    for (const dependent of column.searchClearOnChange ?? []) store.setSearchValue(dependent, undefined);
  };
  const label = t(column.label);
  const isDate = column.render === 'datetime' || column.render === 'date';
  const onEnter = () => store.submitSearch();

  if (operator === 'NULL' || operator === 'NOT NULL') {
    return <Checkbox checked={!!value} onChange={(c) => set(c)} />;
  }
  if ((operator === 'RANGE' || operator === 'NOT RANGE') && isDate) {
    return (
      <DatePicker.RangePicker
        style={{ width: '100%' }}
        value={Array.isArray(value) && value[0] ? value : undefined}
        placeholder={[t('crud.startDate'), t('crud.endDate')]}
        onChange={(dateStrings: string[] | undefined) => set(dateStrings && dateStrings.length ? dateStrings : undefined)}
      />
    );
  }
  if (operator === 'RANGE' || operator === 'NOT RANGE') {
    const pair = Array.isArray(value) ? value : [undefined, undefined];
    return (
      <div className="crud-range">
        <InputNumber placeholder={t('crud.min')} value={pair[0] ?? undefined} onChange={(v) => set([v, pair[1]])} />
        <span className="crud-range-sep">-</span>
        <InputNumber placeholder={t('crud.max')} value={pair[1] ?? undefined} onChange={(v) => set([pair[0], v])} />
      </div>
    );
  }
  if (column.searchRemote) {
    const multiple = operator === 'IN' || operator === 'NOT IN' || operator === 'FIND_IN_SET' || column.searchRemote.multiple;
    const fromValues = column.searchRemoteParams ? column.searchRemoteParams(store.searchValues) : undefined;
    return (
      <RemoteSelect
        {...column.searchRemote}
        key={fromValues ? JSON.stringify(fromValues) : undefined}
        params={fromValues ? { ...(column.searchRemote.params ?? {}), ...fromValues } : column.searchRemote.params}
        multiple={multiple}
        value={value}
        placeholder={t('crud.selectFieldPlaceholder', { field: label })}
        onChange={(v) => set(v)}
      />
    );
  }
  if (column.options && column.options.length) {
    const multiple = operator === 'IN' || operator === 'NOT IN' || operator === 'FIND_IN_SET';
    return (
      <Select
        allowClear
        mode={multiple ? 'multiple' : undefined}
        placeholder={t('crud.selectFieldPlaceholder', { field: label })}
        value={value === '' ? undefined : value}
        onChange={(v) => set(v)}
        options={column.options.map((o) => ({ value: o.value, label: t(o.label) }))}
      />
    );
  }
  if (column.render === 'switch') {
    return (
      <Select
        allowClear
        placeholder={t('crud.selectFieldPlaceholder', { field: label })}
        value={value}
        onChange={(v) => set(v)}
        options={[
          { value: 1, label: t('crud.on') },
          { value: 0, label: t('crud.off') },
        ]}
      />
    );
  }
  return (
    <Input
      allowClear
      placeholder={column.searchPlaceholder ? t(column.searchPlaceholder) : t('crud.inputFieldPlaceholder', { field: label })}
      value={value ?? ''}
      onChange={(v) => set(v)}
      onPressEnter={onEnter}
    />
  );
});

function isRange(column: CrudColumn): boolean {
  const operator = defaultOperator(column);
  return operator === 'RANGE' || operator === 'NOT RANGE';
}

export const SearchForm = observer(function SearchForm({ store }: { store: CrudTableStore<any> }) {
  const t = useT();
  const columns = searchableColumns(store.columns);
  if (!columns.length) return null;
  return (
    <div className="crud-search" data-crud="search-form">
      <Grid.Row gutter={[16, 12]}>
        {columns.map((column) => (
          // ranges (two inputs or a date range) take two cells, so both ends stay readable
          <Grid.Col key={column.prop} {...(isRange(column) ? { xs: 24, sm: 24, md: 16, xxl: 12 } : { xs: 24, sm: 12, md: 8, xxl: 6 })}>
            <div className="crud-search-item">
              <label className="crud-search-label" title={t(column.label)}>
                {t(column.label)}
              </label>
              <div className="crud-search-control">
                <SearchControl column={column} store={store} />
              </div>
            </div>
          </Grid.Col>
        ))}
        <Grid.Col xs={24} sm={12} md={8} xxl={6}>
          <Space className="crud-search-buttons">
            <Button type="primary" icon={<IconSearch />} onClick={() => store.submitSearch()} data-crud="search-submit">
              {t('crud.search')}
            </Button>
            <Button icon={<IconRefresh />} onClick={() => store.resetSearch()} data-crud="search-reset">
              {t('crud.reset')}
            </Button>
          </Space>
        </Grid.Col>
      </Grid.Row>
    </div>
  );
});

export default SearchForm;
