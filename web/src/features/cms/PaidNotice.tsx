import { makeAutoObservable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { Button, Result } from '@arco-design/web-react';
import { cmsApi } from '@/api/cms';
import { errorMessage } from '@/api/request';
import { useT } from '@/lang';
import { MemberCenterLink } from '@/features/modules/MemberCenterLink';

/** Buying paid content (balance or score, once); reloads the page's content after a purchase. */
export class BuyStore {
  loading = false;
  error: string | null = null;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async run(id: number, reload: () => Promise<unknown>) {
    this.loading = true;
    try {
      await cmsApi.buy(id);
      await reload();
      runInAction(() => {
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
}

/** In place of a paid body: the price, and a buy button (a visitor is asked to sign in first). */
export const PaidNotice = observer(function PaidNotice(props: { price: string; currency: number; signedIn: boolean; buying: boolean; onBuy: () => void }) {
  const t = useT();
  const price = props.currency === 2 ? t('cmsText.site.pricePoints', { price: String(Math.ceil(Number(props.price))) }) : t('cmsText.site.priceMoney', { price: props.price });
  return (
    <Result
      status={null}
      title={t('cmsText.site.paidTitle')}
      subTitle={price}
      data-testid="paid-notice"
      extra={
        props.signedIn ? (
          <Button type="primary" loading={props.buying} onClick={props.onBuy} data-testid="buy-content">
            {t('cmsText.site.buy')}
          </Button>
        ) : (
          <MemberCenterLink to="/user/login" type="primary">
            {t('cmsText.site.signIn')}
          </MemberCenterLink>
        )
      }
    />
  );
});
