/**
 * The sign-in page's third-party buttons: one per enabled provider (GET /api/oauth/providers); a click asks
 * the server for the provider's URL and goes there (the module `oauth`; nothing shows when it has none).
 */
import { useEffect, useState } from 'react';
import { Button, Divider, Space } from '@arco-design/web-react';
import { IconLink } from '@arco-design/web-react/icon';
import type { OauthProviderButton } from '@contract/oauth';
import { getOauthProviders, startOauth } from '@/api/oauth';
import { useT } from '@/lang';

export function OauthButtons({ redirect = '/user' }: { redirect?: string }) {
  const t = useT();
  const [providers, setProviders] = useState<OauthProviderButton[]>([]);
  const [going, setGoing] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    getOauthProviders()
      .then((res) => live && setProviders(res.data.list ?? []))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!providers.length) return null;
  const go = async (id: number) => {
    setGoing(id);
    try {
      await startOauth(id, redirect);
    } catch {
      setGoing(null);
    }
  };
  return (
    <div className="ba-oauth-buttons" data-testid="oauth-buttons">
      <Divider>{t('frontend.user.login.oauthDivider')}</Divider>
      <Space wrap style={{ justifyContent: 'center', width: '100%' }}>
        {providers.map((p) => (
          <Button key={p.id} icon={<IconLink />} loading={going === p.id} onClick={() => void go(p.id)} data-testid={`oauth-provider-${p.id}`}>
            {t('frontend.user.login.oauthWith', { name: p.name })}
          </Button>
        ))}
      </Space>
    </div>
  );
}
