import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Form, Input } from '@arco-design/web-react';
import { changePassword } from '@/api/user';
import { useT } from '@/lang';
import { required, rule } from '@/utils/validate';
import '@/layouts/user/user.css';

const C = (key: string) => `frontend.user.account.changePassword.${key}`;

interface Fields {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** /user/account/changePassword: the old password, the new one twice. Other sessions end on success. */
export default observer(function ChangePasswordPage() {
  const t = useT();
  const [form] = Form.useForm<Fields>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let values: Fields;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await changePassword(values.oldPassword, values.newPassword);
      form.resetFields();
    } catch {
      // the request layer showed why
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="ba-user-page">
      <h2 className="ba-user-page-title">{t(C('title'))}</h2>
      <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onSubmit={() => void submit()} initialValues={{ oldPassword: '', newPassword: '', confirmPassword: '' }}>
        <Form.Item field="oldPassword" label={t(C('oldPassword'))} rules={[required(t)]}>
          <Input.Password autoComplete="current-password" name="oldPassword" />
        </Form.Item>
        <Form.Item field="newPassword" label={t(C('newPassword'))} rules={[required(t), rule('password', t)]} extra={t('validate.password')}>
          <Input.Password autoComplete="new-password" name="newPassword" />
        </Form.Item>
        <Form.Item
          field="confirmPassword"
          label={t(C('confirmPassword'))}
          rules={[
            required(t),
            { validator: (value: unknown, cb: (e?: string) => void) => cb(value === form.getFieldValue('newPassword') ? undefined : t(C('mismatch'))) },
          ]}
        >
          <Input.Password autoComplete="new-password" name="confirmPassword" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="change-password-submit">
          {t(C('submit'))}
        </Button>
      </Form>
    </div>
  );
});
