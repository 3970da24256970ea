/**
 * The line editor of an order form: one row per line with the product (stock on hand in the options), the
 * shelf (warehouse first, then its shelves, with the product's quantity on each), quantities, price and the
 * line total computed as you type; totals of the order under it. Relocation lines have a source and a
 * target shelf and a planned quantity.
 */
import { SerialCapture } from '@/features/serials/SerialCapture';
import './i18n';
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Input, InputNumber, Select, Table, Tooltip } from '@arco-design/web-react';
import { DatePicker } from '@/components/SiteDatePicker';
import '@/features/lots/i18n';
import '@/features/lots/lots.css';
import type { ColumnProps } from '@arco-design/web-react/es/Table/interface';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useT, type TFunction } from '@/lang';
import { formatCents, lineTotalCents } from './money';
import { msgText } from './cells';
import { ADJUSTMENT_REASONS, baseOf, type LineDraft, type LineField, type OrderFormStore, type ShelfSide } from './formStore';
import { ProductSelect, ShelfSelect, WarehouseSelect } from './selects';
import { SCAN_NODE } from './scan';
import ScanField from './ScanField';
import { useStore } from '@/stores/context';
import { usePhone } from '@/hooks/usePhone';
import { LOT_NO_MAX_LENGTH } from '@contract/lots';
import type { PutawaySuggestionView } from '@contract/directed';
import { fetchJson } from '@/api/crud';

type Props = { store: OrderFormStore; line: LineDraft };

/** The error (red) or else the warning (orange) under a control; keeps its height so rows do not jump. */
const FieldMessage = observer(function FieldMessage({ store, line, field, hint }: Props & { field: LineField; hint?: React.ReactNode }) {
  const t = useT();
  const error = store.lineError(line.key, field);
  const warning = error ? undefined : store.lineWarning(line.key, field);
  if (error) return <div className="orders-field-msg is-error" data-orders="line-error">{msgText(t, error)}</div>;
  if (warning) return <div className="orders-field-msg is-warning" data-orders="line-warning">{msgText(t, warning)}</div>;
  return <div className="orders-field-msg is-hint">{hint ?? ''}</div>;
});

const ProductCell = observer(function ProductCell({ store, line }: Props) {
  const t = useT();
  const total = store.productTotal(line);
  const p = line.product;
  const hint =
    line.product_id && p ? (
      <>
        {total !== undefined ? t('orders.onHand', { quantity: total, unit: p.unit_name ?? '' }) : ''}
        {p.spec ? ` · ${p.spec}` : ''}
      </>
    ) : null;
  return (
    <div className="orders-cell" data-orders="line-product">
      <ProductSelect
        value={line.product_id}
        status={store.lineError(line.key, 'product_id') ? 'error' : undefined}
        onChange={(v, row) => store.setProduct(line.key, v, row)}
      />
      <FieldMessage store={store} line={line} field="product_id" hint={hint} />
      <UnitPicker store={store} line={line} />
    </div>
  );
});

/**
 * The unit a line's quantities are typed in (§14): the product's own or one of its units (pallet, case …),
 * shown once the product has units (or the line was entered in one); the base quantity is said beside it.
 */
const UnitPicker = observer(function UnitPicker({ store, line }: Props) {
  const t = useT();
  const options = store.unitOptions(line);
  if (options.length < 2 && !line.unit) return null;
  const typed = store.kind === 'adjustment' ? line.quantity : line.plan_quantity;
  const base = baseOf(line, typed);
  return (
    <div className="orders-unit" data-orders="line-unit">
      <span className="orders-unit-label">{t('orders.unit.label')}</span>
      <Select
        size="small"
        className="orders-unit-select"
        value={line.unit?.id ?? 0}
        onChange={(id: number) => store.setUnit(line.key, options.find((u) => u.id === id) ?? null)}
        options={options.map((u) => ({ value: u.id, label: u.id ? t('orders.unit.option', { name: u.name, factor: u.factor }) : u.name || t('orders.unit.own') }))}
      />
      {line.unit && base !== null ? (
        <span className="orders-unit-base" data-orders="line-unit-base">
          {t('orders.unit.base', { quantity: base.toLocaleString('en-US'), unit: line.product?.unit_name ?? '' })}
        </span>
      ) : null}
    </div>
  );
});

