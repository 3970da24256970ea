/**
 * /user/account/oauth: the member's linked third-party accounts (GET /api/account/oauth), unlinking one
 * (POST /api/account/oauthUnbind, member rule `account/oauthUnbind`) and linking another provider (the
 * provider's sign-in, started while signed in, links instead of signing in).
 */
import '@/layouts/user/user.css';
import { useEffect, useState } from 'react';
import { makeAutoObservable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { Button, Empty, Popconfirm, Space, Table } from '@arco-design/web-react';
import type { OauthLinkView, OauthProviderButton } from '@contract/oauth';
import { errorMessage } from '@/api/request';
import { getOauthLinks, oauthUnbind, startOauth } from '@/api/oauth';
import { useT } from '@/lang';
import { timeFormat } from '@/utils/time';

const C = (key: string) => `frontend.user.account.oauth.${key}`;

class LinkedAccountsStore {
  links: OauthLinkView[] = [];
  providers: OauthProviderButton[] = [];
  loading = false;
  error: string | null = null;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load() {
    this.loading = true;
    try {
      const { data } = await getOauthLinks();
      runInAction(() => {
        this.links = data.links;
        this.providers = data.providers;
        this.loading = false;
        this.error = null;
      });
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = errorMessage(e);
      });
    }
  }

  async unbind(provider: number) {
    try {
      const { data } = await oauthUnbind(provider);
      runInAction(() => {
        this.links = data.links;
        this.providers = data.providers;
      });
    } catch {
      // the request layer has shown why
    }
  }
}

export default observer(function LinkedAccountsPage() {
  const t = useT();
  const [store] = useState(() => new LinkedAccountsStore());
  useEffect(() => void store.load(), [store]);
  return (
    <div className="ba-user-page" data-testid="oauth-links">
      <h2 className="ba-user-page-title">{t(C('title'))}</h2>
      <Table
        rowKey="provider_id"
        loading={store.loading}
        pagination={false}
        data={store.links.slice()}
        noDataElement={<Empty description={t(C('empty'))} />}
        columns={[
          { title: t(C('provider')), dataIndex: 'provider_name' },
          { title: t(C('nickname')), dataIndex: 'nickname' },
          { title: t(C('createtime')), dataIndex: 'createtime', render: (v: number) => timeFormat(v) },
          {
            title: t(C('actions')),
            render: (_: unknown, row: OauthLinkView) => (
              <Popconfirm title={t(C('unbindConfirm'), { provider: row.provider_name })} onOk={() => void store.unbind(row.provider_id)}>
                <Button size="small" status="danger" data-testid={`oauth-unbind-${row.provider_id}`}>
                  {t(C('unbind'))}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      {store.providers.length > 0 && (
        <Space style={{ marginTop: 16 }} wrap>
          <span>{t(C('linkAnother'))}</span>
          {store.providers.map((p) => (
            <Button key={p.id} size="small" onClick={() => void startOauth(p.id, '/user/account/oauth').catch(() => undefined)} data-testid={`oauth-link-${p.id}`}>
              {p.name}
            </Button>
          ))}
        </Space>
      )}
    </div>
  );
});
