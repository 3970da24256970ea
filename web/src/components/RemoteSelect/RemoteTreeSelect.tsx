/**
 * A tree select over a controller's `select=true` answer (tree controllers answer `{options}` nested with
 * `children`, or flat rows with `pid`). Loads everything once.
 *
 *   <RemoteTreeSelect url="/admin/auth.Rule/index" labelField="title" rootValue={0} value={pid} onChange={setPid} />
 */
import '@/components/crud/i18n';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { observer } from 'mobx-react-lite';
import { TreeSelect } from '@arco-design/web-react';
import { useT } from '@/lang';
import { RemoteSelectStore, toOptions, type RemoteOption, type RemoteSelectConfig, type SelectValue } from './store';

export interface TreeNode {
  key: string;
  title: string;
  /** the option's value with its original type (the tree itself works on string keys). */
  origin: SelectValue;
  disabled?: boolean;
  children?: TreeNode[];
}

const PREFIX = /^[\s\u00a0│├└─┃┣┗|`-]+/;

/** Options → Arco tree nodes; flat rows carrying `pid` are nested. `exclude` drops a node and its subtree. */
export function toTreeNodes(options: RemoteOption[], exclude?: SelectValue | null): TreeNode[] {
  const ex = exclude === undefined || exclude === null ? null : String(exclude);
  const nested = options.some((o) => o.children && o.children.length);
  const convert = (list: RemoteOption[]): TreeNode[] =>
    list
      .filter((o) => ex === null || String(o.value) !== ex)
      .map((o) => {
        const children = o.children ? convert(o.children) : [];
        return {
          key: String(o.value),
          title: o.label.replace(PREFIX, ''),
          origin: o.value,
          disabled: o.disabled,
          children: children.length ? children : undefined,
        };
      });
  if (nested || !options.some((o) => o.raw && 'pid' in o.raw)) return convert(options);
  // flat rows with pid
  const byId = new Map<string, RemoteOption & { children: RemoteOption[] }>();
  options.forEach((o) => byId.set(String(o.value), { ...o, children: [] }));
  const roots: RemoteOption[] = [];
  byId.forEach((o) => {
    const parent = byId.get(String(o.raw.pid));
    if (parent && parent !== o) parent.children.push(o);
    else roots.push(o);
  });
  const clean = (list: RemoteOption[]): RemoteOption[] =>
    list.map((o) => ({ ...o, children: o.children && o.children.length ? clean(o.children) : undefined }));
  return convert(clean(roots));
}

export interface RemoteTreeSelectProps extends RemoteSelectConfig {
  value?: SelectValue | null;
  onChange?: (value: SelectValue | null) => void;
  /** adds a top-level choice with this value (e.g. 0). */
  rootValue?: SelectValue;
  rootLabel?: string;
  /** hide this node and its children (a node cannot be its own parent). */
  exclude?: SelectValue | null;
  /** static data instead of a URL answer. */
  data?: any[];
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
}

export const RemoteTreeSelect = observer(function RemoteTreeSelect(props: RemoteTreeSelectProps) {
  const { url, valueField, labelField, params, value, onChange, rootValue, rootLabel, exclude, data, placeholder, disabled, allowClear, style } = props;
  const t = useT();
  const [store] = useState(() => new RemoteSelectStore({ url, valueField, labelField, params }));
  useEffect(() => {
    if (!data) void store.loadAll();
  }, [store, data]);

  const options = store.options;
  const treeData = useMemo(() => {
    const nodes = data
      ? toTreeNodes(toOptions(data, { valueField, labelField }), exclude)
      : toTreeNodes(options, exclude);
    if (rootValue !== undefined) {
      return [{ key: String(rootValue), title: rootLabel ?? t('crud.topLevel'), origin: rootValue }, ...nodes];
    }
    return nodes;
  }, [data, options, exclude, rootValue, rootLabel, valueField, labelField, t]);

  const lookup = useMemo(() => {
    const m = new Map<string, SelectValue>();
    const walk = (ns: TreeNode[]) =>
      ns.forEach((n) => {
        m.set(n.key, n.origin);
        if (n.children) walk(n.children);
      });
    walk(treeData);
    return m;
  }, [treeData]);

  const current = value === undefined || value === null || value === '' ? undefined : String(value);

  return (
    <TreeSelect
      style={style}
      treeData={treeData}
      value={current}
      disabled={disabled}
      allowClear={allowClear}
      loading={store.loading}
      showSearch
      placeholder={placeholder ?? t('crud.selectPlaceholder')}
      filterTreeNode={(input: string, node: any) => String(node.props?.title ?? '').toLowerCase().includes(String(input).toLowerCase())}
      onChange={(v: any) => {
        if (v === undefined || v === null || v === '') onChange?.(null);
        else onChange?.(lookup.get(String(v)) ?? v);
      }}
    />
  );
});

export default RemoteTreeSelect;
