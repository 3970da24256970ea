/**
 * The list of a CRUD page: remark, search form, toolbar, Arco table (remote pagination and sorting, row
 * selection, tree rows) and the row buttons (weigh-sort drag handle, custom actions, edit, delete).
 * Row buttons whose node is missing (`useAuth()('edit')` …) are not rendered.
 */
import './i18n';
import { useEffect, useState, type DragEvent, type ReactElement, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Space, Tooltip } from '@arco-design/web-react';
import type { ColumnProps, TableProps } from '@arco-design/web-react/es/Table/interface';
import { IconDelete, IconDragDotVertical, IconEdit } from '@arco-design/web-react/icon';
import { useAuth } from '@/hooks/useAuth';
import { usePhone } from '@/hooks/usePhone';
import { useT } from '@/lang';
import { timeZoneLabel } from '@/utils/time';
import { renderCell } from './cells';
import { ConfirmWithTip } from './ConfirmWithTip';
import { ListTable } from './ListTable';
import SearchForm from './SearchForm';
import Toolbar from './Toolbar';
import type { CrudTableStore, Key } from './store';
import type { CrudRowAction, CrudRowButton, CrudToolbarButton } from './types';
import './crud.css';

export interface CrudTableProps<Row extends Record<string, any> = any> {
  store: CrudTableStore<Row>;
  /** toolbar buttons (default: all that apply). */
  toolbar?: CrudToolbarButton[];
  toolbarExtra?: ReactNode;
  /** built-in row buttons (default: weigh-sort when a `weigh` column exists, edit, delete). */
  rowButtons?: CrudRowButton[];
  /** custom row buttons, drawn before the built-in ones. */
  rowActions?: CrudRowAction<Row>[];
  /**
   * Rows on which a built-in button is offered (default: all). A row without 'delete' also cannot be
   * selected for the bulk delete. E.g. an admin's own account or own groups.
   */
  rowButtonVisible?: Partial<Record<'edit' | 'delete', (row: Row) => boolean>>;
  /** checkbox column (default: when the delete button is in the toolbar). */
  selectable?: boolean;
  /**
   * Permission nodes of the page whose buttons act on the selected rows (default ['del']): the checkboxes show
   * when the admin holds any of them (a read-only admin may still select rows to print their labels).
   */
  selectionNodes?: string[];
  /** width of the operation column. */
  operateWidth?: number;
  /** start the page's data load (default true). */
  autoLoad?: boolean;
  tableProps?: Partial<TableProps<Row>>;
}

const DEFAULT_COLUMN_WIDTH = 140;

const ACTION_STATUS: Record<string, 'warning' | 'danger' | 'success' | undefined> = {
  warning: 'warning',
  danger: 'danger',
  success: 'success',
};

/** The actions column on a phone: three 40 px buttons a row, wrapping onto more rows. */
const PHONE_ACTIONS_MAX_WIDTH = 154;

