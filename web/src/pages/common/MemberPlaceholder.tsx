import { Button, Result } from '@arco-design/web-react';
import { Link } from 'react-router-dom';
import { useT } from '@/lang';
import { TopTools } from '@/components/TopTools';

/**
 * /user/login and /user: the member center is not built yet, and this page says so plainly instead of
 * offering a sign-in that cannot work.
 */
export default function MemberPlaceholder() {
  const t = useT();
  return (
    <div className="ba-public-page">
      <div className="ba-public-top">
        <TopTools />
      </div>
      <div className="ba-public-card">
        <Result
          status="info"
          title={t('member.title')}
          subTitle={t('member.notice')}
          extra={
            <Link to="/">
              <Button type="primary">{t('member.backHome')}</Button>
            </Link>
          }
        />
      </div>
    </div>
  );
}
