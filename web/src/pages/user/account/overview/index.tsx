import '@/layouts/user/user.css';
import './overview.css';
import { lazy, Suspense, useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { makeAutoObservable, runInAction } from 'mobx';
import { Card, Grid, Spin, Statistic, Table, Typography } from '@arco-design/web-react';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { greeting } from '@/utils/greeting';
import { timeFormat } from '@/utils/time';
import { errorMessage } from '@/api/request';
import { getOverview, type Overview } from '@/api/member';
import { AdvertBanner } from '@/features/cms/AdvertBanner';

const DayChart = lazy(() => import('./DayChart'));
const O = (key: string) => `frontend.user.account.overview.${key}`;

class OverviewStore {
  data: Overview | null = null;
  loading = false;
  error: string | null = null;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load() {
    this.loading = true;
    try {
      const res = await getOverview();
      runInAction(() => {
        this.data = res.data;
        this.loading = false;
      });
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = errorMessage(e);
      });
    }
  }
}

/** /user/account/overview: the adverts of the `member` position, greeting, balance and score, and the last seven days of changes (charts and table). */
export default observer(function OverviewPage() {
  const t = useT();
  const { userInfo, config } = useStore();
  const [store] = useState(() => new OverviewStore());
  useEffect(() => {
    void store.load();
  }, [store]);
  const data = store.data;
  const rows = data ? data.days.map((day, i) => ({ day, score: data.score[i], money: data.money[i] })) : [];
  const name = userInfo.nickname || userInfo.username;

  return (
    <div className="ba-user-page ba-overview">
      <AdvertBanner position="member" />
      <Typography.Title heading={5} className="ba-overview-hello">
        <span>{greeting(t)}</span> <span>{t('member.welcome', { name })}</span>
      </Typography.Title>
      <Typography.Paragraph type="secondary">{userInfo.motto || t(O('noMotto'))}</Typography.Paragraph>
      <Grid.Row gutter={16} className="ba-overview-figures">
        <Grid.Col xs={24} sm={8}>
          <Card bordered={false} className="ba-overview-figure">
            <Statistic title={t(O('balance'))} value={userInfo.money} precision={2} data-testid="overview-money" />
          </Card>
        </Grid.Col>
        <Grid.Col xs={24} sm={8}>
          <Card bordered={false} className="ba-overview-figure">
            <Statistic title={t(O('score'))} value={userInfo.score} />
          </Card>
        </Grid.Col>
        <Grid.Col xs={24} sm={8}>
          <Card bordered={false} className="ba-overview-figure">
            <Statistic title={t(O('lastLogin'))} value={userInfo.lastlogintime ? timeFormat(userInfo.lastlogintime as number) : '-'} styleValue={{ fontSize: 16 }} />
          </Card>
        </Grid.Col>
      </Grid.Row>
      <Spin loading={store.loading} block>
        {data && (
          <>
            <Grid.Row gutter={16}>
              <Grid.Col xs={24} md={12}>
                <Card title={t(O('scoreChart'))} bordered={false} className="ba-overview-chart">
                  <Suspense fallback={<div style={{ height: 220 }} />}>
                    <DayChart days={data.days} values={data.score} label={t(O('score'))} color="#165DFF" dark={config.isDark} />
                  </Suspense>
                </Card>
              </Grid.Col>
              <Grid.Col xs={24} md={12}>
                <Card title={t(O('moneyChart'))} bordered={false} className="ba-overview-chart">
                  <Suspense fallback={<div style={{ height: 220 }} />}>
                    <DayChart days={data.days} values={data.money.map(Number)} label={t(O('balance'))} color="#00B42A" dark={config.isDark} />
                  </Suspense>
                </Card>
              </Grid.Col>
            </Grid.Row>
            <Table
              className="ba-overview-table"
              rowKey="day"
              size="small"
              pagination={false}
              border={false}
              data={rows}
              columns={[
                { title: t(O('day')), dataIndex: 'day' },
                { title: t(O('scoreChange')), dataIndex: 'score' },
                { title: t(O('moneyChange')), dataIndex: 'money' },
              ]}
            />
          </>
        )}
      </Spin>
    </div>
  );
});
