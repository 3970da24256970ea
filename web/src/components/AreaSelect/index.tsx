/**
 * A province / city / district cascader over `ajax/area`, loading each level when it is opened.
 *
 * - `valueType="codes"` (default): the value is the path of division codes, `[440000, 440100, 440106]`;
 *   a value set earlier is shown by name at once (the levels along it are fetched).
 * - `valueType="text"`: the value is the chosen division's name (`广州市`), for free-text fields such as a
 *   partner's or a warehouse's `city`; a text that is no division of the list (`上海`, typed before) is
 *   shown as it is until another is picked.
 * `depth` says how far down the choice goes (1 province, 2 city, 3 district). `app="user"` uses the public
 * `/api/ajax/area` (member center); the back office uses `/admin/ajax/area`.
 */
import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Cascader } from '@arco-design/web-react';
import { useT } from '@/lang';
import type { AreaApp } from '@/api/platform';
import { AreaStore, codePath, type AreaDepth } from './store';

export interface AreaSelectProps {
  value?: number[] | string | null;
  /** codes: the path of codes; text: the chosen name. `labels` are the names along the path. */
  onChange?: (value: number[] | string, labels: string[]) => void;
  valueType?: 'codes' | 'text';
  depth?: AreaDepth;
  app?: AreaApp;
  /** a choice may stop above the last level (a province alone) */
  changeOnSelect?: boolean;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: React.CSSProperties;
}

function AreaSelectInner({ value, onChange, valueType = 'codes', depth = 3, app = 'admin', changeOnSelect = false, placeholder, disabled, allowClear = true, style }: AreaSelectProps) {
  const t = useT();
  const [store] = useState(() => new AreaStore({ app, depth }));
  // text mode: the path last picked here, to show it again while the value is its name
  const picked = useRef<{ path: number[]; name: string } | null>(null);
  const codes = valueType === 'codes' ? codePath(value) : [];
  const codesKey = codes.join(',');

  useEffect(() => {
    void store.load(codes);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, codesKey]);

  let shown: Array<number | string> = codes;
  if (valueType === 'text') {
    const text = typeof value === 'string' ? value : '';
    shown = !text ? [] : picked.current && picked.current.name === text ? picked.current.path : [text];
  }

  return (
    <Cascader
      data-testid="area-select"
      style={{ width: '100%', ...style }}
      options={store.tree}
      value={shown as any}
      loadMore={(path) => store.children(path.map(Number))}
      changeOnSelect={changeOnSelect}
      allowClear={allowClear}
      disabled={disabled}
      loading={store.loading}
      placeholder={placeholder ?? t(`area.placeholder${depth}`)}
      notFoundContent={store.error ?? t('area.empty')}
      onChange={(next, selected: Array<{ label?: string }> | undefined) => {
        const path = ((next ?? []) as Array<string | number>).map(Number);
        const labels = (selected ?? []).map((option) => String(option?.label ?? ''));
        if (valueType === 'codes') {
          onChange?.(path, labels);
          return;
        }
        const name = labels[labels.length - 1] ?? '';
        picked.current = name ? { path, name } : null;
        onChange?.(name, labels);
      }}
    />
  );
}

export const AreaSelect = observer(AreaSelectInner);
export default AreaSelect;
export { AreaStore, codePath } from './store';
export type { AreaNode, AreaDepth } from './store';
