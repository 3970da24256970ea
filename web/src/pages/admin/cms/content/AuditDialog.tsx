/**
 * The audit of one content item: publish, refuse (a reason is required: the author reads it) or take
 * offline, offering only the moves the server allows from the item's status.
 */
import { useEffect, useState } from 'react';
import { Form, Input, Modal, Radio } from '@arco-design/web-react';
import { CONTENT_STATUS } from '@/features/cms/options';
import { useT } from '@/lang';

/** The statuses an audit may set from `status` (the server's rule). */
export function auditTargets(status: number): number[] {
  switch (status) {
    case CONTENT_STATUS.unaudited:
      return [CONTENT_STATUS.normal, CONTENT_STATUS.refused];
    case CONTENT_STATUS.refused:
      return [CONTENT_STATUS.normal];
    case CONTENT_STATUS.normal:
      return [CONTENT_STATUS.offline];
    case CONTENT_STATUS.offline:
      return [CONTENT_STATUS.normal];
    default:
      return [];
  }
}

export interface AuditDialogProps {
  row: { id: number; title: string; status: number } | null;
  onCancel: () => void;
  onSubmit: (status: number, memo: string) => Promise<boolean>;
}

export function AuditDialog({ row, onCancel, onSubmit }: AuditDialogProps) {
  const t = useT();
  const targets = row ? auditTargets(row.status) : [];
  const [status, setStatus] = useState<number>(targets[0] ?? CONTENT_STATUS.normal);
  const [memo, setMemo] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setStatus(targets[0] ?? CONTENT_STATUS.normal);
    setMemo('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [row?.id, row?.status]);
  const needsMemo = status === CONTENT_STATUS.refused;
  return (
    <Modal
      visible={!!row}
      title={t('cms.content.auditTitle', { title: row?.title ?? '' })}
      onCancel={onCancel}
      confirmLoading={busy}
      okButtonProps={{ disabled: needsMemo && !memo.trim(), 'data-testid': 'audit-submit' } as never}
      onOk={async () => {
        setBusy(true);
        const done = await onSubmit(status, memo);
        setBusy(false);
        if (done) onCancel();
      }}
      className="cms-audit-dialog"
    >
      <Form layout="vertical">
        <Form.Item label={t('cms.content.auditAction')}>
          <Radio.Group value={status} onChange={setStatus} type="button">
            {targets.map((target) => (
              <Radio key={target} value={target} data-testid={`audit-${target}`}>
                {t(`cms.content.auditTo.${target}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('cms.content.memo')} required={needsMemo} extra={t(needsMemo ? 'cms.content.memoRequired' : 'cms.content.memoTip')}>
          <Input.TextArea value={memo} onChange={setMemo} maxLength={255} showWordLimit autoSize={{ minRows: 2, maxRows: 5 }} data-testid="audit-memo" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
