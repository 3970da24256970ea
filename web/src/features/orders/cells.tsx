/**
 * Small pieces shared by the warehouse pages: translated messages, right-aligned numbers and money, signed
 * quantities coloured by direction, state tags.
 */
import { Fragment } from 'react';
import './i18n';
import { Tag } from '@arco-design/web-react';
import type { CrudOption } from '@/components/crud';
import type { TFunction } from '@/lang';
import { formatMoney } from './money';
import type { Message } from './formStore';

export function msgText(t: TFunction, m: Message | undefined | null): string {
  return m ? t(m.key, m.args) : '';
}

/** A whole number right-aligned with thousands separators ('-' when empty). */
export function NumberCell({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="orders-num">-</span>;
  const n = Number(value);
  return <span className="orders-num">{Number.isFinite(n) ? n.toLocaleString('en-US') : String(value)}</span>;
}

/** Money with 2 decimals, right-aligned. */
export function MoneyCell({ value, strong }: { value: unknown; strong?: boolean }) {
  return <span className={`orders-num${strong ? ' orders-strong' : ''}`}>{formatMoney(value)}</span>;
}

/** A signed change: "+10" in green (stock in), "-3" in red (stock out). */
export function SignedCell({ value, money }: { value: unknown; money?: boolean }) {
  if (value === null || value === undefined || value === '') return <span className="orders-num">-</span>;
  const text = String(value).trim();
  const negative = text.startsWith('-');
  const zero = /^[-+]?0*(\.0*)?$/.test(text);
  const body = money ? formatMoney(negative ? text.slice(1) : text) : Number(negative ? text.slice(1) : text).toLocaleString('en-US');
  const cls = zero ? '' : negative ? ' is-out' : ' is-in';
  return (
    <span className={`orders-num orders-signed${cls}`} data-sign={zero ? '0' : negative ? '-' : '+'}>
      {zero ? body : `${negative ? '-' : '+'}${body}`}
    </span>
  );
}

/** A tag of an enumeration value with its translated label. */
export function StateTag({ t, options, value }: { t: TFunction; options: CrudOption[]; value: unknown }) {
  if (value === null || value === undefined || value === '') return <>-</>;
  const hit = options.find((o) => String(o.value) === String(value));
  return (
    <Tag size="small" color={hit?.color ?? 'gray'} data-value={String(value)}>
      {hit ? t(hit.label) : String(value)}
    </Tag>
  );
}

/**
 * A shelf location ("North warehouse / Area A / C-04 shelf"): lines break only between its parts, never
 * inside a shelf code ("C-0" / "4").
 */
export function LocationText({ value }: { value: unknown }) {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return <>-</>;
  const parts = text.split(/\s*\/\s*/);
  return (
    <span className="orders-location" title={text}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          <span className="orders-location-part">{part}</span>
          {i < parts.length - 1 ? ' / ' : ''}
        </Fragment>
      ))}
    </span>
  );
}

/** A product's name with its spec beside it, muted (`-` without a name). */
export function NameWithSpec({ name, spec }: { name: unknown; spec?: unknown }) {
  return (
    <span>
      {String(name ?? '-')}
      {spec ? <span className="orders-sub"> · {String(spec)}</span> : null}
    </span>
  );
}
