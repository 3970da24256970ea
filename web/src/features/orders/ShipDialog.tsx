/**
 * The ship dialog of an audited outbound order: carrier, courier number and shipment time (default now).
 */
import './i18n';
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Form, Input, Modal } from '@arco-design/web-react';
import { DatePicker } from '@/components/SiteDatePicker';
import dayjs from 'dayjs';
import { useT } from '@/lang';
import { SELECT_URL } from '@/api/masterData';
import type { OrderPageStore } from './pageStore';
import { PartySelect } from './selects';

export const ShipDialog = observer(function ShipDialog({ page }: { page: OrderPageStore }) {
  const t = useT();
  const row = page.shipping;
  const [carrier, setCarrier] = useState<number | null>(null);
  const [courier, setCourier] = useState('');
  const [time, setTime] = useState<number>(() => Date.now());
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (!row) return;
    setCarrier(row.carrier_id ? Number(row.carrier_id) : null);
    setCourier(row.courier_number ?? '');
    setTime(Date.now());
    setTried(false);
  }, [row]);

  const carrierError = tried && !carrier ? t('orders.validate.carrier') : '';
  const courierError = tried && !courier.trim() ? t('orders.validate.courier') : tried && courier.trim().length > 100 ? t('orders.validate.maxLength', { max: 100 }) : '';
  const busy = row ? page.isBusy('ship', row.id) : false;

  const submit = async () => {
    setTried(true);
    if (!row || !carrier || !courier.trim() || courier.trim().length > 100) return;
    await page.ship(Number(row.id), { carrier_id: carrier, courier_number: courier.trim(), shipment_time: Math.floor(time / 1000) });
  };

  return (
    <Modal
      title={t('orders.ship.title', { number: row?.outbound_no ?? '' })}
      visible={!!row}
      onCancel={() => page.closeShip()}
      onOk={() => void submit()}
      okText={t('orders.action.ship')}
      cancelText={t('crud.cancel')}
      confirmLoading={busy}
      unmountOnExit
      data-orders="ship-dialog"
      className="orders-modal"
    >
      <Form layout="vertical" autoComplete="off">
        <Form.Item label={t('orders.field.carrier')} required validateStatus={carrierError ? 'error' : undefined} help={carrierError || undefined}>
          <PartySelect
            url={SELECT_URL.carrier}
            value={carrier}
            status={carrierError ? 'error' : undefined}
            placeholder={t('crud.selectFieldPlaceholder', { field: t('orders.field.carrier') })}
            onChange={setCarrier}
            testId="ship-carrier"
          />
        </Form.Item>
        <Form.Item label={t('orders.field.courierNumber')} required validateStatus={courierError ? 'error' : undefined} help={courierError || undefined}>
          <Input
            value={courier}
            onChange={setCourier}
            allowClear
            placeholder={t('crud.inputFieldPlaceholder', { field: t('orders.field.courierNumber') })}
            data-orders="ship-courier"
            onPressEnter={() => void submit()}
          />
        </Form.Item>
        <Form.Item label={t('orders.field.shipmentTime')} extra={t('orders.ship.timeHint')}>
          <DatePicker
            showTime
            style={{ width: '100%' }}
            value={time}
            allowClear={false}
            format="YYYY-MM-DD HH:mm:ss"
            onChange={(_s, d) => setTime(d ? dayjs(d).valueOf() : Date.now())}
            data-orders="ship-time"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
});

export default ShipDialog;
