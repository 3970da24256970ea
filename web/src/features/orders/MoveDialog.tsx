/**
 * The move dialog of an audited relocation: per line the planned quantity, what was moved so far, what is
 * left, and the quantity to move now (at most what is left). Posts only the lines with a quantity. Lines
 * about lots show the source shelf's lots and which of them the move takes (MoveLots).
 */
import './i18n';
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

export const MoveDialog = observer(function MoveDialog({ page }: { page: OrderPageStore }) {
  const t = useT();
  const order = page.moving;
  const lines: RelocationLineView[] = order ? toJS(order.lines).filter(isRelocationLine) : [];
  const [quantities, setQuantities] = useState<Record<number, number | undefined>>({});
  const [tried, setTried] = useState(false);

  useEffect(() => {
    setQuantities({});
    setTried(false);
  }, [order]);

  const check = checkMove(lines, quantities);
  const busy = page.moveId !== null && page.isBusy('move', page.moveId);

  const submit = async () => {
    setTried(true);
    if (page.moveId === null || check.empty || Object.keys(check.errors).length) return;
    await page.move(page.moveId, check.lines);
  };

  const fillAll = () => {
    const next: Record<number, number> = {};
    for (const line of lines) {
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
        <MoveLots page={page} lines={lines} quantities={quantities} />
      </Spin>
    </Modal>
  );
});

export default MoveDialog;
