import '@/layouts/user/user.css';
import './profile.css';
import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Avatar, Button, Descriptions, Form, Grid, Input, Modal, Radio, Steps, Typography } from '@arco-design/web-react';
import { DatePicker } from '@/components/SiteDatePicker';
import IconCamera from '@arco-design/web-react/icon/react-icon/IconCamera';
import { IconUser } from '@/components/Icon/icons';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { useRecordForm } from '@/hooks/useRecordForm';
import { LoadState } from '@/components/LoadState';
import { required, rule } from '@/utils/validate';
import { GenderIcon } from '@/features/member/GenderIcon';
import { SendCodeButton } from '@/features/member/SendCodeButton';
import { CODE_EVENTS } from '@/api/member';
import type { Channel } from '@/api/platform';
import { ProfileStore } from './store';

const P = (key: string) => `frontend.user.account.profile.${key}`;

interface ProfileFields {
  username: string;
  nickname: string;
  gender: number;
  birthday: string;
  motto: string;
  avatar: string;
}

function CodeRow({ value, onChange, button }: { value?: string; onChange?: (v: string) => void; button: React.ReactNode }) {
  const t = useT();
  return (
    <div className="ba-code-row">
      <Input value={value} onChange={onChange} placeholder={t('member.codePlaceholder')} maxLength={8} autoComplete="one-time-code" />
      {button}
    </div>
  );
}

/**
 * Rebinding an e-mail or mobile: with one bound, first a code to the current address (a pass), then the
 * new address with its code; with none bound, the new address, its code and the password.
 */
