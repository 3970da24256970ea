/**
 * Arco's Table as every list of the back office uses it (CrudTable, the count review, an order's lines): on
 * a desktop exactly Arco's Table; on a phone (usePhone) two things more, so nothing needs a sideways swipe:
 * - the pagination is the compact one (‹ 3 / 12 ›, the total on one line): no page-size menu or jumper
 *   that would wrap a word a line;
 * - each row opens, by a tap on its ▸ button at the left, the row's every column as a label / value list
 *   that fits the screen (lot and expiry on the stock list, counted / variance / value in a count review,
 *   the allocations of an order's line): the key columns are one tap away whatever their place. Tree
 *   tables (rows with children) keep their own expansion, and `rowDetail={false}` turns it off.
 */
import './i18n';
import type { ReactNode } from 'react';
import { Table } from '@arco-design/web-react';
import type { ColumnProps, TableProps } from '@arco-design/web-react/es/Table/interface';
import { IconDown, IconRight } from '@arco-design/web-react/icon';
import { usePhone } from '@/hooks/usePhone';
import { useT } from '@/lang';

/** Width of the ▸ column on a phone (a 40 px touch target with its padding). */
export const ROW_DETAIL_COLUMN_WIDTH = 56;

export type ListTableProps<Row> = TableProps<Row> & {
  /** on a phone, a ▸ button a row that opens all its columns (default true; off for tree tables). */
  rowDetail?: boolean;
  'data-stocktake'?: string;
  'data-orders'?: string;
};

function valueAt(row: Record<string, any>, path: string | undefined): unknown {
  if (!path) return undefined;
  return path.split('.').reduce<any>((value, key) => (value === null || value === undefined ? undefined : value[key]), row);
}

/** Every column of a row (but its actions) as a label / value list. */
export function RowDetail<Row extends Record<string, any>>({ columns, row, index }: { columns: ColumnProps<Row>[]; row: Row; index: number }) {
  const items = columns.filter((c) => c.key !== '__operate' && c.title !== undefined && c.title !== '#');
  return (
    <dl className="list-row-detail" data-crud="row-detail-list">
      {items.map((column, i) => {
        const raw = valueAt(row, column.dataIndex);
        const shown: ReactNode = column.render ? column.render(raw, row, index) : ((raw as ReactNode) ?? '-');
        return (
          <div className="list-row-detail-item" key={String(column.key ?? column.dataIndex ?? i)}>
            <dt>{column.title as ReactNode}</dt>
            <dd>{shown}</dd>
          </div>
        );
      })}
    </dl>
  );
}

export function ListTable<Row extends Record<string, any>>(props: ListTableProps<Row>) {
  const { rowDetail = true, ...tableProps } = props;
  const phone = usePhone();
  const t = useT();
  if (!phone) return <Table<Row> {...tableProps} />;

  const pagination = tableProps.pagination && typeof tableProps.pagination === 'object' ? { ...tableProps.pagination, simple: true, sizeCanChange: false, showJumper: false, size: 'small' as const } : tableProps.pagination;
  const children = tableProps.childrenColumnName ?? 'children';
  const tree = (tableProps.data ?? []).some((r) => Array.isArray(r?.[children]));
  const withDetail = rowDetail && !tree && !tableProps.expandedRowRender;
  const columns = tableProps.columns ?? [];
  const className = [tableProps.className, 'list-table-phone'].filter(Boolean).join(' ');
  const scroll = withDetail && typeof tableProps.scroll?.x === 'number' ? { ...tableProps.scroll, x: tableProps.scroll.x + ROW_DETAIL_COLUMN_WIDTH } : tableProps.scroll;

  return (
    <Table<Row>
      {...tableProps}
      className={className}
      pagination={pagination}
      scroll={scroll}
      {...(withDetail
        ? {
            expandedRowRender: (row: Row, index: number) => <RowDetail columns={columns} row={row} index={index} />,
            expandProps: {
              width: ROW_DETAIL_COLUMN_WIDTH,
              icon: ({ expanded }: { expanded?: boolean }) => (
                <button type="button" className="list-row-detail-button" data-crud="row-detail" aria-expanded={!!expanded} aria-label={t(expanded ? 'crud.rowDetailClose' : 'crud.rowDetail')}>
                  {expanded ? <IconDown /> : <IconRight />}
                </button>
              ),
            },
          }
        : {})}
    />
  );
}

export default ListTable;
