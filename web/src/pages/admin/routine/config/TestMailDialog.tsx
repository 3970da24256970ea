/** Asks for a recipient and sends a test mail with the mail tab's current values; shows the outcome. */
import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Form, Input, Modal, Typography } from '@arco-design/web-react';
import { buildRules } from '@/components/crud/validators';
import { useT } from '@/lang';
import type { ConfigPageStore } from './store';

export interface TestMailDialogProps {
  store: ConfigPageStore;
  visible: boolean;
  onClose: () => void;
  /** the mail tab's current form values */
  values: () => Record<string, unknown>;
}

export const TestMailDialog = observer(function TestMailDialog({ store, visible, onClose, values }: TestMailDialogProps) {
  const t = useT();
  const [form] = Form.useForm<{ testMail: string }>();

  useEffect(() => {
    if (visible) store.clearTestMailResult();
  }, [visible, store]);

  const send = async () => {
    let input: { testMail: string };
    try {
      input = await form.validate();
    } catch {
      return;
    }
    await store.sendTestMail(values(), input.testMail);
  };

  const label = t('routine.config.testMail.recipient');
  const result = store.testMailResult;
  return (
    <Modal
      title={t('routine.config.testMail.title')}
      visible={visible}
      onOk={() => void send()}
      onCancel={onClose}
      okText={t('routine.config.testMail.send')}
      cancelText={t('crud.close')}
      confirmLoading={store.sendingTestMail}
      unmountOnExit
      className="config-test-mail"
    >
      <Typography.Paragraph type="secondary" className="config-test-mail-intro">
        {t('routine.config.testMail.intro')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onSubmit={() => void send()}>
        <Form.Item field="testMail" label={label} rules={buildRules(['required', 'email'], 'edit', t, label)}>
          <Input placeholder={t('routine.config.testMail.recipientPlaceholder')} autoFocus data-testid="config-test-mail-recipient" />
        </Form.Item>
      </Form>
      {result && (
        <Alert
          type={result.ok ? 'success' : 'error'}
          title={t(result.ok ? 'routine.config.testMail.sent' : 'routine.config.testMail.failed')}
          content={result.msg}
          showIcon
          data-testid="config-test-mail-result"
        />
      )}
    </Modal>
  );
});

export default TestMailDialog;
