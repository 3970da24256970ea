import '@/layouts/user/user.css';
import { useState } from 'react';
import { makeAutoObservable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { Button, Form, Input } from '@arco-design/web-react';
import { useT } from '@/lang';
import { required, rule } from '@/utils/validate';
import { changePassword } from '@/api/member';

const C = (key: string) => `frontend.user.account.changePassword.${key}`;

interface Fields {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The change: true when done (the request layer has shown the message either way). */
class ChangePasswordStore {
  saving = false;

  constructor() {
    makeAutoObservable(this);
  }

  async change(oldPassword: string, newPassword: string): Promise<boolean> {
    this.saving = true;
    try {
      await changePassword(oldPassword, newPassword);
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}

/** /user/account/changePassword: the old password, the new one twice. Other sessions end on success. */
export default observer(function ChangePasswordPage() {
  const t = useT();
  const [form] = Form.useForm<Fields>();
  const [store] = useState(() => new ChangePasswordStore());

  const submit = async () => {
    let values: Fields;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    if (await store.change(values.oldPassword, values.newPassword)) form.resetFields();
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
        <Button type="primary" htmlType="submit" loading={store.saving} data-testid="change-password-submit">
          {t(C('submit'))}
        </Button>
      </Form>
    </div>
  );
});
