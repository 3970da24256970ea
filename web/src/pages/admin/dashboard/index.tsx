/**
 * The back-office landing page: the greeting of the hour, today's inbound and outbound
 * quantities, the orders awaiting review (each card opens its list filtered to them), and the monthly
 * charts of quantity and amount in and out for a chosen year (amount axis in ten-thousands of yuan).
 * The charts (bizcharts) are a chunk of their own, loaded after the figures show.
 */
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { reaction, toJS } from 'mobx';
import { useNavigate } from 'react-router-dom';
import { Alert, Avatar, Button, Card, Grid, Select, Skeleton, Spin, Typography } from '@arco-design/web-react';
import { IconStorage } from '@/components/Icon/icons';
import IconArrowRise from '@arco-design/web-react/icon/react-icon/IconArrowRise';
import IconArrowFall from '@arco-design/web-react/icon/react-icon/IconArrowFall';
import IconFile from '@arco-design/web-react/icon/react-icon/IconFile';
import IconRefresh from '@arco-design/web-react/icon/react-icon/IconRefresh';
import IconRight from '@arco-design/web-react/icon/react-icon/IconRight';
import IconClockCircle from '@arco-design/web-react/icon/react-icon/IconClockCircle';
import '@/features/lots/i18n';
import type { MonthlySeries } from '@/components/charts/chartData';
import { useT, type TFunction } from '@/lang';
import { useStore } from '@/stores/context';
import { greeting } from '@/utils/greeting';
import { WorkingTime } from './WorkingTime';
import { timeFormat } from '@/utils/time';
import { DashboardStore } from './store';
import './index.css';
import { roleOf } from '@/utils/role';

const MonthlyChart = lazy(() => import('@/components/charts/MonthlyChart'));

/** Where each pending card leads: the order list filtered to unaudited orders. */
export const PENDING_LINKS = {
  inbound: { path: '/admin/wms/inbound', to: '/admin/wms/inbound?audit_status=0' },
  outbound: { path: '/admin/wms/outbound', to: '/admin/wms/outbound?audit_status=0' },
} as const;

/** Series colours: in (blue) and out (orange), readable on both themes. */
const COLORS = { light: ['#165DFF', '#FF7D00'], dark: ['#3C7EFF', '#FF9A2E'] };

const number = (value: number) => value.toLocaleString('en-US');

/** The current year's months still to come have no figures: the charts stop at this month (index). */
export function lastMonthWithFigures(year: number, today: Date): number {
  if (year < today.getFullYear()) return 11;
  if (year > today.getFullYear()) return -1;
  return today.getMonth();
}

function monthLabels(t: TFunction, months: string[]): string[] {
  return months.map((m) => t(`dashboard.month.${Number(m.slice(5, 7))}`));
}

interface FigureCardProps {
  testId: string;
  title: string;
  value: number | null;
  icon: ReactNode;
  tone: 'in' | 'out' | 'pending';
  /** the card opens this when clicked (pending cards the admin may open) */
  onOpen?: () => void;
  openLabel?: string;
}

function FigureCard({ testId, title, value, icon, tone, onOpen, openLabel }: FigureCardProps) {
  const body = (
    <>
      <span className={`ba-dashboard-figure-icon is-${tone}`}>{icon}</span>
      <div className="ba-dashboard-figure-text">
        <div className="ba-dashboard-figure-title">{title}</div>
        <div className="ba-dashboard-figure-value" data-value={value ?? ''}>
          {value === null ? <Skeleton text={{ rows: 1, width: 60 }} animation /> : number(value)}
        </div>
      </div>
      {onOpen && <IconRight className="ba-dashboard-figure-more" />}
    </>
  );
  return (
    <Card bordered={false} className={`ba-dashboard-figure${onOpen ? ' is-link' : ''}`} data-figure={testId}>
      {onOpen ? (
        <button type="button" className="ba-dashboard-figure-body" onClick={onOpen} aria-label={`${title}: ${openLabel ?? ''}`}>
          {body}
        </button>
      ) : (
        <div className="ba-dashboard-figure-body">{body}</div>
      )}
    </Card>
  );
}

