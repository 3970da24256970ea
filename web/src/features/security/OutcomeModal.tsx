/** What a restore / rollback did: the rows that went through and, per refused row, why. */
import { observer } from 'mobx-react-lite';
import { Alert, Modal, Table, Tag } from '@arco-design/web-react';
import { useT } from '@/lang';
import type { SafetyLogStore } from './store';

export const OutcomeModal = observer(function OutcomeModal({ store, doneLabel }: { store: SafetyLogStore; doneLabel: string }) {
  const t = useT();
  const outcome = store.outcome;
  const rows = outcome ? [...outcome.done.map((id) => ({ id, ok: true, reason: '' })), ...outcome.refused.map((r) => ({ ...r, ok: false }))] : [];
  return (
    <Modal title={t('securityTools.outcome')} visible={!!outcome} onOk={() => store.closeOutcome()} onCancel={() => store.closeOutcome()} hideCancel style={{ maxWidth: '94vw' }}>
      {outcome?.message ? <Alert type="warning" content={outcome.message} style={{ marginBottom: 12 }} /> : null}
      <Table
        data-testid="safety-outcome"
        rowKey="id"
        size="small"
        pagination={false}
        data={rows}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('securityTools.result'), dataIndex: 'ok', width: 110, render: (ok: boolean) => (ok ? <Tag color="green">{t(doneLabel)}</Tag> : <Tag color="orange">{t('securityTools.refused')}</Tag>) },
          { title: t('securityTools.reason'), dataIndex: 'reason', render: (reason: string) => <span style={{ wordBreak: 'break-word' }}>{reason || '-'}</span> },
        ]}
      />
    </Modal>
  );
});
