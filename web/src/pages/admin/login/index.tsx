import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Checkbox, Form, Input } from '@arco-design/web-react';
import { IconLock, IconUser } from '@/components/Icon/icons';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { afterLogin } from '@/router/names';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { required, rule } from '@/utils/validate';
import { ClickCaptcha } from '@/components/ClickCaptcha';
import { SignInFrame } from '@/features/identity/SignInFrame';
import { useCaptchaStep } from '@/features/identity/captchaStep';
import { rememberAccount, rememberedAccount } from '@/features/identity/rememberedAccount';
import { AdminLoginStore } from './store';
import './index.css';

interface LoginFields {
  username: string;
  password: string;
  keep: boolean;
  remember: boolean;
}

/** The back-office sign-in: username, password, keep me signed in; the click captcha when the server asks. */
export default observer(function AdminLogin() {
  const t = useT();
  const root = useStore();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [store] = useState(() => new AdminLoginStore(root));
  const [form] = Form.useForm<LoginFields>();
  const [remembered] = useState(() => rememberedAccount('admin'));
  // read once: a sign-in on this page navigates itself (to the page asked for), and a second navigation to /admin raced it
  const [alreadyIn] = useState(() => root.adminInfo.isLogin);
  const finish = async (captchaInfo?: string) => {
    const values = form.getFieldsValue() as LoginFields;
    const to = await store.submit(values, captchaInfo);
    if (to) rememberAccount('admin', values.username, Boolean(values.remember));
    // back to the page that was asked for while signed out, if any
    if (to) navigate(afterLogin('/admin/login', searchParams.get('redirect'), to), { replace: true });
  };
  const { submit: onSubmit, captcha } = useCaptchaStep(() => form.validate(), store.captchaRequired, (info) => void finish(info));

  useEffect(() => {
    if (!alreadyIn) store.loadConfig();
  }, [store, alreadyIn]);

  if (alreadyIn) return <Navigate to="/admin" replace />;

  return (
    <SignInFrame className="ba-login" title={root.siteConfig.siteName || t('login.subtitle')} subtitle={t('login.title')} after={<ClickCaptcha {...captcha} uuid={store.captchaId} />}>
      <Form<LoginFields>
        form={form}
        layout="vertical"
        size="large"
        initialValues={{ username: remembered, password: '', keep: false, remember: Boolean(remembered) }}
        onSubmit={onSubmit}
        autoComplete="on"
      >
        <Form.Item
          field="username"
          label={t('login.username')}
          rules={[required(t), { minLength: 3, maxLength: 30, message: t('login.usernameLength') }]}
        >
          <Input prefix={<IconUser />} placeholder={t('login.usernamePlaceholder')} autoComplete="username" name="username" />
        </Form.Item>
        <Form.Item field="password" label={t('login.password')} rules={[required(t), rule('password', t)]}>
          <Input.Password prefix={<IconLock />} placeholder={t('login.passwordPlaceholder')} autoComplete="current-password" name="password" />
        </Form.Item>
        <Form.Item field="keep" triggerPropName="checked" style={{ marginBottom: 4 }}>
          <Checkbox>{t('login.keep')}</Checkbox>
        </Form.Item>
        <Form.Item field="remember" triggerPropName="checked">
          <Checkbox data-testid="remember-account">{t('login.remember')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" long loading={store.submitting} disabled={store.loading && !store.configLoaded}>
          {t('login.submit')}
        </Button>
      </Form>
    </SignInFrame>
  );
});