export default observer(function Dashboard() {
  const t = useT();
  const root = useStore();
  const { adminInfo, siteConfig, config, navTabs } = root;
  const navigate = useNavigate();
  const [page] = useState(() => new DashboardStore());
  useEffect(() => {
    void page.load();
    // the server translates the remark: ask again in the new language
    return reaction(
      () => config.lang,
      () => void page.load(),
    );
  }, [page, config]);

  const name = adminInfo.nickname || adminInfo.username;
  const data = page.data;
  const monthly = data ? toJS(data.monthly) : null;
  const labels = useMemo(() => (monthly ? monthLabels(t, monthly.months) : []), [t, monthly?.months.join()]);
  const quantitySeries = useMemo<MonthlySeries[]>(
    () => (monthly ? [{ name: t('dashboard.series.inbound'), values: monthly.inbound_quantity }, { name: t('dashboard.series.outbound'), values: monthly.outbound_quantity }] : []),
    [t, monthly?.inbound_quantity.join(), monthly?.outbound_quantity.join()],
  );
  const amountSeries = useMemo<MonthlySeries[]>(
    () => (monthly ? [{ name: t('dashboard.series.inbound'), values: monthly.inbound_amount }, { name: t('dashboard.series.outbound'), values: monthly.outbound_amount }] : []),
    [t, monthly?.inbound_amount.join(), monthly?.outbound_amount.join()],
  );
  const colors = config.isDark ? COLORS.dark : COLORS.light;
  const lastMonth = monthly ? lastMonthWithFigures(monthly.year, new Date()) : 11;
  const opener = (kind: keyof typeof PENDING_LINKS) => (navTabs.findByPath(PENDING_LINKS[kind].path) ? () => navigate(PENDING_LINKS[kind].to) : undefined);

  const yearSwitch = (
    <div className="ba-dashboard-year">
      <Select
        size="small"
        aria-label={t('dashboard.year')}
        value={page.shownYear ?? undefined}
        onChange={(year: number) => page.setYear(year)}
        options={page.years.map((y) => ({ value: y, label: t('dashboard.yearOption', { year: y }) }))}
        style={{ width: 110 }}
        data-testid="dashboard-year"
      />
      <Button size="small" icon={<IconRefresh />} aria-label={t('dashboard.refresh')} loading={page.loading} onClick={() => void page.load()} />
    </div>
  );
  const chart = (measure: 'quantity' | 'amount', series: MonthlySeries[]) =>
    monthly ? (
      <Suspense fallback={<div className="ba-dashboard-chart-placeholder"><Spin /></div>}>
        <MonthlyChart months={labels} series={series} measure={measure} colors={colors} dark={config.isDark} valuePrefix={measure === 'amount' ? '¥' : ''} lastMonth={lastMonth} />
      </Suspense>
    ) : (
      <div className="ba-dashboard-chart-placeholder">{page.error ? <Typography.Text type="error">{page.error}</Typography.Text> : <Spin />}</div>
    );

  return (
    <div className="ba-dashboard" data-dashboard-year={monthly?.year ?? ''}>
      <Card bordered={false} className="ba-dashboard-welcome">
        <div className="ba-dashboard-welcome-body">
          <Avatar size={64} className="ba-dashboard-avatar">
            {adminInfo.avatar ? <img src={siteConfig.fullUrl(adminInfo.avatar)} alt={name} /> : (name || '?').slice(0, 1).toUpperCase()}
          </Avatar>
          <div className="ba-dashboard-welcome-text">
            <Typography.Title heading={5} style={{ margin: 0 }}>
              {t('dashboard.hello', { greeting: greeting(t), name })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {roleOf(adminInfo, t)}
              {adminInfo.lastlogintime ? ` · ${t('dashboard.lastLogin', { time: timeFormat(adminInfo.lastlogintime) })}` : ''}
            </Typography.Text>
            <WorkingTime />
          </div>
          <IconStorage className="ba-dashboard-welcome-icon" />
        </div>
      </Card>

      {data?.remark ? <Alert type="info" content={data.remark} /> : null}
      {page.error && !data ? <Alert type="error" content={page.error} /> : null}

      <Grid.Row gutter={[16, 16]}>
        <Grid.Col xs={24} sm={12} xl={6}>
          <FigureCard testId="today-inbound" title={t('dashboard.todayInbound')} value={data ? data.today.inbound_quantity : null} icon={<IconArrowRise />} tone="in" />
        </Grid.Col>
        <Grid.Col xs={24} sm={12} xl={6}>
          <FigureCard testId="today-outbound" title={t('dashboard.todayOutbound')} value={data ? data.today.outbound_quantity : null} icon={<IconArrowFall />} tone="out" />
        </Grid.Col>
        <Grid.Col xs={24} sm={12} xl={6}>
          <FigureCard
            testId="pending-inbound"
            title={t('dashboard.pendingInbound')}
            value={data ? data.pending.inbound_orders : null}
            icon={<IconFile />}
            tone="pending"
            onOpen={opener('inbound')}
            openLabel={t('dashboard.openList')}
          />
        </Grid.Col>
        <Grid.Col xs={24} sm={12} xl={6}>
          <FigureCard
            testId="pending-outbound"
            title={t('dashboard.pendingOutbound')}
            value={data ? data.pending.outbound_orders : null}
            icon={<IconFile />}
            tone="pending"
            onOpen={opener('outbound')}
            openLabel={t('dashboard.openList')}
          />
        </Grid.Col>
      </Grid.Row>

      {data && data.expiring && (data.expiring.lots > 0 || data.expiring.quantity > 0) ? (
        <Grid.Row gutter={[16, 16]}>
          <Grid.Col xs={24} sm={12} xl={6}>
            <FigureCard
              testId="expiring-lots"
              // the big number is the units in those lots: the title says so, and how many lots hold them
              title={t('lots.dashboard.figure', { lots: number(data.expiring.lots) })}
              value={data.expiring.quantity}
              icon={<IconClockCircle />}
              tone="pending"
              onOpen={navTabs.findByPath('/admin/wms/stock') ? () => navigate('/admin/wms/stock') : undefined}
              openLabel={t('lots.dashboard.open')}
            />
          </Grid.Col>
        </Grid.Row>
      ) : null}

      <Grid.Row gutter={[16, 16]}>
        <Grid.Col xs={24} xl={12}>
          <Card
            bordered={false}
            className="ba-dashboard-chart"
            data-chart="quantity"
            title={t('dashboard.monthlyQuantity', { year: monthly?.year ?? '' })}
            extra={yearSwitch}
          >
            <div className="ba-dashboard-unit">{t('dashboard.unitQuantity')}</div>
            {chart('quantity', quantitySeries)}
          </Card>
        </Grid.Col>
        <Grid.Col xs={24} xl={12}>
          <Card bordered={false} className="ba-dashboard-chart" data-chart="amount" title={t('dashboard.monthlyAmount', { year: monthly?.year ?? '' })}>
            <div className="ba-dashboard-unit">{t('dashboard.unitAmount')}</div>
            {chart('amount', amountSeries)}
          </Card>
        </Grid.Col>
      </Grid.Row>
    </div>
  );
});