function CrudTableInner<Row extends Record<string, any>>(props: CrudTableProps<Row>) {
  const { store, toolbar, toolbarExtra, rowActions = [], rowButtonVisible = {}, operateWidth, autoLoad = true, tableProps } = props;
  const t = useT();
  const auth = useAuth();
  // a phone: row buttons are 40 px touch targets, wrapped in a narrow actions column kept at the right edge,
  // and no column is fixed at the left (both fixed sides would leave no room for the rest)
  const phone = usePhone();
  const [dragId, setDragId] = useState<Key | null>(null);
  const [overId, setOverId] = useState<Key | null>(null);

  useEffect(() => (autoLoad ? store.mount() : undefined), [store, autoLoad]);

  const rowButtons: CrudRowButton[] =
    props.rowButtons ?? [...(store.columns.some((c) => c.prop === 'weigh') ? (['weigh-sort'] as CrudRowButton[]) : []), 'edit', 'delete'];
  const toolbarButtons = toolbar;
  const canEdit = auth('edit');
  const showSort = rowButtons.includes('weigh-sort') && auth('sortable');
  const showEdit = rowButtons.includes('edit') && canEdit;
  const showDelete = rowButtons.includes('delete') && auth('del');
  const actions = rowActions.filter((a) => !a.auth || auth(a.auth));
  const selectable = props.selectable ?? (toolbar ?? ['delete']).includes('delete');

  const pk = store.pk;
  const columns: ColumnProps<Row>[] = store.visibleColumns.map((column) => ({
    key: column.prop,
    dataIndex: column.prop,
    title: t(column.label),
    width: column.width ?? column.minWidth ?? DEFAULT_COLUMN_WIDTH,
    fixed: phone && column.fixed === 'left' ? undefined : column.fixed,
    align: column.align ?? (['switch', 'image', 'icon', 'tag'].includes(column.render ?? '') ? 'center' : undefined),
    ellipsis: column.ellipsis,
    tooltip: column.ellipsis,
    sorter: column.sortable ? true : undefined,
    sortOrder: column.sortable && store.order && store.order.field === column.prop ? (store.order.dir === 'asc' ? 'ascend' : 'descend') : undefined,
    render: (_: unknown, row: Row, index: number) => renderCell(column, row, index, { t, store, canEdit }),
  }));

  const hasOperate = showSort || showEdit || showDelete || actions.length > 0;
  if (hasOperate) {
    columns.push({
      key: '__operate',
      title: t('crud.operate'),
      fixed: 'right',
      align: 'center',
      width: phone
        ? Math.min(PHONE_ACTIONS_MAX_WIDTH, 16 + 46 * (actions.length + (showEdit ? 1 : 0) + (showDelete ? 1 : 0)))
        : (operateWidth ?? Math.max(90, 34 + 30 * (actions.length + (showSort ? 1 : 0) + (showEdit ? 1 : 0) + (showDelete ? 1 : 0)))),
      render: (_: unknown, row: Row) => {
        const id = row[pk] as Key;
        return (
          <Space size={6} wrap={phone} className={`crud-row-actions${phone ? ' is-phone' : ''}`}>
            {showSort && !phone && (
              <Tooltip content={t('crud.dragSort')}>
                <span
                  className="crud-drag-handle"
                  draggable
                  data-crud="row-sort"
                  aria-label={t('crud.dragSort')}
                  onDragStart={(e) => {
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', String(id));
                    setDragId(id);
                  }}
                  onDragEnd={() => {
                    setDragId(null);
                    setOverId(null);
                  }}
                >
                  <IconDragDotVertical />
                </span>
              </Tooltip>
            )}
            {actions
              .filter((a) => !a.display || a.display(row))
              .map((a) => {
                const button = (
                  <Button
                    size="mini"
                    type="secondary"
                    status={ACTION_STATUS[a.status ?? '']}
                    icon={a.icon}
                    data-crud={`row-${a.name}`}
                    aria-label={t(a.title)}
                    onClick={a.confirm ? undefined : () => a.onClick(row)}
                  >
                    {a.icon ? null : t(a.title)}
                  </Button>
                );
                return a.confirm ? (
                  <ConfirmWithTip key={a.name} tip={t(a.title)} title={t(a.confirm)} onOk={() => a.onClick(row)}>
                    {button}
                  </ConfirmWithTip>
                ) : (
                  <Tooltip key={a.name} content={t(a.title)}>
                    {button}
                  </Tooltip>
                );
              })}
            {showEdit && !(rowButtonVisible.edit?.(row) ?? true) && <span className="crud-row-button-gap" aria-hidden />}
            {showEdit && (rowButtonVisible.edit?.(row) ?? true) && (
              <Tooltip content={t('crud.edit')}>
                <Button size="mini" type="primary" icon={<IconEdit />} data-crud="row-edit" aria-label={t('crud.edit')} onClick={() => void store.openEdit(id)} />
              </Tooltip>
            )}
            {showDelete && !(rowButtonVisible.delete?.(row) ?? true) && <span className="crud-row-button-gap" aria-hidden />}
            {showDelete && (rowButtonVisible.delete?.(row) ?? true) && (
              <ConfirmWithTip tip={t('crud.delete')} title={t('crud.confirmDelete')} onOk={() => store.remove([id])} okButtonProps={{ status: 'danger' }}>
                <Button size="mini" type="primary" status="danger" icon={<IconDelete />} data-crud="row-delete" aria-label={t('crud.delete')} />
              </ConfirmWithTip>
            )}
          </Space>
        );
      },
    });
  }

  const data = store.tableData;
  // times are shown in the site's zone (the one of order numbers, exports and "today"): the page says which
  const showsTime = store.visibleColumns.some((c) => c.render === 'datetime' || c.render === 'date');
  // fixed layout: every column gets its width, the table scrolls sideways when they add up to more than the page
  const scrollX = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : DEFAULT_COLUMN_WIDTH), 0) + (selectable ? 48 : 0);

  return (
    <div className="crud">
      {store.remark ? <Alert className="crud-remark" type="info" content={store.remark} showIcon /> : null}
      {store.showSearch && <SearchForm store={store} />}
      <Toolbar store={store} buttons={toolbarButtons} extra={toolbarExtra} />
      <ListTable<Row>
        className="crud-table"
        rowDetail={!store.isTree}
        rowKey={pk}
        border={{ wrapper: true, cell: false }}
        stripe={false}
        loading={store.loading}
        columns={columns}
        data={data}
        scroll={{ x: scrollX }}
        rowSelection={
          selectable && (props.selectionNodes ?? ['del']).some((node) => auth(node))
            ? {
                type: 'checkbox',
                selectedRowKeys: store.selectedKeys,
                checkStrictly: true,
                checkboxProps: (row: Row) => ({ disabled: !(rowButtonVisible.delete?.(row) ?? true) }),
                onChange: (keys) => store.setSelectedKeys(keys as Key[]),
              }
            : undefined
        }
        expandedRowKeys={store.isTree ? store.expandedKeys : undefined}
        onExpandedRowsChange={store.isTree ? (keys) => store.setExpandedKeys(keys as Key[]) : undefined}
        pagination={
          store.isTree
            ? false
            : {
                current: store.page,
                pageSize: store.limit,
                total: store.total,
                showTotal: (total: number) => (store.totalCapped ? t('crud.totalCapped', { total: total.toLocaleString('en-US') }) : t('crud.total', { total })),
                sizeCanChange: true,
                sizeOptions: [10, 20, 50, 100],
                showJumper: store.total > store.limit * 5,
              }
        }
        onChange={(pagination, sorter, _filters, extra) => {
          if (extra.action === 'sort') {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            if (s && s.direction && s.field) store.setOrder({ field: String(s.field), dir: s.direction === 'ascend' ? 'asc' : 'desc' });
            else store.setOrder(null);
          } else if (extra.action === 'paginate') {
            store.setPage(pagination.current ?? 1, pagination.pageSize);
          }
        }}
        rowClassName={(row: Row) => (overId !== null && String(row[pk]) === String(overId) && String(dragId) !== String(overId) ? 'crud-drop-target' : '')}
        onRow={(row: Row) =>
          showSort
            ? {
                onDragOver: (e: DragEvent) => {
                  if (dragId === null) return;
                  e.preventDefault();
                  if (String(overId) !== String(row[pk])) setOverId(row[pk] as Key);
                },
                onDragLeave: () => undefined,
                onDrop: (e: DragEvent) => {
                  e.preventDefault();
                  const from = dragId ?? e.dataTransfer.getData('text/plain');
                  setDragId(null);
                  setOverId(null);
                  if (from !== null && from !== '' && String(from) !== String(row[pk])) void store.sortable(from, row[pk] as Key);
                },
              }
            : {}
        }
        {...tableProps}
      />
      {showsTime && (
        <div className="crud-time-zone" data-crud="time-zone">
          {t('crud.timesIn', { zone: timeZoneLabel() })}
        </div>
      )}
    </div>
  );
}

export const CrudTable = observer(CrudTableInner) as <Row extends Record<string, any>>(props: CrudTableProps<Row>) => ReactElement;

export default CrudTable;
