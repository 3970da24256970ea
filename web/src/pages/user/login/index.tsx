import './index.css';
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Checkbox, Form, Input, Modal, Radio, Space, Tabs } from '@arco-design/web-react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { IconLock, IconUser } from '@/components/Icon/icons';
import { ClickCaptcha } from '@/components/ClickCaptcha';
import { SignInFrame } from '@/features/identity/SignInFrame';
import { rememberAccount, rememberedAccount } from '@/features/identity/rememberedAccount';
import { useCaptchaStep } from '@/features/identity/captchaStep';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { required, rule } from '@/utils/validate';
import { SendCodeButton } from '@/features/member/SendCodeButton';
import { CODE_EVENTS } from '@/api/member';
import type { Channel } from '@/api/platform';
import { UserLoginStore } from './store';
import { OauthButtons } from '@/features/oauth/OauthButtons';

const L = (key: string) => `frontend.user.login.${key}`;

interface LoginFields {
  username: string;
  password: string;
  keep: boolean;
  remember: boolean;
}

interface RegisterFields {
  registerType: Channel;
  username: string;
  password: string;
  email?: string;
  mobile?: string;
  captcha: string;
}

interface RetrieveFields {
  type: Channel;
  account: string;
  captcha: string;
  password: string;
}

/** A code input with its "Send code" button. */
function CodeInput({ value, onChange, button }: { value?: string; onChange?: (v: string) => void; button: React.ReactNode }) {
  const t = useT();
  return (
    <div className="ba-code-row">
      <Input value={value} onChange={onChange} placeholder={t('member.codePlaceholder')} maxLength={8} autoComplete="one-time-code" name="captcha" />
      {button}
    </div>
  );
}

