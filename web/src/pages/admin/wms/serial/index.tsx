/**
 * Serial numbers (/admin/wms/serial): search a serial (scanned or typed) and see where it is — product, shelf,
 * lot, in stock or gone — and every movement it made (order, time, shelf, in or out), oldest first. Usable on a
 * 390 px phone: the search field is full width, each serial a card, its movements a list.
 */
import '@/features/serials/i18n';
import { useState } from 'react';
import { makeAutoObservable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { Card, Empty, Input, Space, Tag } from '@arco-design/web-react';
import type { SerialView } from '@contract/serials';
import { fetchSerials } from '@/api/inventory';
import { errorMessage } from '@/api/request';
import { formatDatetime } from '@/components/crud';
import { useT } from '@/lang';

/** The page's state: the serial searched and what the server answered. */
class SerialPageStore {
  query = '';
  list: SerialView[] = [];
  searched = false;
  loading = false;
  error = '';

  constructor() {
    makeAutoObservable(this);
  }

  setQuery(value: string) {
    this.query = value;
  }

  async search() {
    const serial = this.query.trim();
    if (!serial) return;
    this.loading = true;
    this.error = '';
    try {
      const answer = await fetchSerials({ serial_no: serial, limit: 20 });
      runInAction(() => {
        this.list = answer.list;
        this.searched = true;
      });
    } catch (error) {
      runInAction(() => (this.error = errorMessage(error)));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }
}

const SerialCard = ({ row }: { row: SerialView }) => {
  const t = useT();
  return (
    <div data-serials="result">
    <Card className="serial-card" title={<span>{row.serial_no}</span>} extra={row.in_stock ? <Tag color="green">{t('serials.inStock')}</Tag> : <Tag color="gray">{t('serials.gone')}</Tag>}>
      <div>
        {t('serials.product')}: {row.product ? `${row.product.name} (${row.product.product_no})` : `#${row.product_id}`}
      </div>
      <div data-serials="where">
        {t('serials.where')}: {row.shelf_location || '-'}
        {row.lot_no ? ` · ${t('serials.lot')} ${row.lot_no}` : ''}
      </div>
      <h4 style={{ margin: '12px 0 4px' }}>{t('serials.movements')}</h4>
      <ol className="serial-movements" style={{ paddingLeft: 20, margin: 0 }} data-serials="movements">
        {row.movements.map((m) => (
          <li key={m.event_id} data-serials="movement">
            <Tag size="small" color={m.direction > 0 ? 'arcoblue' : 'orange'}>
              {m.direction > 0 ? t('serials.in') : t('serials.out')}
            </Tag>{' '}
            {m.order_no} · {m.shelf_location} · {formatDatetime(m.createtime)}
            {m.operator ? ` · ${m.operator}` : ''}
          </li>
        ))}
      </ol>
    </Card>
    </div>
  );
};

function SerialPage() {
  const t = useT();
  const [store] = useState(() => new SerialPageStore());
  return (
    <div className="default-main serial-page">
      <Space direction="vertical" style={{ width: '100%' }} size="medium">
        <div data-serials="search">
        <Input.Search
          allowClear
          value={store.query}
          placeholder={t('serials.search')}
          onChange={(v) => store.setQuery(v)}
          onSearch={() => void store.search()}
          loading={store.loading}
          style={{ width: '100%', maxWidth: 480 }}
        />
        </div>
        {store.error && <div role="alert">{store.error}</div>}
        {store.searched && !store.list.length && <Empty description={t('serials.none')} />}
        {store.list.map((row) => (
          <SerialCard key={row.id} row={row} />
        ))}
      </Space>
    </div>
  );
}

export default observer(SerialPage);
