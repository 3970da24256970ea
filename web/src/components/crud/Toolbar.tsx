/**
 * Table toolbar: refresh, add, delete selected, expand/collapse (trees), extra buttons; quick search,
 * search-form toggle and column show/hide on the right. add/delete need the page's add/del nodes.
 */
import './i18n';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Badge, Button, Checkbox, Dropdown, Input, Popconfirm, Space, Tooltip } from '@arco-design/web-react';
import { IconDelete, IconExpand, IconFilter, IconList, IconPlus, IconRefresh, IconShrink } from '@arco-design/web-react/icon';
import { useAuth } from '@/hooks/useAuth';
import { useT } from '@/lang';
import { searchableColumns } from './params';
import type { CrudTableStore } from './store';
import type { CrudToolbarButton } from './types';

export const DEFAULT_TOOLBAR: CrudToolbarButton[] = ['refresh', 'add', 'delete', 'expand', 'quickSearch', 'search', 'columns'];

export interface ToolbarProps {
  store: CrudTableStore<any>;
  buttons?: CrudToolbarButton[];
  /** drawn after the built-in buttons on the left. */
  extra?: ReactNode;
}

const QuickSearch = observer(function QuickSearch({ store }: { store: CrudTableStore<any> }) {
  const t = useT();
  const [text, setText] = useState(store.quickSearch);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const fields = (store.options.quickSearchFields ?? []).map((k) => t(k)).join(t('crud.listSeparator'));
  return (
    <Input.Search
      className="crud-quick-search"
      allowClear
      value={text}
      placeholder={t('crud.quickSearchPlaceholder', { fields })}
      data-crud="quick-search"
      onChange={(v) => {
        setText(v);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => store.submitQuickSearch(v), 500);
      }}
      onSearch={(v) => {
        if (timer.current) clearTimeout(timer.current);
        store.submitQuickSearch(v);
      }}
    />
  );
});

const ColumnMenu = observer(function ColumnMenu({ store }: { store: CrudTableStore<any> }) {
  const t = useT();
  const columns = store.columns.filter((c) => c.inTable !== false);
  return (
    <div className="crud-column-menu" data-crud="column-menu">
      {columns.map((c) => (
        <div key={c.prop} className="crud-column-menu-item">
          <Checkbox checked={!store.hiddenProps.includes(c.prop)} onChange={(checked) => store.toggleColumn(c.prop, checked)}>
            {t(c.label)}
          </Checkbox>
        </div>
      ))}
    </div>
  );
});

export const Toolbar = observer(function Toolbar({ store, buttons = DEFAULT_TOOLBAR, extra }: ToolbarProps) {
  const t = useT();
  const auth = useAuth();
  const has = (b: CrudToolbarButton) => buttons.includes(b);
  const selected = store.selectedKeys.length;
  const canSearch = has('search') && searchableColumns(store.columns).length > 0;

  return (
    <div className="crud-toolbar">
      <Space wrap size={8} className="crud-toolbar-left">
        {has('refresh') && (
          <Tooltip content={t('crud.refresh')}>
            <Button icon={<IconRefresh />} onClick={() => void store.refresh()} loading={store.loading} data-crud="refresh" aria-label={t('crud.refresh')} />
          </Tooltip>
        )}
        {has('add') && auth('add') && (
          <Button type="primary" icon={<IconPlus />} onClick={() => store.openAdd()} data-crud="add">
            {t('crud.add')}
          </Button>
        )}
        {has('delete') && auth('del') && (
          <Popconfirm
            title={t('crud.confirmDeleteSelected', { count: selected })}
            disabled={!selected}
            onOk={() => store.removeSelected()}
            okButtonProps={{ status: 'danger' }}
          >
            <Button status="danger" icon={<IconDelete />} disabled={!selected} data-crud="delete-selected">
              {t('crud.delete')}
              {selected ? ` (${selected})` : ''}
            </Button>
          </Popconfirm>
        )}
        {has('expand') && store.isTree && (
          <Button icon={store.allExpanded ? <IconShrink /> : <IconExpand />} onClick={() => store.toggleExpandAll()} data-crud="expand">
            {store.allExpanded ? t('crud.collapseAll') : t('crud.expandAll')}
          </Button>
        )}
        {extra}
      </Space>
      <Space wrap size={8} className="crud-toolbar-right">
        {has('quickSearch') && store.options.quickSearchFields && store.options.quickSearchFields.length > 0 && <QuickSearch store={store} />}
        {canSearch && (
          <Tooltip content={store.showSearch ? t('crud.hideSearch') : t('crud.showSearch')}>
            <Badge count={store.activeSearchCount} dot>
              <Button
                icon={<IconFilter />}
                type={store.showSearch ? 'primary' : 'secondary'}
                onClick={() => store.toggleSearch()}
                data-crud="toggle-search"
                aria-label={t('crud.showSearch')}
              />
            </Badge>
          </Tooltip>
        )}
        {has('columns') && (
          <Dropdown droplist={<ColumnMenu store={store} />} trigger="click" position="br">
            <Button icon={<IconList />} data-crud="columns" aria-label={t('crud.columns')} title={t('crud.columns')} />
          </Dropdown>
        )}
      </Space>
    </div>
  );
});

export default Toolbar;