const RetrievePasswordDialog = observer(function RetrievePasswordDialog({ store, visible, onClose }: { store: UserLoginStore; visible: boolean; onClose: () => void }) {
  const t = useT();
  const [form] = Form.useForm<RetrieveFields>();
  // The channels load after this dialog is first rendered: the one shown is always an enabled one (a site
  // with SMS only must not offer e-mail), whatever was picked before they loaded.
  const [picked, setType] = useState<Channel | null>(null);
  const type: Channel = picked && store.channels.includes(picked) ? picked : (store.channels[0] ?? 'email');
  const target = async () => {
    try {
      await form.validate(['account']);
      return String(form.getFieldValue('account') ?? '').trim();
    } catch {
      return null;
    }
  };
  const submit = async () => {
    let values: RetrieveFields;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    if (await store.retrieve({ ...values, type })) {
      form.resetFields();
      onClose();
    }
  };
  return (
    <Modal title={t(L('retrieveTitle'))} visible={visible} onCancel={onClose} onOk={() => void submit()} okText={t(L('retrieveSubmit'))} confirmLoading={store.submitting} unmountOnExit className="ba-retrieve-dialog" style={{ width: 'min(520px, calc(100vw - 24px))' }}>
      {store.channels.length === 0 ? (
        <Alert type="warning" content={t(L('noChannel'))} />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ account: '', captcha: '', password: '' }}>
          {store.channels.length > 1 && (
            <Form.Item label={t(L('retrieveBy'))}>
              <Radio.Group type="button" value={type} onChange={(v) => setType(v)}>
                <Radio value="email">{t(L('byEmail'))}</Radio>
                <Radio value="mobile">{t(L('byMobile'))}</Radio>
              </Radio.Group>
            </Form.Item>
          )}
          <Form.Item field="account" label={t(type === 'email' ? L('email') : L('mobile'))} rules={[required(t), rule(type === 'email' ? 'email' : 'mobile', t)]}>
            <Input placeholder={t(type === 'email' ? L('emailPlaceholder') : L('mobilePlaceholder'))} name="retrieve-account" />
          </Form.Item>
          <Form.Item field="captcha" label={t(L('code'))} rules={[{ required: true, message: t('member.codeRequired') }]}>
            <CodeInput button={<SendCodeButton channel={type} event={CODE_EVENTS.retrieve} target={target} captcha={store.captchaRequired} />} />
          </Form.Item>
          <Form.Item field="password" label={t(L('newPassword'))} rules={[required(t), rule('password', t)]}>
            <Input.Password autoComplete="new-password" name="retrieve-password" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
});

/**
 * /user/login: member sign-in (username, e-mail or mobile; the click captcha when the server asks), sign-up
 * with a code sent by e-mail or SMS, and "forgot your password" with a code.
 */
export default observer(function UserLogin() {
  const t = useT();
  const root = useStore();
  const navigate = useNavigate();
  const [store] = useState(() => new UserLoginStore(root));
  const [tab, setTab] = useState<'login' | 'register'>('login');
  const [retrieveVisible, setRetrieveVisible] = useState(false);
  const [loginForm] = Form.useForm<LoginFields>();
  const [registerForm] = Form.useForm<RegisterFields>();
  const [registerType, setRegisterType] = useState<Channel>('email');
  // read once: a sign-in on this page navigates itself, and a second navigation (to /user) raced it
  const [alreadyIn] = useState(() => root.userInfo.isLogin);
  const [remembered] = useState(() => rememberedAccount('user'));
  const finishLogin = async (captchaInfo?: string) => {
    const values = loginForm.getFieldsValue() as LoginFields;
    const to = await store.login(values, captchaInfo);
    if (to) rememberAccount('user', values.username, Boolean(values.remember));
    if (to) navigate(to, { replace: true });
  };
  const { submit: onLogin, captcha } = useCaptchaStep(() => loginForm.validate(), store.captchaRequired, (info) => void finishLogin(info));

  useEffect(() => {
    if (!alreadyIn) void store.load();
  }, [store, alreadyIn]);

  useEffect(() => {
    if (store.channels.length && !store.channels.includes(registerType)) setRegisterType(store.channels[0]);
  }, [store.channels, registerType]);

  if (alreadyIn) return <Navigate to="/user" replace />;

  const onRegister = async () => {
    let values: RegisterFields;
    try {
      values = await registerForm.validate();
    } catch {
      return;
    }
    const to = await store.register({ ...values, registerType });
    if (to) navigate(to, { replace: true });
  };

  const registerTarget = async () => {
    const field = registerType === 'email' ? 'email' : 'mobile';
    try {
      await registerForm.validate([field]);
      return String(registerForm.getFieldValue(field) ?? '').trim();
    } catch {
      return null;
    }
  };

  return (
    <SignInFrame
      className="ba-member-login"
      title={root.siteConfig.siteName || t(L('title'))}
      subtitle={t(L('subtitle'))}
      outside={
        <Link to="/" className="ba-member-login-home">
          ← {t(L('backHome'))}
        </Link>
      }
      after={
        <>
          <ClickCaptcha {...captcha} uuid={store.captchaId} />
          <RetrievePasswordDialog store={store} visible={retrieveVisible} onClose={() => setRetrieveVisible(false)} />
        </>
      }
    >
      <Tabs activeTab={tab} onChange={(key) => setTab(key as 'login' | 'register')} justify>
        <Tabs.TabPane key="login" title={t(L('tabLogin'))}>
          <Form<LoginFields> form={loginForm} layout="vertical" size="large" initialValues={{ username: remembered, password: '', keep: true, remember: Boolean(remembered) }} onSubmit={() => void onLogin()} autoComplete="on">
            <Form.Item field="username" label={t(L('account'))} rules={[required(t)]}>
              <Input prefix={<IconUser />} placeholder={t(L('accountPlaceholder'))} autoComplete="username" name="username" />
            </Form.Item>
            <Form.Item field="password" label={t(L('password'))} rules={[required(t), rule('password', t)]}>
              <Input.Password prefix={<IconLock />} placeholder={t(L('passwordPlaceholder'))} autoComplete="current-password" name="password" />
            </Form.Item>
            <div className="ba-member-login-row">
              <Space size={12} wrap>
                <Form.Item field="keep" triggerPropName="checked" noStyle>
                  <Checkbox>{t(L('keep'))}</Checkbox>
                </Form.Item>
                <Form.Item field="remember" triggerPropName="checked" noStyle>
                  <Checkbox data-testid="remember-account">{t(L('remember'))}</Checkbox>
                </Form.Item>
              </Space>
              <Button type="text" size="small" onClick={() => setRetrieveVisible(true)} data-testid="forgot-password">
                {t(L('forgot'))}
              </Button>
            </div>
            <Button type="primary" htmlType="submit" long loading={store.submitting} style={{ marginTop: 16 }} data-testid="login-submit">
              {t(L('submitLogin'))}
            </Button>
          </Form>
          <OauthButtons />
        </Tabs.TabPane>
        <Tabs.TabPane key="register" title={t(L('tabRegister'))}>
          {store.loaded && store.channels.length === 0 ? (
            <Alert type="warning" content={t(L('noChannel'))} />
          ) : (
            <Form<RegisterFields> form={registerForm} layout="vertical" size="large" initialValues={{ username: '', password: '', email: '', mobile: '', captcha: '' }} onSubmit={() => void onRegister()} autoComplete="off">
              {store.channels.length > 1 && (
                <Form.Item label={t(L('registerType'))}>
                  <Radio.Group type="button" value={registerType} onChange={(v) => setRegisterType(v)}>
                    <Radio value="email">{t(L('byEmail'))}</Radio>
                    <Radio value="mobile">{t(L('byMobile'))}</Radio>
                  </Radio.Group>
                </Form.Item>
              )}
              <Form.Item field="username" label={t(L('username'))} rules={[required(t), rule('account', t)]}>
                <Input prefix={<IconUser />} placeholder={t(L('usernamePlaceholder'))} name="register-username" />
              </Form.Item>
              <Form.Item field="password" label={t(L('password'))} rules={[required(t), rule('password', t)]}>
                <Input.Password prefix={<IconLock />} placeholder={t(L('passwordPlaceholder'))} autoComplete="new-password" name="register-password" />
              </Form.Item>
              {registerType === 'email' ? (
                <Form.Item field="email" label={t(L('email'))} rules={[required(t), rule('email', t)]}>
                  <Input placeholder={t(L('emailPlaceholder'))} name="register-email" />
                </Form.Item>
              ) : (
                <Form.Item field="mobile" label={t(L('mobile'))} rules={[required(t), rule('mobile', t)]}>
                  <Input placeholder={t(L('mobilePlaceholder'))} name="register-mobile" />
                </Form.Item>
              )}
              <Form.Item field="captcha" label={t(L('code'))} rules={[{ required: true, message: t('member.codeRequired') }]}>
                <CodeInput button={<SendCodeButton channel={registerType} event={CODE_EVENTS.register} target={registerTarget} captcha={store.captchaRequired} />} />
              </Form.Item>
              <Button type="primary" htmlType="submit" long loading={store.submitting} data-testid="register-submit">
                {t(L('submitRegister'))}
              </Button>
            </Form>
          )}
        </Tabs.TabPane>
      </Tabs>
    </SignInFrame>
  );
});
