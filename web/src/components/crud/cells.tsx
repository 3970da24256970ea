/**
 * Cell renderers of the CRUD table: text, tag(s) with translated enum labels, switch, image(s), datetime,
 * icon, url, colour.
 */
import { observer } from 'mobx-react-lite';
import { Image, Link, Switch, Tag, Space, Typography } from '@arco-design/web-react';
import { CrudIcon } from './icons';
import { formatDatetime, getByPath, DATE_FORMAT } from './params';
import type { CrudColumn, CrudOption } from './types';
import type { CrudTableStore } from './store';
import type { TFunction } from '@/lang';

type T = TFunction;

const TAG_COLORS = ['arcoblue', 'green', 'orange', 'red', 'purple', 'cyan', 'gold', 'magenta', 'lime', 'pinkpurple'];

export function findOption(options: CrudOption[] | undefined, value: unknown): { option: CrudOption; index: number } | null {
  if (!options) return null;
  const index = options.findIndex((o) => String(o.value) === String(value));
  return index < 0 ? null : { option: options[index], index };
}

/** Translated label of an enum value ('-' when empty). */
export function optionText(t: T, options: CrudOption[] | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  const hit = findOption(options, value);
  return hit ? t(hit.option.label) : String(value);
}

export function isTruthySwitch(v: unknown): boolean {
  return v === 1 || v === '1' || v === true || v === 'true';
}

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === null || value === undefined || value === '') return [];
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter(Boolean);
  return [value];
}

const SwitchCell = observer(function SwitchCell({ store, row, column, editable }: { store: CrudTableStore<any>; row: any; column: CrudColumn; editable: boolean }) {
  const value = getByPath(row, column.prop);
  return (
    <Switch
      size="small"
      checked={isTruthySwitch(value)}
      disabled={!editable}
      onChange={(checked) => void store.changeField(row, column.prop, checked ? 1 : 0)}
    />
  );
});

export interface CellContext {
  t: T;
  store: CrudTableStore<any>;
  /** the current admin may use the edit node (switch cells). */
  canEdit: boolean;
}

export function renderCell(column: CrudColumn, row: any, index: number, ctx: CellContext) {
  const { t } = ctx;
  const value = getByPath(row, column.prop);
  if (column.cell) return column.cell(value, row, index);
  switch (column.render) {
    case 'datetime':
      return <span className="crud-nowrap">{formatDatetime(value)}</span>;
    case 'date':
      return <span className="crud-nowrap">{formatDatetime(value, DATE_FORMAT)}</span>;
    case 'tag': {
      if (value === null || value === undefined || value === '') return '-';
      const hit = findOption(column.options, value);
      const color = hit ? (hit.option.color ?? TAG_COLORS[hit.index % TAG_COLORS.length]) : 'gray';
      return (
        <Tag size="small" color={color}>
          {hit ? t(hit.option.label) : String(value)}
        </Tag>
      );
    }
    case 'tags': {
      const items = listOf(value);
      if (!items.length) return '-';
      return (
        <Space size={4} wrap>
          {items.map((item, i) => {
            const hit = findOption(column.options, item);
            const text = hit ? t(hit.option.label) : column.translate ? t(String(item)) : String(item);
            const color = hit?.option.color ?? TAG_COLORS[(hit ? hit.index : i) % TAG_COLORS.length];
            return (
              <Tag key={`${String(item)}-${i}`} size="small" color={color}>
                {text}
              </Tag>
            );
          })}
        </Space>
      );
    }
    case 'switch':
      return <SwitchCell store={ctx.store} row={row} column={column} editable={!!column.switchEditable && ctx.canEdit} />;
    case 'image':
      return value ? <Image className="crud-thumb" width={36} height={36} src={String(value)} alt="" /> : '-';
    case 'images': {
      const items = listOf(value);
      if (!items.length) return '-';
      return (
        <Image.PreviewGroup>
          <Space size={4}>
            {items.map((src, i) => (
              <Image key={i} className="crud-thumb" width={36} height={36} src={String(src)} alt="" />
            ))}
          </Space>
        </Image.PreviewGroup>
      );
    }
    case 'icon':
      return value ? (
        <span className="crud-icon-cell" title={String(value)}>
          <CrudIcon name={String(value)} fallback={<Typography.Text type="secondary">{String(value)}</Typography.Text>} />
        </span>
      ) : (
        '-'
      );
    case 'url':
      return value ? (
        <Link href={String(value)} target="_blank" rel="noreferrer">
          {String(value)}
        </Link>
      ) : (
        '-'
      );
    case 'color':
      return value ? <span className="crud-color" style={{ background: String(value) }} title={String(value)} /> : '-';
    default: {
      if (column.options) return optionText(t, column.options, value);
      if (value === null || value === undefined || value === '') return '-';
      if (typeof value === 'object') return JSON.stringify(value);
      return String(value);
    }
  }
}
