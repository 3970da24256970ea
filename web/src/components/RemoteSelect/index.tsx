/**
 * A select whose options come from a controller's `select=true` list, single or multiple, with
 * search-as-you-type (debounced), paging on scroll, and the labels of the current value loaded by initValue.
 *
 *   <RemoteSelect url="/admin/auth.Group/index" labelField="name" multiple value={v} onChange={setV} />
 */
import '@/components/crud/i18n';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Select, Spin } from '@arco-design/web-react';
import type { SelectProps } from '@arco-design/web-react';
import { useT } from '@/lang';
import { RemoteSelectStore, valueList, type RemoteOption, type RemoteSelectConfig, type SelectValue } from './store';

/** `Row`: the source's row as the caller knows it (its label, its options and the rows of a change). */
export interface RemoteSelectProps<Row extends object = Record<string, any>> extends RemoteSelectConfig<Row> {
  value?: SelectValue | SelectValue[] | string | null;
  onChange?: (value: any, rows: Row[]) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  /** search delay in ms (default 300). */
  debounce?: number;
  style?: CSSProperties;
  selectProps?: Partial<SelectProps>;
  /** content of an option in the drop-down (default: its label); the chosen value still shows the label. */
  renderOption?: (option: RemoteOption<Row>) => ReactNode;
}

const RemoteSelectView = observer(function RemoteSelect(props: RemoteSelectProps) {
  const { url, valueField, labelField, params, limit, value, onChange, multiple, placeholder, disabled, allowClear = true, debounce = 300, style, selectProps, renderOption } = props;
  const t = useT();
  const [store] = useState(() => new RemoteSelectStore({ url, valueField, labelField, params, limit }));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const values = useMemo(() => valueList(value), [value]);
  useEffect(() => {
    void store.ensureValues(values);
  }, [store, values]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const options = store.mergedOptions;
  // keep the value's type in line with the options' (ids may arrive as strings)
  const typed = (v: SelectValue): SelectValue => {
    const hit = options.find((o) => String(o.value) === String(v));
    return hit ? hit.value : v;
  };
  const current = multiple ? values.map(typed) : values.length ? typed(values[0]) : undefined;

  const handleSearch = (kw: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void store.search(kw), debounce);
  };

  const handleChange = (v: any) => {
    const picked = valueList(v).map(String);
    const rows = options.filter((o) => picked.includes(String(o.value))).map((o) => o.raw);
    onChange?.(v === undefined ? (multiple ? [] : null) : v, rows);
  };

  return (
    <Select
      style={style}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder ?? t('crud.selectPlaceholder')}
      filterOption={false}
      value={current as any}
      onChange={handleChange}
      onSearch={handleSearch}
      loading={store.loading}
      notFoundContent={store.loading ? <Spin size={16} /> : t('crud.noData')}
      onVisibleChange={(open) => {
        if (open && !store.loaded) void store.search(store.keyword);
      }}
      onPopupScroll={(el: any) => {
        const target = el?.target ?? el;
        if (target && target.scrollHeight - target.scrollTop - target.clientHeight < 24) void store.loadMore();
      }}
      renderFormat={(_option, v) => store.valueText(v, t('crud.labelLoading'))}
      {...selectProps}
    >
      {options.map((o) => (
        <Select.Option key={String(o.value)} value={o.value as any} disabled={o.disabled}>
          {renderOption ? renderOption(o) : <span style={{ paddingLeft: o.depth * 14 }}>{o.label}</span>}
        </Select.Option>
      ))}
    </Select>
  );
});

/** The select, typed by the row of its source (the rows themselves are the server's, as the store reads them). */
export const RemoteSelect = RemoteSelectView as <Row extends object = Record<string, any>>(props: RemoteSelectProps<Row>) => JSX.Element;

export default RemoteSelect;
export { RemoteSelectStore } from './store';