const ChangeBindDialog = observer(function ChangeBindDialog({ store, type, onClose }: { store: ProfileStore; type: Channel | null; onClose: () => void }) {
  const t = useT();
  const [verifyForm] = Form.useForm<{ captcha: string }>();
  const [bindForm] = Form.useForm<{ value: string; captcha: string; password: string }>();
  const [pass, setPass] = useState('');
  const current = type ? (type === 'email' ? store.info?.email : store.info?.mobile) ?? '' : '';
  const needsPass = Boolean(current);
  const step = needsPass && !pass ? 0 : 1;
  const label = type === 'email' ? t(P('email')) : t(P('mobile'));

  useEffect(() => {
    setPass('');
    verifyForm.resetFields();
    bindForm.resetFields();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [type]);

  if (!type) return null;

  const next = async () => {
    if (step === 0) {
      let values: { captcha: string };
      try {
        values = await verifyForm.validate();
      } catch {
        return;
      }
      const token = await store.verify(type, values.captcha);
      if (token) setPass(token);
      return;
    }
    let values: { value: string; captcha: string; password: string };
    try {
      values = await bindForm.validate();
    } catch {
      return;
    }
    if (await store.bind({ type, value: values.value.trim(), captcha: values.captcha, accountVerificationToken: pass || undefined, password: needsPass ? undefined : values.password })) onClose();
  };

  const newTarget = async () => {
    try {
      await bindForm.validate(['value']);
      return String(bindForm.getFieldValue('value') ?? '').trim();
    } catch {
      return null;
    }
  };

  return (
    <Modal
      title={t(needsPass ? P('changeTitle') : P('bindTitle'), { field: label })}
      visible
      onCancel={onClose}
      onOk={() => void next()}
      okText={step === 0 ? t(P('next')) : t(P('confirm'))}
      confirmLoading={store.binding}
      unmountOnExit
      className="ba-bind-dialog"
    >
      {needsPass && (
        <Steps current={step + 1} size="small" style={{ marginBottom: 20 }}>
          <Steps.Step title={t(P('stepVerify'))} />
          <Steps.Step title={t(P('stepBind'))} />
        </Steps>
      )}
      {step === 0 ? (
        <Form form={verifyForm} layout="vertical" initialValues={{ captcha: '' }}>
          <Form.Item label={t(P('current'), { field: label })}>
            <Input value={current} disabled />
          </Form.Item>
          <Form.Item field="captcha" label={t(P('code'))} rules={[{ required: true, message: t('member.codeRequired') }]}>
            <CodeRow button={<SendCodeButton channel={type} event={CODE_EVENTS.verify[type]} target={async () => current} captcha={store.captchaRequired} />} />
          </Form.Item>
        </Form>
      ) : (
        <Form form={bindForm} layout="vertical" initialValues={{ value: '', captcha: '', password: '' }}>
          <Form.Item field="value" label={t(P('newValue'), { field: label })} rules={[required(t), rule(type === 'email' ? 'email' : 'mobile', t)]}>
            <Input placeholder={label} name={`bind-${type}`} />
          </Form.Item>
          <Form.Item field="captcha" label={t(P('code'))} rules={[{ required: true, message: t('member.codeRequired') }]}>
            <CodeRow button={<SendCodeButton channel={type} event={CODE_EVENTS.change[type]} target={newTarget} captcha={store.captchaRequired} />} />
          </Form.Item>
          {!needsPass && (
            <Form.Item field="password" label={t(P('password'))} rules={[required(t)]} extra={t(P('passwordTip'))}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
});

/** /user/account/profile: avatar, username, nickname, gender, birthday, motto; e-mail and mobile bindings. */
export default observer(function ProfilePage() {
  const t = useT();
  const root = useStore();
  const [store] = useState(() => new ProfileStore(root));
  const [form] = Form.useForm<ProfileFields>();
  const [bindType, setBindType] = useState<Channel | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [avatar, setAvatar] = useRecordForm(store, form, (info) => ({ username: info.username, nickname: info.nickname, gender: Number(info.gender) || 0, birthday: info.birthday || '', motto: info.motto || '' }));
  const info = store.info;

  if (!info) return <LoadState loading={store.loading} error={store.error} className="ba-user-page" />;

  const submit = async () => {
    let values: ProfileFields;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    await store.save({ ...values, avatar, birthday: values.birthday || '' });
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const url = await store.upload(file);
    if (url) setAvatar(url);
    if (fileInput.current) fileInput.current.value = '';
  };

  const contact = (type: Channel) => {
    const value = type === 'email' ? info.email : info.mobile;
    const available = store.channels.includes(type);
    return (
      <span className="ba-profile-contact" data-testid={`contact-${type}`}>
        <span>{value || t(P('notBound'))}</span>
        {available && (
          <Button size="mini" type="text" onClick={() => setBindType(type)} data-testid={`bind-${type}`}>
            {value ? t(P('change')) : t(P('bind'))}
          </Button>
        )}
      </span>
    );
  };

  return (
    <div className="ba-user-page ba-profile">
      <h2 className="ba-user-page-title">{t(P('title'))}</h2>
      <Grid.Row gutter={32}>
        <Grid.Col xs={24} md={8}>
          <div className="ba-profile-avatar">
            <Avatar size={112} triggerIcon={<IconCamera />} triggerType="mask" onClick={() => fileInput.current?.click()} className="ba-user-avatar">
              {avatar ? <img src={root.siteConfig.fullUrl(avatar)} alt={info.username} data-testid="profile-avatar" /> : <IconUser />}
            </Avatar>
            <input ref={fileInput} type="file" accept="image/*" hidden data-testid="avatar-file" onChange={(e) => void onFile(e.target.files?.[0])} />
            <Button size="small" loading={store.uploading} onClick={() => fileInput.current?.click()}>
              {t(P('uploadAvatar'))}
            </Button>
            <Typography.Text type="secondary" className="ba-profile-avatar-tip">
              {t(P('avatarTip'))}
            </Typography.Text>
          </div>
          <Descriptions
            column={1}
            className="ba-profile-desc"
            labelStyle={{ width: 84 }}
            data={[
              { label: t(P('email')), value: contact('email') },
              { label: t(P('mobile')), value: contact('mobile') },
              { label: t(P('balance')), value: <b>{info.money}</b> },
              { label: t(P('score')), value: <b>{info.score}</b> },
            ]}
          />
          {store.channels.length === 0 && <Alert type="info" content={t(P('noChannel'))} style={{ marginTop: 12 }} />}
        </Grid.Col>
        <Grid.Col xs={24} md={16}>
          <Form form={form} layout="vertical" onSubmit={() => void submit()} className="ba-profile-form" autoComplete="off">
            <Form.Item field="username" label={t(P('username'))} rules={[required(t), rule('account', t)]}>
              <Input name="username" />
            </Form.Item>
            <Form.Item field="nickname" label={t(P('nickname'))} rules={[required(t), { maxLength: 50, message: t(P('nicknameLength')) }]}>
              <Input name="nickname" />
            </Form.Item>
            <Form.Item field="gender" label={t(P('gender'))}>
              <Radio.Group>
                {[1, 2, 0].map((g) => (
                  <Radio key={g} value={g} data-testid={`gender-${g}`}>
                    <span className="ba-gender-option">
                      <GenderIcon gender={g} /> {t(P(`gender${g}`))}
                    </span>
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            <Form.Item field="birthday" label={t(P('birthday'))}>
              <DatePicker style={{ width: 220 }} format="YYYY-MM-DD" allowClear data-testid="birthday" />
            </Form.Item>
            <Form.Item field="motto" label={t(P('motto'))} rules={[{ maxLength: 255, message: t(P('mottoLength')) }]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t(P('mottoPlaceholder'))} name="motto" />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={store.saving} data-testid="profile-save">
                {t(P('save'))}
              </Button>
            </Form.Item>
          </Form>
        </Grid.Col>
      </Grid.Row>
      <ChangeBindDialog store={store} type={bindType} onClose={() => setBindType(null)} />
    </div>
  );
});
