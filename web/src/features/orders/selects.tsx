/**
 * The selects of the order forms and the stock / history filters: products (with the stock on hand in each
 * option), warehouses, and shelves narrowed to a warehouse (with the chosen product's quantity per shelf).
 */
import './i18n';
import { observer } from 'mobx-react-lite';
import type { SelectProps } from '@arco-design/web-react';
import type { AreaPick, ProductPick, ShelfPick } from '@contract/master-data';
import RemoteSelect from '@/components/RemoteSelect';
import type { RemoteOption } from '@/components/RemoteSelect/store';
import { useT } from '@/lang';
import { SELECT_URL } from '@/api/masterData';

const POPUP: Partial<SelectProps> = { triggerProps: { autoAlignPopupWidth: false, autoAlignPopupMinWidth: true, position: 'bl' } };

/** A select's props with its test id (`data-orders`, which Arco passes on to the element). */
function selectProps(testId: string | undefined, props: Partial<SelectProps> = {}): Partial<SelectProps> {
  return { ...props, ...({ 'data-orders': testId } as Partial<SelectProps>) };
}

export function productLabel(row: Pick<ProductPick, 'id' | 'name' | 'product_no'>): string {
  const no = row.product_no ? String(row.product_no) : '';
  const name = row.name ? String(row.name) : '';
  return no && name ? `${no} · ${name}` : no || name || String(row.id ?? '');
}

export function shelfLabel(row: Pick<ShelfPick, 'id' | 'name' | 'serial_no' | 'warehouse' | 'area'>, withWarehouse = true): string {
  const parts = [withWarehouse ? row.warehouse?.name : null, row.area?.name, row.name].filter((p) => p !== null && p !== undefined && p !== '');
  const text = parts.join(' / ');
  return row.serial_no ? `${text} (${row.serial_no})` : text || String(row.id ?? '');
}

export interface ProductSelectProps {
  value?: number | null;
  onChange?: (value: number | null, row: ProductPick | null) => void;
  placeholder?: string;
  disabled?: boolean;
  style?: React.CSSProperties;
  /** show the stock on hand in each option (default true) */
  showStock?: boolean;
  status?: 'error' | 'warning';
}

/** Products: "P001 · Screws", each option with its stock on hand. */
export const ProductSelect = observer(function ProductSelect({ value, onChange, placeholder, disabled, style, showStock = true, status }: ProductSelectProps) {
  const t = useT();
  const renderOption = (o: RemoteOption<ProductPick>) => {
    const row = o.raw;
    const unit = row.unit?.name ?? '';
    const stock = Number(row.total_stock_num ?? 0);
    const low = Number(row.safety_stock_num ?? 0) > 0 && stock < Number(row.safety_stock_num);
    return (
      <div className="orders-option">
        <span className="orders-option-main">
          <span className="orders-option-code">{row.product_no}</span>
          <span>{row.name}</span>
          {row.spec ? <span className="orders-option-sub">{row.spec}</span> : null}
        </span>
        {showStock && (
          <span className={`orders-option-stock${stock <= 0 ? ' is-empty' : low ? ' is-low' : ''}`}>{t('orders.onHand', { quantity: stock, unit })}</span>
        )}
      </div>
    );
  };
  return (
    <RemoteSelect<ProductPick>
      url={SELECT_URL.product}
      labelField={productLabel}
      value={value ?? undefined}
      placeholder={placeholder ?? t('orders.form.pickProduct')}
      disabled={disabled}
      style={style}
      renderOption={renderOption}
      selectProps={selectProps('product-select', { ...POPUP, status })}
      onChange={(v, rows) => onChange?.(v === null || v === undefined || v === '' ? null : Number(v), rows[0] ?? null)}
    />
  );
});

export interface WarehouseSelectProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  disabled?: boolean;
  style?: React.CSSProperties;
}

