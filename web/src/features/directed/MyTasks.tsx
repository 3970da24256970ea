import { useEffect, useRef, useState } from 'react';
import { SerialCapture } from '@/features/serials/SerialCapture';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Input, InputNumber, Select, Space, Tag } from '@arco-design/web-react';
import { useT } from '@/lang';
import { TASK_TYPE } from '@contract/enums';
import { MyTaskStore } from './taskStore';
import { scansTarget } from './scanFlow';
import './directed.css';

/**
 * "My tasks" on a phone (390 px) with a keyboard-wedge scanner: the next task in sequence, its shelf and
 * product shown large, one scan field that takes the shelf, then the product, then (optionally) a quantity,
 * and large confirm / short / put back buttons. The scan field keeps the focus, so a scanner's Enter moves on.
 */
const TYPE_LABELS: Record<number, string> = { [TASK_TYPE.pick]: 'wms.task.typePick', [TASK_TYPE.putaway]: 'wms.task.typePutaway', [TASK_TYPE.replenishment]: 'wms.task.typeReplenishment' };
const TYPE_COLORS: Record<number, string> = { [TASK_TYPE.pick]: 'arcoblue', [TASK_TYPE.putaway]: 'green', [TASK_TYPE.replenishment]: 'orange' };

export const MyTasks = observer(function MyTasks() {
  const t = useT();
  const [store] = useState(() => new MyTaskStore(t));
  const field = useRef<{ focus: () => void } | null>(null);
  const [code, setCode] = useState('');
  useEffect(() => {
    void store.next();
  }, [store]);
  useEffect(() => {
    field.current?.focus();
  }, [store.task, store.scan.step, store.loading]);
  const task = store.task;
  const step = store.scan.step;
  return (
    <div className="my-tasks" data-directed="my-tasks">
      {store.error && <Alert type="error" content={store.error} className="my-tasks-alert" data-directed="error" />}
      {!task && (
        <div className="my-tasks-empty">
          <p data-directed="idle">{store.idle ? t('wms.task.noTask') : t('wms.task.loading')}</p>
          <Button type="primary" long size="large" loading={store.loading} onClick={() => void store.next()} data-directed="next">
            {t('wms.task.next')}
          </Button>
        </div>
      )}
      {task && (
        <>
          <div className="my-tasks-head">
            <Tag color={TYPE_COLORS[task.type] ?? 'arcoblue'} data-directed="task-type">
              {t(TYPE_LABELS[task.type] ?? 'wms.task.typePick')}
              {task.sequence ? ` #${task.sequence}` : ''}
            </Tag>
            <span className="my-tasks-progress">{t(task.type === TASK_TYPE.pick ? 'wms.task.remaining' : 'wms.task.remainingMove', { remaining: task.remaining, quantity: task.quantity })}</span>
          </div>
          <div className={`my-tasks-card${step === 'shelf' ? ' is-current' : ' is-done'}`} data-directed="shelf">
            <div className="my-tasks-label">{t('wms.task.fromShelf')}</div>
            <div className="my-tasks-big">{task.from_shelf?.serial_no || task.from_shelf?.name}</div>
            <div className="my-tasks-sub">{task.from_shelf?.location}</div>
          </div>
          <div className={`my-tasks-card${step === 'product' ? ' is-current' : step === 'quantity' ? ' is-done' : ''}`} data-directed="product">
            <div className="my-tasks-label">{t('wms.task.product')}</div>
            <div className="my-tasks-big">{task.product?.product_no}</div>
            <div className="my-tasks-sub">
              {task.product?.name}
              {task.lot_no ? ` · ${t('wms.task.lot')} ${task.lot_no}` : ''}
            </div>
          </div>
          {scansTarget(task) ? (
            <div className={`my-tasks-card${step === 'target' ? ' is-current' : step === 'quantity' ? ' is-done' : ''}`} data-directed="target">
              <div className="my-tasks-label">{t('wms.task.toPutaway')}</div>
              {task.to_shelf ? (
                <>
                  <div className="my-tasks-big">{task.to_shelf.serial_no || task.to_shelf.name}</div>
                  <div className="my-tasks-sub">{task.to_shelf.location}</div>
                </>
              ) : (
                <div className="my-tasks-sub">{t('wms.task.noTarget')}</div>
              )}
              {store.scan.toCode && store.scan.toCode !== task.to_shelf?.serial_no && <div className="my-tasks-sub">→ {store.scan.toCode}</div>}
            </div>
          ) : (
            <div className="my-tasks-card" data-directed="target">
              <div className="my-tasks-label">{t('wms.task.toShelf')}</div>
              <div className="my-tasks-sub">{task.to_shelf?.location}</div>
            </div>
          )}
          <Input
            ref={(el) => void (field.current = el as unknown as { focus: () => void } | null)}
            size="large"
            className="my-tasks-scan"
            value={code}
            placeholder={t(step === 'shelf' ? 'wms.task.scanShelf' : step === 'product' ? 'wms.task.scanProduct' : step === 'target' ? 'wms.task.scanTarget' : 'wms.task.enterQuantity')}
            onChange={setCode}
            onPressEnter={() => {
              store.enter(code);
              setCode('');
            }}
            data-directed="scan"
          />
          <div className="my-tasks-quantity">
            <span className="my-tasks-label">{t('wms.task.quantity')}</span>
            <InputNumber size="large" min={0} max={store.maxQuantity} precision={0} value={store.scan.quantity} onChange={(v) => store.setQuantity(Number(v ?? 0))} data-directed="quantity" />
            {store.units.length ? (
              <Select
                size="large"
                className="my-tasks-unit"
                value={store.unit?.id ?? 0}
                onChange={(id: number) => store.setUnit(store.units.find((u) => u.id === id) ?? null)}
                options={[{ value: 0, label: task.product?.unit_name || t('wms.task.ownUnit') }, ...store.units.map((u) => ({ value: u.id, label: t('wms.task.unitOption', { name: u.name, factor: u.factor }) }))]}
                data-directed="unit"
              />
            ) : (
              <span className="my-tasks-sub">{task.product?.unit_name}</span>
            )}
          </div>
          {store.unit ? (
            <p className="my-tasks-sub" data-directed="unit-base">
              {t('wms.task.unitBase', { quantity: store.baseQuantity, unit: task.product?.unit_name ?? '' })}
            </p>
          ) : null}
          {!!task.product?.serial_tracked && (
            <div className="my-tasks-card is-current" data-directed="serials">
              <div className="my-tasks-label">{t('serials.serials')}</div>
              <SerialCapture serials={store.serials} quantity={store.scan.quantity} onChange={(serials) => store.setSerials(serials)} />
            </div>
          )}
          {store.forceable && (
            <div className="my-tasks-card is-current" data-directed="force">
              <div className="my-tasks-label">{t('wms.task.forceTip')}</div>
              <Input.TextArea
                value={store.reason}
                maxLength={255}
                placeholder={t('wms.task.forceReason')}
                onChange={(v) => store.setReason(v)}
                autoSize={{ minRows: 2 }}
                data-directed="force-reason"
              />
              <Button status="danger" long size="large" disabled={!store.reason.trim()} loading={store.loading} onClick={() => void store.confirm(false, true)} data-directed="force-confirm">
                {t('wms.task.force')}
              </Button>
            </div>
          )}
          <Space direction="vertical" size={10} className="my-tasks-actions">
            <Button type="primary" long size="large" disabled={step !== 'quantity'} loading={store.loading} onClick={() => void store.confirm(false)} data-directed="confirm">
              {t('wms.task.confirm')}
            </Button>
            <Button status="warning" long size="large" disabled={step !== 'quantity'} loading={store.loading} onClick={() => void store.confirm(true)} data-directed="short">
              {t('wms.task.short')}
            </Button>
            <Button long size="large" onClick={() => store.restart()} data-directed="restart">
              {t('wms.task.rescan')}
            </Button>
            <Button long type="text" onClick={() => void store.putBack()} data-directed="unclaim">
              {t('wms.task.putBack')}
            </Button>
          </Space>
        </>
      )}
    </div>
  );
});
