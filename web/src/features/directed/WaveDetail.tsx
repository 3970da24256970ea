import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { makeAutoObservable, runInAction } from 'mobx';
import { Alert, Button, Descriptions, Drawer, Progress, Space, Tag } from '@arco-design/web-react';
import { ListTable } from '@/components/crud/ListTable';
import type { TaskView, WaveView } from '@contract/directed';
import { TASK_STATUS, WAVE_STATUS } from '@contract/enums';
import { fetchWave, wavePrintUrl, waveTransition } from '@/api/orders';
import { IconPrinter } from '@arco-design/web-react/icon';
import { openInNewTab } from '@/features/documents/newTab';
import { useAuth } from '@/hooks/useAuth';
import { useStore } from '@/stores/context';
import { errorMessage } from '@/api/request';
import { TransitionKeys, wasAnswered } from '@/features/orders/idempotency';
import { getLocale, useT } from '@/lang';

export const WAVE_STATUS_COLORS: Record<number, string> = { 0: 'gray', 1: 'arcoblue', 2: 'green', 3: 'purple', 4: 'red' };
const TASK_STATUS_COLORS: Record<number, string> = { 0: 'gray', 1: 'arcoblue', 2: 'green', 3: 'orange', 4: 'red' };

/** The wave shown in the drawer: load it, release or cancel it. */
export class WaveDetailStore {
  wave: WaveView | null = null;
  visible = false;
  loading = false;
  error = '';
  private readonly keys = new TransitionKeys();

  constructor() {
    makeAutoObservable(this);
  }

  async show(id: number): Promise<void> {
    this.visible = true;
    this.loading = true;
    this.error = '';
    try {
      const wave = await fetchWave(id);
      runInAction(() => (this.wave = wave));
    } catch (error) {
      runInAction(() => (this.error = errorMessage(error)));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  close(): void {
    this.visible = false;
    this.wave = null;
  }

  async act(action: 'release' | 'cancel'): Promise<boolean> {
    if (!this.wave) return false;
    const id = this.wave.id;
    this.loading = true;
    this.error = '';
    try {
      const wave = await waveTransition(action, id, this.keys.keyFor(action, id));
      this.keys.settle(action, id, true);
      runInAction(() => (this.wave = wave));
      return true;
    } catch (error) {
      this.keys.settle(action, id, wasAnswered(error));
      runInAction(() => (this.error = errorMessage(error)));
      return false;
    } finally {
      runInAction(() => (this.loading = false));
    }
  }
}

/** The wave's detail: orders, tasks in sequence with their progress, release and cancel, the pick sheet. */
export const WaveDetail = observer(function WaveDetail({ detail, onChanged }: { detail: WaveDetailStore; onChanged: () => void }) {
  const t = useT();
  const auth = useAuth();
  const root = useStore();
  const wave = detail.wave;
  const [narrow, setNarrow] = useState(() => window.innerWidth < 640);
  useEffect(() => {
    const resize = () => setNarrow(window.innerWidth < 640);
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  const act = async (action: 'release' | 'cancel') => {
    if (await detail.act(action)) onChanged();
  };
  const percent = wave && wave.progress.quantity ? Math.round((wave.progress.done_quantity / wave.progress.quantity) * 100) : 0;
  return (
    <Drawer width={narrow ? '100%' : 760} visible={detail.visible} title={wave ? `${t('wms.wave.wave')} ${wave.wave_no}` : t('wms.wave.wave')} footer={null} onCancel={() => detail.close()} data-directed="wave-detail">
      {detail.error && <Alert type="error" content={detail.error} style={{ marginBottom: 12 }} data-directed="wave-error" />}
      {wave && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            column={narrow ? 1 : 2}
            data={[
              { label: t('wms.wave.statusLabel'), value: <Tag color={WAVE_STATUS_COLORS[wave.status]}>{t(`wms.wave.status${wave.status}`)}</Tag> },
              { label: t('wms.wave.orders'), value: wave.orders.map((o) => o.outbound_no).join(', ') || '-' },
              { label: t('wms.wave.progress'), value: <Progress percent={percent} formatText={() => `${wave.progress.done_quantity} / ${wave.progress.quantity}`} /> },
              { label: t('wms.wave.remark'), value: wave.remark || '-' },
            ]}
          />
          <Space wrap>
            {wave.status === WAVE_STATUS.draft && (
              <Button type="primary" loading={detail.loading} onClick={() => void act('release')} data-directed="release">
                {t('wms.wave.release')}
              </Button>
            )}
            {wave.status !== WAVE_STATUS.draft && wave.status !== WAVE_STATUS.cancelled && auth('print') && (
              <Button icon={<IconPrinter />} onClick={() => openInNewTab(wavePrintUrl(wave.id, root.adminInfo.token, getLocale()))} data-directed="print">
                {t('wms.wave.print')}
              </Button>
            )}
            {(wave.status === WAVE_STATUS.draft || wave.status === WAVE_STATUS.released) && (
              <Button status="danger" loading={detail.loading} onClick={() => void act('cancel')} data-directed="cancel">
                {t('wms.wave.cancel')}
              </Button>
            )}
          </Space>
          <ListTable<TaskView>
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: 640 }}
            data={wave.tasks}
            columns={[
              { title: t('wms.wave.sequence'), dataIndex: 'sequence', width: 60 },
              { title: t('wms.wave.fromShelf'), render: (_: unknown, task: TaskView) => task.from_shelf?.location ?? '-' },
              { title: t('wms.wave.product'), render: (_: unknown, task: TaskView) => `${task.product?.product_no ?? ''} ${task.product?.name ?? ''}` },
              { title: t('wms.wave.lot'), dataIndex: 'lot_no', width: 90 },
              { title: t('wms.wave.quantity'), render: (_: unknown, task: TaskView) => `${task.done_quantity} / ${task.quantity}`, width: 90 },
              {
                title: t('wms.wave.taskStatus'),
                width: 90,
                render: (_: unknown, task: TaskView) => <Tag color={TASK_STATUS_COLORS[task.status]}>{t(`wms.wave.task${task.status}`)}</Tag>,
              },
            ]}
            data-directed="wave-tasks"
          />
          {wave.tasks.some((task) => task.status === TASK_STATUS.short) && <Alert type="warning" content={t('wms.wave.shortNote')} />}
        </Space>
      )}
    </Drawer>
  );
});
