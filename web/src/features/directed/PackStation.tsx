import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Input, InputNumber, Space, Table, Tag } from '@arco-design/web-react';
import { IconPrinter } from '@arco-design/web-react/icon';
import type { PackageView } from '@contract/directed';
import { FULFILMENT_STATUS, PACKAGE_STATUS } from '@contract/enums';
import { packageLabelUrl } from '@/api/orders';
import { openInNewTab } from '@/features/documents/newTab';
import { useAuth } from '@/hooks/useAuth';
import { getLocale, useT } from '@/lang';
import { useStore } from '@/stores/context';
import { PackStationStore, type PackLine } from './packStore';
import './directed.css';

type Focusable = { focus: () => void } | null;

/**
 * The pack station on a phone (390 px) or a bench with a keyboard-wedge scanner: scan or choose an order picked
 * in a wave, open a carton (or pallet), scan products into it — one scan packs one unit, or the quantity set —
 * close it with its weight and print its label. The scan field gets the focus back after every action, so
 * the scanner's Enter keeps working; the server checks every scan.
 */
export const PackStation = observer(function PackStation() {
  const t = useT();
  const auth = useAuth();
  const root = useStore();
  const [store] = useState(() => new PackStationStore(t));
  const field = useRef<Focusable>(null);
  const [code, setCode] = useState('');
  const [weight, setWeight] = useState('');
  const order = store.order;
  const current = store.current;
  useEffect(() => {
    void store.loadWaiting();
  }, [store]);
  // the scan field takes the focus back after every answer
  useEffect(() => {
    if (!store.loading) field.current?.focus();
  }, [store.loading, order, current?.id, store.error, store.mode]);

  const enter = () => {
    const value = code;
    setCode('');
    if (!order) void store.open(value);
    else void store.scan(value);
  };
  const label = (pack: PackageView, format: 'pdf' | 'png') => openInNewTab(packageLabelUrl(pack.id, format, root.adminInfo.token, getLocale()));
  const statusTag = (status: number) => <Tag color={status === FULFILMENT_STATUS.packed ? 'green' : status === FULFILMENT_STATUS.shipped ? 'purple' : 'arcoblue'}>{t(`wms.package.fulfilment${status}`)}</Tag>;

  return (
    <div className="my-tasks pack-station" data-pack="station">
      {store.error && <Alert type="error" content={store.error} className="my-tasks-alert" data-pack="error" />}
      <Input
        ref={(el) => void (field.current = el as unknown as Focusable)}
        size="large"
        className="my-tasks-scan"
        value={code}
        placeholder={t(!order ? 'wms.package.scanOrder' : !current ? 'wms.package.openFirst' : store.mode === 'unpack' ? 'wms.package.scanTakeOut' : 'wms.package.scanProduct')}
        onChange={setCode}
        onPressEnter={enter}
        data-pack="scan"
      />
      {!order && (
        <div className="pack-station-waiting" data-pack="waiting">
          <div className="my-tasks-label">{t('wms.package.waiting')}</div>
          {!store.waiting.length && <p className="my-tasks-sub">{store.loading ? t('wms.package.loading') : t('wms.package.none')}</p>}
          <Space direction="vertical" size={8} style={{ width: '100%' }}>
            {store.waiting.map((o) => (
              <Button key={o.id} long size="large" onClick={() => void store.open(o.outbound_no)} data-pack="order" data-number={o.outbound_no}>
                <span className="pack-station-order">
                  <b>{o.outbound_no}</b>
                  <span>{o.customer}</span>
                  {statusTag(o.fulfilment_status)}
                </span>
              </Button>
            ))}
          </Space>
        </div>
      )}
      {order && (
        <>
          <div className="my-tasks-card" data-pack="order-card">
            <div className="my-tasks-head">
              <span className="my-tasks-big pack-station-number">{order.outbound_no}</span>
              {statusTag(order.fulfilment_status)}
            </div>
            <div className="my-tasks-sub">{order.customer?.name}</div>
          </div>
          <Table<PackLine>
            rowKey="product_id"
            size="small"
            pagination={false}
            data={store.lines}
            columns={[
              { title: t('wms.package.product'), render: (_: unknown, l: PackLine) => `${l.product_no} ${l.name}` },
              { title: t('wms.package.picked'), dataIndex: 'picked', width: 64 },
              { title: t('wms.package.packed'), dataIndex: 'packed', width: 64, render: (v: number, l: PackLine) => <span className={v === l.picked ? 'pack-station-done' : ''}>{v}</span> },
            ]}
            data-pack="lines"
          />
          {current && (
            <div className="my-tasks-card is-current" data-pack="current">
              <div className="my-tasks-label">{t(current.type === 2 ? 'wms.package.currentPallet' : 'wms.package.currentCarton')}</div>
              <div className="pack-station-sscc">{current.sscc}</div>
              <div className="my-tasks-sub">{current.contents.map((c) => `${c.product_no} ×${c.quantity}`).join(', ') || t('wms.package.empty')}</div>
              <div className="my-tasks-quantity">
                <span className="my-tasks-label">{t('wms.package.quantity')}</span>
                <InputNumber size="large" min={1} precision={0} value={store.quantity} onChange={(v) => store.setQuantity(Number(v ?? 1))} data-pack="quantity" />
                {auth('unpack') && current.contents.length > 0 && (
                  <Button size="large" status={store.mode === 'unpack' ? 'warning' : 'default'} type={store.mode === 'unpack' ? 'primary' : 'secondary'} onClick={() => store.toggleMode()} data-pack="take-out">
                    {t('wms.package.takeOut')}
                  </Button>
                )}
              </div>
              {auth('close') && (
                <div className="my-tasks-quantity">
                  <Input size="large" value={weight} onChange={setWeight} placeholder={t('wms.package.weight')} suffix="kg" inputMode="decimal" data-pack="weight" />
                  <Button
                    type="primary"
                    size="large"
                    loading={store.loading}
                    onClick={() => {
                      void store.close(weight).then(() => setWeight(''));
                    }}
                    data-pack="close"
                  >
                    {t('wms.package.close')}
                  </Button>
                </div>
              )}
            </div>
          )}
          {auth('add') && (
            <Space className="my-tasks-actions pack-station-add" size={10}>
              <Button type={current ? 'secondary' : 'primary'} size="large" loading={store.loading} onClick={() => void store.addPackage(1)} data-pack="add-carton">
                {t('wms.package.newCarton')}
              </Button>
              <Button size="large" loading={store.loading} onClick={() => void store.addPackage(2)} data-pack="add-pallet">
                {t('wms.package.newPallet')}
              </Button>
            </Space>
          )}
          <div className="pack-station-packages" data-pack="packages">
            {store.packages.map((p) => (
              <div key={p.id} className={`my-tasks-card pack-station-package${p.id === current?.id ? ' is-current' : ''}`} data-pack="package" data-sscc={p.sscc}>
                <div className="my-tasks-head">
                  <span>{p.number ? t(p.type === 2 ? 'wms.package.palletOf' : 'wms.package.cartonOf', { number: p.number, count: p.count }) : t('wms.package.empty')}</span>
                  <Tag color={p.status === PACKAGE_STATUS.closed ? 'green' : 'arcoblue'}>{t(`wms.package.status${p.status}`)}</Tag>
                </div>
                <div className="pack-station-sscc small">{p.sscc}</div>
                <div className="my-tasks-sub">
                  {p.contents.map((c) => `${c.product_no} ×${c.quantity}`).join(', ')}
                  {p.status === PACKAGE_STATUS.closed && Number(p.weight) > 0 ? ` · ${p.weight} kg` : ''}
                </div>
                <Space wrap>
                  {p.status === PACKAGE_STATUS.open && p.id !== current?.id && (
                    <Button size="small" onClick={() => store.choose(p.id)} data-pack="choose">
                      {t('wms.package.packHere')}
                    </Button>
                  )}
                  {auth('label') && p.number > 0 && (
                    <>
                      <Button size="small" icon={<IconPrinter />} onClick={() => label(p, 'pdf')} data-pack="label">
                        {t('wms.package.label')}
                      </Button>
                      <Button size="small" onClick={() => label(p, 'png')} data-pack="label-png">
                        PNG
                      </Button>
                    </>
                  )}
                </Space>
              </div>
            ))}
          </div>
          {order.fulfilment_status === FULFILMENT_STATUS.packed && <Alert type="success" content={t('wms.package.allPacked')} data-pack="packed" />}
          <Button long size="large" type="text" onClick={() => store.leave()} data-pack="leave">
            {t('wms.package.otherOrder')}
          </Button>
        </>
      )}
    </div>
  );
});
