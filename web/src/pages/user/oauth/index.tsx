/**
 * /user/oauth/callback: where a provider's sign-in comes back (docs/OAUTH.md). The state the browser kept is
 * checked, the server finishes the sign-in; a provider account linked to nobody yet is linked here by signing
 * in with an existing account (the bind form).
 */
import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Form, Input, Spin } from '@arco-design/web-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { IconLock, IconUser } from '@/components/Icon/icons';
import { SignInFrame } from '@/features/identity/SignInFrame';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { required } from '@/utils/validate';
import { OauthCallbackStore } from './store';

const C = (key: string) => `frontend.user.oauth.callback.${key}`;

export default observer(function OauthCallbackPage() {
  const t = useT();
  const root = useStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [store] = useState(() => new OauthCallbackStore(root));
  const [form] = Form.useForm<{ username: string; password: string }>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void store.arrive(params.get('code') ?? '', params.get('state') ?? '', params.get('error') ?? '').then((to) => to && navigate(to, { replace: true }));
  }, [store, params, navigate]);

  const bind = async () => {
    let values: { username: string; password: string };
    try {
      values = await form.validate();
    } catch {
      return;
    }
    const to = await store.bind(values.username, values.password);
    if (to) navigate(to, { replace: true });
  };

  return (
    <SignInFrame className="ba-member-login" title={t(C('title'))} subtitle={store.phase === 'bind' ? t(C('bindSubtitle'), { provider: store.provider, nickname: store.nickname || '-' }) : ''}>
      {store.phase === 'checking' || store.phase === 'done' ? (
        <Spin block tip={t(C('checking'))} data-testid="oauth-checking" />
      ) : store.phase === 'failed' ? (
        <>
          <Alert type="error" content={store.error?.startsWith('frontend.') ? t(store.error) : store.error} data-testid="oauth-error" />
          <Link to="/user/login" style={{ display: 'block', marginTop: 16 }}>
            {t(C('backToLogin'))}
          </Link>
        </>
      ) : (
        <Form form={form} layout="vertical" size="large" initialValues={{ username: '', password: '' }} onSubmit={() => void bind()} data-testid="oauth-bind-form">
          {store.error && <Alert type="error" content={store.error} style={{ marginBottom: 12 }} />}
          <Form.Item field="username" label={t(C('username'))} rules={[required(t)]}>
            <Input prefix={<IconUser />} autoComplete="username" name="username" />
          </Form.Item>
          <Form.Item field="password" label={t(C('password'))} rules={[required(t)]}>
            <Input.Password prefix={<IconLock />} autoComplete="current-password" name="password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" long loading={store.loading} data-testid="oauth-bind-submit">
            {t(C('bind'))}
          </Button>
        </Form>
      )}
    </SignInFrame>
  );
});
