/**
 * The move dialog of an audited relocation: per line the planned quantity, what was moved so far, what is
 * left, and the quantity to move now (at most what is left). Posts only the lines with a quantity. Lines
 * about lots show the source shelf's lots and which of them the move takes (MoveLots). A serial-tracked line's
 * quantity is the serials scanned for it (one card per line under the table, the order lines' SerialCapture,
 * at most what is left): the move sends them with the quantity.
 */
import './i18n';
import '@/features/lots/i18n';
import { useEffect, useState } from 'react';
import { toJS } from 'mobx';
import { observer } from 'mobx-react-lite';
import { Alert, Button, InputNumber, Modal, Space, Spin, Table } from '@arco-design/web-react';
import { useT } from '@/lang';
import { NumberCell } from './cells';
import { isRelocationLine, orderNumber, type RelocationLineView } from './orderViews';
import type { OrderPageStore } from './pageStore';
import { checkMove, moveProgress } from './states';
import MoveLots from './MoveLots';
import { SerialCapture } from '@/features/serials/SerialCapture';

/** A line of a serial-tracked product: it moves the serials scanned for it. */
const isSerialLine = (line: RelocationLineView) => Number(line.product?.serial_tracked) === 1;

export const MoveDialog = observer(function MoveDialog({ page }: { page: OrderPageStore }) {
  const t = useT();
  const order = page.moving;
  const lines: RelocationLineView[] = order ? toJS(order.lines).filter(isRelocationLine) : [];
  const [quantities, setQuantities] = useState<Record<number, number | undefined>>({});
  const [serials, setSerials] = useState<Record<number, string[]>>({});
  const [tried, setTried] = useState(false);

  useEffect(() => {
    setQuantities({});
    setSerials({});
    setTried(false);
  }, [order]);

  // a serial-tracked line moves as many as its serials scanned
  const serialLines = lines.filter(isSerialLine);
  const entered: Record<number, number | undefined> = { ...quantities };
  for (const line of serialLines) entered[line.id] = serials[line.id]?.length || undefined;
  const check = checkMove(lines, entered);
  const busy = page.moveId !== null && page.isBusy('move', page.moveId);

  const submit = async () => {
    setTried(true);
    if (page.moveId === null || check.empty || Object.keys(check.errors).length) return;
    await page.move(
      page.moveId,
      check.lines.map((l) => (serials[l.id]?.length ? { ...l, serials: serials[l.id] } : l)),
    );
  };

  const fillAll = () => {
    const next: Record<number, number> = {};
    for (const line of lines) {
      if (isSerialLine(line)) continue; // its serials are scanned, one per unit
      const { remaining } = moveProgress(line);
      if (remaining > 0) next[line.id] = remaining;
    }
    setQuantities(next);
  };

  const columns = [
    { title: '#', width: 44, align: 'center' as const, render: (_: unknown, _r: RelocationLineView, i: number) => i + 1 },
    {
      title: t('orders.line.product'),
      render: (_: unknown, r: RelocationLineView) => (
        <div>
          <div>{r.product?.name ?? `#${r.product_id}`}</div>
          <div className="orders-sub">{r.product?.product_no}</div>
        </div>
      ),
    },
    {
      title: t('orders.move.route'),
      render: (_: unknown, r: RelocationLineView) => (
        <div className="orders-route">
          <span>{r.source_shelf?.location ?? r.source_warehouse_shelf_id}</span>
          <span className="orders-route-arrow">→</span>
          <span>{r.target_shelf?.location ?? r.target_warehouse_shelf_id}</span>
        </div>
      ),
    },
    { title: t('orders.line.planQuantity'), width: 90, align: 'right' as const, render: (_: unknown, r: RelocationLineView) => <NumberCell value={moveProgress(r).plan} /> },
    { title: t('orders.move.moved'), width: 90, align: 'right' as const, render: (_: unknown, r: RelocationLineView) => <NumberCell value={moveProgress(r).moved} /> },
    { title: t('orders.move.remaining'), width: 90, align: 'right' as const, render: (_: unknown, r: RelocationLineView) => <NumberCell value={moveProgress(r).remaining} /> },
    {
      title: t('orders.move.now'),
      width: 150,
      align: 'right' as const,
      render: (_: unknown, r: RelocationLineView) => {
        const { remaining } = moveProgress(r);
        const error = check.errors[r.id];
        if (isSerialLine(r))
          return (
            <div className="orders-cell" data-orders="move-quantity">
              <InputNumber className="orders-input-num" readOnly disabled={remaining === 0} placeholder={remaining === 0 ? t('orders.move.done') : t('orders.move.scanSerials')} value={entered[r.id]} />
              {error && <div className="orders-field-msg is-error">{t(error)}</div>}
            </div>
          );
        return (
          <div className="orders-cell" data-orders="move-quantity">
            <InputNumber
              className="orders-input-num"
              min={0}
              max={remaining}
              precision={0}
              disabled={remaining === 0}
              placeholder={remaining === 0 ? t('orders.move.done') : `≤ ${remaining}`}
              value={quantities[r.id]}
              error={!!error}
              onChange={(v) => setQuantities((q) => ({ ...q, [r.id]: v === undefined || v === null ? undefined : Number(v) }))}
            />
            {error && <div className="orders-field-msg is-error">{t(error)}</div>}
          </div>
        );
      },
    },
  ];

  return (
    <Modal
      title={t('orders.move.title', { number: orderNumber(order) })}
      visible={page.moveId !== null}
      style={{ width: Math.min(960, typeof window !== 'undefined' ? window.innerWidth - 32 : 960) }}
      onCancel={() => page.closeMove()}
      unmountOnExit
      className="orders-modal"
      data-orders="move-dialog"
      footer={
        <Space>
          <Button onClick={() => page.closeMove()} data-orders="move-close">
            {t(page.movedNow ? 'crud.close' : 'crud.cancel')}
          </Button>
          <Button type="primary" loading={busy} disabled={page.moveLoading} onClick={() => void submit()} data-orders="move-submit">
            {t('orders.action.move')}
          </Button>
        </Space>
      }
    >
      <Spin loading={page.moveLoading} block>
        <div className="orders-move-head">
          <span className="orders-sub">{t('orders.move.hint')}</span>
          <Button size="small" onClick={fillAll} data-orders="move-fill">
            {t('orders.move.fillAll')}
          </Button>
        </div>
        {tried && check.empty && <Alert type="warning" showIcon content={t('orders.move.nothing')} style={{ marginBottom: 12 }} />}
        <Table rowKey="id" size="small" border={{ wrapper: true, cell: false }} pagination={false} columns={columns} data={lines} scroll={{ x: 760 }} />
        {serialLines.some((l) => moveProgress(l).remaining > 0 || l.serials?.length) && (
          <div className="move-lots" data-orders="move-serials">
            <div className="orders-section-title">{t('orders.move.serialsTitle')}</div>
            <div className="move-lots-cards">
              {serialLines.map((line) => {
                const { remaining } = moveProgress(line);
                const index = lines.indexOf(line);
                return (
                  <div key={line.id} className="move-lots-card" data-orders="move-serials-line" data-line={index + 1}>
                    <div className="move-lots-head">
                      <b>{t('lots.move.line', { n: index + 1 })}</b>
                      <span>
                        {line.product?.name ?? `#${line.product_id}`} <span className="orders-sub">{line.product?.product_no}</span>
                      </span>
                      <span className="orders-sub move-lots-route">
                        {line.source_shelf?.location ?? line.source_warehouse_shelf_id} → {line.target_shelf?.location ?? line.target_warehouse_shelf_id}
                      </span>
                    </div>
                    {remaining > 0 ? (
                      <SerialCapture serials={serials[line.id] ?? []} quantity={remaining} onChange={(next) => setSerials((all) => ({ ...all, [line.id]: next }))} />
                    ) : (
                      <div className="lots-muted">{t('orders.move.done')}</div>
                    )}
                    {!!line.serials?.length && <div className="orders-sub" data-orders="move-serials-moved">{t('orders.move.serialsMoved', { serials: line.serials.slice(0, 20).join(', ') + (line.serials.length > 20 ? ' …' : '') })}</div>}
                  </div>
                );
              })}
            </div>
          </div>
        )}
        <MoveLots page={page} lines={lines} quantities={entered} />
      </Spin>
    </Modal>
  );
});

export default MoveDialog;