export const WarehouseSelect = observer(function WarehouseSelect({ value, onChange, placeholder, disabled, style }: WarehouseSelectProps) {
  const t = useT();
  return (
    <RemoteSelect
      url={SELECT_URL.warehouse}
      labelField="name"
      value={value ?? undefined}
      placeholder={placeholder ?? t('orders.form.warehouse')}
      disabled={disabled}
      style={style}
      selectProps={selectProps('warehouse-select', POPUP)}
      onChange={(v) => onChange?.(v === null || v === undefined || v === '' ? null : Number(v))}
    />
  );
});

export interface AreaSelectProps extends WarehouseSelectProps {
  warehouseId?: number | null;
}

export const AreaSelect = observer(function AreaSelect({ value, onChange, placeholder, disabled, style, warehouseId }: AreaSelectProps) {
  const t = useT();
  return (
    <RemoteSelect<AreaPick>
      key={`area-${warehouseId ?? 0}`}
      url={SELECT_URL.area}
      labelField={(row: AreaPick) => (warehouseId ? String(row.name ?? '') : [row.warehouse?.name, row.name].filter(Boolean).join(' / '))}
      params={warehouseId ? { warehouse_id: warehouseId } : undefined}
      value={value ?? undefined}
      placeholder={placeholder ?? t('orders.form.area')}
      disabled={disabled}
      style={style}
      selectProps={selectProps('area-select', POPUP)}
      onChange={(v) => onChange?.(v === null || v === undefined || v === '' ? null : Number(v))}
    />
  );
});

export interface ShelfSelectProps {
  value?: number | null;
  onChange?: (value: number | null, row: ShelfPick | null) => void;
  warehouseId?: number | null;
  areaId?: number | null;
  placeholder?: string;
  disabled?: boolean;
  style?: React.CSSProperties;
  /** the quantity of the line's product on a shelf (undefined: unknown), shown in the options */
  stockOn?: (shelfId: number) => number | undefined;
  status?: 'error' | 'warning';
}

/** Shelves, narrowed to a warehouse (and area) when one is chosen; remounted when the filter changes. */
export const ShelfSelect = observer(function ShelfSelect({ value, onChange, warehouseId, areaId, placeholder, disabled, style, stockOn, status }: ShelfSelectProps) {
  const t = useT();
  const params: Record<string, unknown> = {};
  if (warehouseId) params.warehouse_id = warehouseId;
  if (areaId) params.warehouse_area_id = areaId;
  const renderOption = (o: RemoteOption<ShelfPick>) => {
    const quantity = stockOn ? stockOn(Number(o.value)) : undefined;
    return (
      <div className="orders-option">
        <span className="orders-option-main">{o.label}</span>
        {quantity !== undefined && <span className={`orders-option-stock${quantity <= 0 ? ' is-empty' : ''}`}>{t('orders.onShelf', { quantity })}</span>}
      </div>
    );
  };
  return (
    <RemoteSelect<ShelfPick>
      key={`shelf-${warehouseId ?? 0}-${areaId ?? 0}`}
      url={SELECT_URL.shelf}
      labelField={(row: ShelfPick) => shelfLabel(row, !warehouseId)}
      params={params}
      value={value ?? undefined}
      placeholder={placeholder ?? t('orders.form.shelf')}
      disabled={disabled}
      style={style}
      renderOption={renderOption}
      selectProps={selectProps('shelf-select', { ...POPUP, status })}
      onChange={(v, rows) => onChange?.(v === null || v === undefined || v === '' ? null : Number(v), rows[0] ?? null)}
    />
  );
});

/** A remote select of a party (supplier, customer, carrier) by name. */
export function PartySelect(props: { url: string; value?: number | null; onChange?: (v: number | null) => void; placeholder?: string; status?: 'error'; testId?: string }) {
  return (
    <RemoteSelect
      url={props.url}
      labelField="name"
      value={props.value ?? undefined}
      placeholder={props.placeholder}
      selectProps={selectProps(props.testId, { status: props.status })}
      onChange={(v) => props.onChange?.(v === null || v === undefined || v === '' ? null : Number(v))}
    />
  );
}