/**
 * An inbound line left without a shelf on an order naming its warehouse: where the putaway would go now
 * (`wms.Putaway/suggest`, asked once the product and quantity settle); the audit plans the real tasks.
 */
const PutawayHint = observer(function PutawayHint({ store, line }: Props) {
  const t = useT();
  const warehouseId = store.header.warehouse_id ?? null;
  const quantity = line.actual_quantity ?? line.plan_quantity ?? 0;
  const [text, setText] = useState('');
  useEffect(() => {
    if (!warehouseId || !line.product_id || !(quantity > 0)) return setText('');
    let live = true;
    const timer = setTimeout(() => {
      fetchJson<PutawaySuggestionView>('/admin/wms.Putaway/suggest', { warehouse_id: warehouseId, product_id: line.product_id, quantity })
        .then((s) => {
          if (!live) return;
          const parts = s.lines.map((l) => `${l.shelf?.serial_no || l.shelf?.name || l.warehouse_shelf_id} ×${l.quantity}`);
          if (s.unplaced) parts.push(t('orders.putawayUnplaced', { quantity: s.unplaced }));
          setText(t('orders.putawaySuggested', { shelves: parts.join(' · ') }));
        })
        .catch(() => live && setText(''));
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [warehouseId, line.product_id, quantity, t]);
  return text ? (
    <div className="orders-field-msg is-hint" data-orders="putaway-hint">
      {text}
    </div>
  ) : null;
});

const ShelfCell = observer(function ShelfCell({ store, line, side }: Props & { side: ShelfSide }) {
  const t = useT();
  const warehouseId = side === 'warehouse' ? line.warehouse_id : side === 'source' ? line.source_warehouse_id : line.target_warehouse_id;
  const field: LineField = side === 'warehouse' ? 'warehouse_shelf_id' : side === 'source' ? 'source_warehouse_shelf_id' : 'target_warehouse_shelf_id';
  const shelfId = line[field] as number | null;
  const onShelf = store.stockOn(line.product_id, shelfId);
  const hint = onShelf !== undefined ? t('orders.onShelf', { quantity: onShelf }) : null;
  // the suggestion is asked only of admins holding its rule (no refusal shown to the others)
  const mayAskPutaway = useStore().navTabs.nodesOf('/admin/wms/putawayRule').includes('/admin/wms/putaway/suggest');
  return (
    <div className="orders-cell" data-orders={`line-shelf-${side}`}>
      <div className="orders-shelf-pair">
        <WarehouseSelect value={warehouseId} onChange={(v) => store.setWarehouse(line.key, side, v)} style={{ width: 128, flex: 'none' }} />
        <ShelfSelect
          value={shelfId}
          warehouseId={warehouseId}
          status={store.lineError(line.key, field) ? 'error' : undefined}
          stockOn={line.product_id ? (id) => store.stockOn(line.product_id, id) : undefined}
          onChange={(v, row) => store.setShelf(line.key, side, v, row)}
          style={{ flex: 1, minWidth: 0 }}
        />
      </div>
      <FieldMessage store={store} line={line} field={field} hint={hint} />
      {store.kind === 'inbound' && side === 'warehouse' && !shelfId && store.header.warehouse_id && mayAskPutaway ? <PutawayHint store={store} line={line} /> : null}
    </div>
  );
});

const QuantityCell = observer(function QuantityCell({ store, line, field }: Props & { field: 'plan_quantity' | 'actual_quantity' }) {
  const error = store.lineError(line.key, field);
  const warning = store.lineWarning(line.key, field);
  // a phone has no hover: the spinner would sit over the value; the number keyboard does the typing
  const phone = usePhone();
  return (
    <div className="orders-cell" data-orders={`line-${field}`}>
      <InputNumber
        hideControl={phone}
        inputMode="numeric"
        min={0}
        precision={0}
        step={1}
        value={line[field] ?? undefined}
        error={!!error}
        // a line typed in a unit receives or issues what it plans
        disabled={field === 'actual_quantity' && !!line.unit}
        className={`orders-input-num${!error && warning ? ' is-warning' : ''}`}
        onChange={(v) => store.setQuantity(line.key, field, v as number | undefined)}
      />
      <FieldMessage store={store} line={line} field={field} />
    </div>
  );
});

/** An adjustment's signed quantity: positive adds to the shelf, negative takes off it. */
const SignedQuantityCell = observer(function SignedQuantityCell({ store, line }: Props) {
  const error = store.lineError(line.key, 'quantity');
  const warning = store.lineWarning(line.key, 'quantity');
  const phone = usePhone();
  return (
    <div className="orders-cell" data-orders="line-quantity">
      <InputNumber
        hideControl={phone}
        precision={0}
        step={1}
        value={line.quantity ?? undefined}
        error={!!error}
        className={`orders-input-num${!error && warning ? ' is-warning' : ''}`}
        onChange={(v) => store.setQuantity(line.key, 'quantity', v as number | undefined)}
      />
      <FieldMessage store={store} line={line} field="quantity" />
    </div>
  );
});

const ReasonCell = observer(function ReasonCell({ store, line }: Props) {
  const t = useT();
  return (
    <div className="orders-cell" data-orders="line-reason">
      <Select
        value={line.reason || undefined}
        status={store.lineError(line.key, 'reason') ? 'error' : undefined}
        placeholder={t('orders.line.reason')}
        options={ADJUSTMENT_REASONS.map((r) => ({ value: r, label: t(`orders.reason.${r}`) }))}
        onChange={(v) => store.setReason(line.key, String(v ?? ''))}
      />
      <FieldMessage store={store} line={line} field="reason" />
    </div>
  );
});

const PriceCell = observer(function PriceCell({ store, line }: Props) {
  const error = store.lineError(line.key, 'price');
  return (
    <div className="orders-cell" data-orders="line-price">
      <Input
        className="orders-input-num"
        value={line.price}
        inputMode="decimal"
        status={error ? 'error' : undefined}
        onChange={(v) => store.setText(line.key, 'price', v)}
        onBlur={() => store.formatPrice(line.key)}
      />
      <FieldMessage store={store} line={line} field="price" />
    </div>
  );
});

const DetailCodeCell = observer(function DetailCodeCell({ store, line }: Props) {
  return (
    <div className="orders-cell" data-orders="line-detail-code">
      <Input value={line.detail_code} onChange={(v) => store.setText(line.key, 'detail_code', v)} status={store.lineError(line.key, 'detail_code') ? 'error' : undefined} />
      <FieldMessage store={store} line={line} field="detail_code" />
    </div>
  );
});

/** The serials of a serial-tracked line, scanned one per unit (as many as its actual quantity, or |quantity| of an adjustment). */
const SerialsCell = observer(function SerialsCell({ store, line }: Props) {
  if (!line.product?.serial_tracked) return <div className="orders-cell lots-muted">-</div>;
  const quantity = Math.abs(Number((store.kind === 'adjustment' ? line.quantity : line.actual_quantity) ?? 0));
  return (
    <div className="orders-cell" data-orders="line-serials">
      <SerialCapture serials={line.serials} quantity={quantity} onChange={(serials) => store.setSerials(line.key, serials)} />
    </div>
  );
});

/**
 * The lot of a line, for lot-tracked products only. Inbound: the lot number, the production date and the
 * expiry (computed live from the production date and the shelf life until one is picked). Outbound and
 * relocation: an optional lot, chosen among the lots on the shelf; empty takes the earliest expiry first when
 * the stock moves. Adjustment: the lot of the stream it changes, one on the shelf or (adding) a new one typed.
 */
const LotCell = observer(function LotCell({ store, line }: Props) {
  const t = useT();
  if (!line.product?.lot_tracked) return <div className="orders-cell lots-muted">-</div>;
  const lotError = store.lineError(line.key, 'lot_no');
  if (store.kind !== 'inbound') return <ShelfLotSelect store={store} line={line} />;
  const expiry = store.expiryOf(line);
  const derived = !line.expiry_date && expiry;
  return (
    <div className="orders-cell lots-line" data-orders="line-lot">
      <Input value={line.lot_no} maxLength={LOT_NO_MAX_LENGTH} placeholder={t('lots.lotPlaceholder')} status={lotError ? 'error' : undefined} onChange={(v) => store.setLot(line.key, 'lot_no', v)} data-lots="lot-input" />
      <div className="lots-line-dates">
        <DatePicker
          size="small"
          value={line.production_date || undefined}
          placeholder={t('lots.productionDate')}
          onChange={(v: string) => store.setLot(line.key, 'production_date', v || '')}
          data-lots="production-date"
        />
        <DatePicker
          size="small"
          value={line.expiry_date || undefined}
          placeholder={derived ? expiry : t('lots.expiryDate')}
          status={store.lineError(line.key, 'expiry_date') ? 'error' : undefined}
          onChange={(v: string) => store.setLot(line.key, 'expiry_date', v || '')}
          data-lots="expiry-date"
        />
      </div>
      <FieldMessage
        store={store}
        line={line}
        field={lotError ? 'lot_no' : 'expiry_date'}
        hint={derived ? <span data-lots="expiry-preview">{t('lots.expiryComputed', { date: expiry })}</span> : null}
      />
    </div>
  );
});

/**
 * The lot field of a line that takes stock (outbound, relocation, adjustment): the lots of the product on the
 * line's shelf (its source shelf), first-expiry-first-out first, each with its expiry and quantity; empty lets
 * the audit allocate first-expiry-first-out (an adjustment names its lot, and may type a new one to add).
 */
const ShelfLotSelect = observer(function ShelfLotSelect({ store, line }: Props) {
  const t = useT();
  const shelfId = store.kind === 'relocation' ? line.source_warehouse_shelf_id : line.warehouse_shelf_id;
  const lots = store.lotsOn(line.product_id, shelfId);
  const lotError = store.lineError(line.key, 'lot_no');
  const adjusting = store.kind === 'adjustment';
  const options = lots.map((l) => ({
    value: l.lot_no,
    label: (
      <span className="lots-option" data-lots="lot-option" data-lot={l.lot_no}>
        <b className="orders-num">{l.lot_no}</b>
        <span className="lots-option-facts">
          {t('lots.lotOption', { expiry: l.expiry_date || t('lots.noExpiry'), quantity: l.quantity.toLocaleString('en-US') })}
        </span>
      </span>
    ),
  }));
  const select = (
    <Select
      value={line.lot_no || undefined}
      placeholder={t(adjusting ? 'lots.lotPlaceholder' : 'lots.autoLot')}
      status={lotError ? 'error' : undefined}
      allowClear
      showSearch
      allowCreate={adjusting ? { formatter: (text: string) => ({ value: text.trim().toUpperCase().slice(0, LOT_NO_MAX_LENGTH), label: text.trim().toUpperCase().slice(0, LOT_NO_MAX_LENGTH) }) } : false}
      notFoundContent={<span className="lots-muted">{shelfId ? t('lots.noLotsOnShelf') : t('lots.chooseShelfFirst')}</span>}
      options={options}
      renderFormat={(_option, value) => String(value ?? '')}
      onChange={(v) => store.setLot(line.key, 'lot_no', String(v ?? ''))}
      data-lots="lot-select"
    />
  );
  return (
    <div className="orders-cell" data-orders="line-lot">
      {adjusting ? select : <Tooltip content={t('lots.autoLotTip')}>{select}</Tooltip>}
      <FieldMessage store={store} line={line} field="lot_no" />
    </div>
  );
});

const LineTotalCell = observer(function LineTotalCell({ store, line }: Props) {
  return (
    <div className="orders-cell orders-line-total" data-orders="line-total">
      {/* grouped like the order total under the table and the amounts of the detail ("1,500.00") */}
      <span className="orders-num">{formatCents(lineTotalCents(baseOf(line, line.actual_quantity), line.price), { group: true })}</span>
    </div>
  );
});

const RemoveCell = observer(function RemoveCell({ store, line }: Props) {
  const t = useT();
  return (
    <div className="orders-cell orders-remove">
      <Tooltip content={t('orders.form.removeLine')}>
        <Button
          size="small"
          status="danger"
          icon={<IconDelete />}
          aria-label={t('orders.form.removeLine')}
          data-orders="line-remove"
          disabled={store.lines.length <= 1}
          onClick={() => store.removeLine(line.key)}
        />
      </Tooltip>
    </div>
  );
});

function columnsFor(store: OrderFormStore, t: TFunction): ColumnProps<LineDraft>[] {
  const index: ColumnProps<LineDraft> = {
    key: 'index',
    title: '#',
    width: 44,
    align: 'center',
    render: (_: unknown, _line: LineDraft, i: number) => <div className="orders-cell orders-index">{i + 1}</div>,
  };
  const product: ColumnProps<LineDraft> = { key: 'product', title: <Req t={t} k="orders.line.product" />, width: 250, render: (_: unknown, line: LineDraft) => <ProductCell store={store} line={line} /> };
  // the lot column appears once a line holds a lot-tracked product
  const lot: ColumnProps<LineDraft>[] = store.lines.some((l) => l.product?.lot_tracked)
    ? [{ key: 'lot', title: t('lots.lotNo'), width: store.kind === 'inbound' ? 260 : 150, render: (_: unknown, line: LineDraft) => <LotCell store={store} line={line} /> }]
    : [];
  // the serials column appears once a line holds a serial-tracked product (relocations name theirs at each move)
  const serials: ColumnProps<LineDraft>[] = store.kind !== 'relocation' && store.lines.some((l) => l.product?.serial_tracked)
    ? [{ key: 'serials', title: t('serials.serials'), width: 240, render: (_: unknown, line: LineDraft) => <SerialsCell store={store} line={line} /> }]
    : [];
  const remove: ColumnProps<LineDraft> = { key: 'remove', title: '', width: 56, align: 'center', render: (_: unknown, line: LineDraft) => <RemoveCell store={store} line={line} /> };
  if (store.kind === 'adjustment') {
    return [
      index,
      product,
      { key: 'shelf', title: <Req t={t} k="orders.line.shelf" />, width: 320, render: (_: unknown, line: LineDraft) => <ShelfCell store={store} line={line} side="warehouse" /> },
      ...lot,
      { key: 'quantity', title: <Req t={t} k="orders.line.adjustQuantity" />, width: 120, align: 'right', render: (_: unknown, line: LineDraft) => <SignedQuantityCell store={store} line={line} /> },
      { key: 'reason', title: <Req t={t} k="orders.line.reason" />, width: 150, render: (_: unknown, line: LineDraft) => <ReasonCell store={store} line={line} /> },
      ...serials,
      remove,
    ];
  }
  if (store.kind === 'relocation') {
    return [
      index,
      product,
      { key: 'source', title: <Req t={t} k="orders.line.source" />, width: 330, render: (_: unknown, line: LineDraft) => <ShelfCell store={store} line={line} side="source" /> },
      { key: 'target', title: <Req t={t} k="orders.line.target" />, width: 330, render: (_: unknown, line: LineDraft) => <ShelfCell store={store} line={line} side="target" /> },
      { key: 'plan', title: <Req t={t} k="orders.line.planQuantity" />, width: 130, align: 'right', render: (_: unknown, line: LineDraft) => <QuantityCell store={store} line={line} field="plan_quantity" /> },
      ...lot,
      remove,
    ];
  }
  return [
    index,
    product,
    { key: 'shelf', title: <Req t={t} k="orders.line.shelf" />, width: 320, render: (_: unknown, line: LineDraft) => <ShelfCell store={store} line={line} side="warehouse" /> },
    ...lot,
    ...serials,
    { key: 'detail', title: t('orders.line.detailCode'), width: 120, render: (_: unknown, line: LineDraft) => <DetailCodeCell store={store} line={line} /> },
    { key: 'plan', title: <Req t={t} k="orders.line.planQuantity" />, width: 108, align: 'right', render: (_: unknown, line: LineDraft) => <QuantityCell store={store} line={line} field="plan_quantity" /> },
    {
      key: 'actual',
      title: <Req t={t} k={store.kind === 'inbound' ? 'orders.line.receivedQuantity' : 'orders.line.issuedQuantity'} />,
      width: 108,
      align: 'right',
      render: (_: unknown, line: LineDraft) => <QuantityCell store={store} line={line} field="actual_quantity" />,
    },
    { key: 'price', title: <Req t={t} k="orders.line.price" />, width: 112, align: 'right', render: (_: unknown, line: LineDraft) => <PriceCell store={store} line={line} /> },
    { key: 'total', title: t('orders.line.total'), width: 120, align: 'right', render: (_: unknown, line: LineDraft) => <LineTotalCell store={store} line={line} /> },
    remove,
  ];
}

function Req({ t, k }: { t: TFunction; k: string }) {
  return (
    <span>
      <span className="orders-required">*</span>
      {t(k)}
    </span>
  );
}

const Totals = observer(function Totals({ store }: { store: OrderFormStore }) {
  const t = useT();
  const totals = store.totals;
  return (
    <div className="orders-totals" data-orders="totals">
      <span>
        {t('orders.form.lineCount')} <b data-orders="total-lines">{store.lines.length}</b>
      </span>
      {store.kind === 'adjustment' ? (
        <span>
          {t('orders.line.adjustQuantity')} <b data-orders="total-net">{store.lines.reduce((sum, l) => sum + (l.quantity ?? 0), 0).toLocaleString('en-US')}</b>
        </span>
      ) : (
        <span>
          {t('orders.line.planQuantity')} <b data-orders="total-plan">{totals.plan.toLocaleString('en-US')}</b>
        </span>
      )}
      {store.isTrade && (
        <>
          <span>
            {t(store.kind === 'inbound' ? 'orders.line.receivedQuantity' : 'orders.line.issuedQuantity')}{' '}
            <b data-orders="total-actual">{totals.actual.toLocaleString('en-US')}</b>
          </span>
          <span className="orders-totals-amount">
            {t('orders.form.totalAmount')} <b data-orders="total-amount">{formatCents(totals.amountCents, { group: true })}</b>
          </span>
        </>
      )}
    </div>
  );
});

/** Whether the admin may resolve scanned codes: a button rule outside the page's own nodes. */
function useCanScan(): boolean {
  const { navTabs } = useStore();
  return Object.values(navTabs.authNode).some((nodes) => nodes.includes(`/admin/${SCAN_NODE}`));
}

/** One labelled field of a line card. */
function CardField({ label, children }: { label: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="orders-line-card-field">
      <div className="orders-line-card-label">{label}</div>
      {children}
    </div>
  );
}

/**
 * A phone has no room for the table's seven columns side by side: each line is a card, its fields stacked
 * (quantities, price and total two to a row), so the form never scrolls sideways.
 */
const LineCards = observer(function LineCards({ store }: { store: OrderFormStore }) {
  const t = useT();
  if (!store.lines.length) return <div className="orders-empty">{t('orders.form.noLines')}</div>;
  return (
    <div className="orders-line-cards">
      {store.lines.map((line, i) => (
        <div key={line.key} className={`orders-line-card${line.key === store.scannedKey ? ' orders-line-scanned' : ''}`} data-orders="line-card">
          <div className="orders-line-card-head">
            <span className="orders-index">#{i + 1}</span>
            <RemoveCell store={store} line={line} />
          </div>
          <CardField label={<Req t={t} k="orders.line.product" />}>
            <ProductCell store={store} line={line} />
          </CardField>
          {line.product?.lot_tracked && (
            <CardField label={t('lots.lotNo')}>
              <LotCell store={store} line={line} />
            </CardField>
          )}
          {line.product?.serial_tracked && store.kind !== 'relocation' && (
            <CardField label={t('serials.serials')}>
              <SerialsCell store={store} line={line} />
            </CardField>
          )}
          {store.kind === 'adjustment' ? (
            <>
              <CardField label={<Req t={t} k="orders.line.shelf" />}>
                <ShelfCell store={store} line={line} side="warehouse" />
              </CardField>
              <div className="orders-line-card-pair">
                <CardField label={<Req t={t} k="orders.line.adjustQuantity" />}>
                  <SignedQuantityCell store={store} line={line} />
                </CardField>
                <CardField label={<Req t={t} k="orders.line.reason" />}>
                  <ReasonCell store={store} line={line} />
                </CardField>
              </div>
            </>
          ) : store.kind === 'relocation' ? (
            <>
              <CardField label={<Req t={t} k="orders.line.source" />}>
                <ShelfCell store={store} line={line} side="source" />
              </CardField>
              <CardField label={<Req t={t} k="orders.line.target" />}>
                <ShelfCell store={store} line={line} side="target" />
              </CardField>
              <CardField label={<Req t={t} k="orders.line.planQuantity" />}>
                <QuantityCell store={store} line={line} field="plan_quantity" />
              </CardField>
            </>
          ) : (
            <>
              <CardField label={<Req t={t} k="orders.line.shelf" />}>
                <ShelfCell store={store} line={line} side="warehouse" />
              </CardField>
              <CardField label={t('orders.line.detailCode')}>
                <DetailCodeCell store={store} line={line} />
              </CardField>
              <div className="orders-line-card-pair">
                <CardField label={<Req t={t} k="orders.line.planQuantity" />}>
                  <QuantityCell store={store} line={line} field="plan_quantity" />
                </CardField>
                <CardField label={<Req t={t} k={store.kind === 'inbound' ? 'orders.line.receivedQuantity' : 'orders.line.issuedQuantity'} />}>
                  <QuantityCell store={store} line={line} field="actual_quantity" />
                </CardField>
              </div>
              <div className="orders-line-card-pair">
                <CardField label={<Req t={t} k="orders.line.price" />}>
                  <PriceCell store={store} line={line} />
                </CardField>
                <CardField label={t('orders.line.total')}>
                  <LineTotalCell store={store} line={line} />
                </CardField>
              </div>
            </>
          )}
        </div>
      ))}
    </div>
  );
});

export const LineEditor = observer(function LineEditor({ store }: { store: OrderFormStore }) {
  const t = useT();
  const canScan = useCanScan();
  const phone = usePhone();
  const columns = columnsFor(store, t);
  const linesError = store.headerError('lines');
  const width = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 120), 0);
  return (
    <div className="orders-lines" data-orders="line-editor">
      {canScan && (
        <ScanField
          form={store}
          placeholder={store.isGoods ? 'orders.scan.placeholder' : 'orders.scan.placeholderRelocation'}
          shelfChip={store.isGoods ? 'orders.scan.onShelf' : 'orders.scan.fromShelf'}
        />
      )}
      {phone ? (
        <LineCards store={store} />
      ) : (
      <Table<LineDraft>
        className="orders-lines-table"
        rowKey="key"
        size="small"
        border={{ wrapper: true, cell: true }}
        pagination={false}
        columns={columns}
        data={store.lines.slice()}
        scroll={{ x: width }}
        rowClassName={(line) => (line.key === store.scannedKey ? 'orders-line-scanned' : '')}
        noDataElement={<div className="orders-empty">{t('orders.form.noLines')}</div>}
      />
      )}
      {linesError && <div className="orders-field-msg is-error">{msgText(t, linesError)}</div>}
      <div className="orders-lines-footer">
        <Button type="dashed" icon={<IconPlus />} onClick={() => store.addLine()} data-orders="add-line">
          {t('orders.form.addLine')}
        </Button>
        <Totals store={store} />
      </div>
    </div>
  );
});

export default LineEditor;
