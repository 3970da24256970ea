import { useEffect, useState } from 'react';
import { Button, Result, Space } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { useT } from '@/lang';

const COUNTDOWN = 5;

/** 404: the fault is being reported; back to the previous page automatically after a countdown. */
export default function NotFound() {
  const t = useT();
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(COUNTDOWN);

  const goBack = () => {
    if (window.history.length > 2) navigate(-1);
    else navigate('/', { replace: true });
  };

  useEffect(() => {
    if (seconds <= 0) {
      goBack();
      return;
    }
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seconds]);

  return (
    <div className="ba-error-page">
      <Result
        status="404"
        title={t('error.notFoundTitle')}
        subTitle={t('error.notFoundDesc', { seconds: Math.max(seconds, 0) })}
        extra={
          <Space>
            <Button type="primary" onClick={() => navigate('/')}>
              {t('error.backHome')}
            </Button>
            <Button onClick={goBack}>{t('error.goBack')}</Button>
          </Space>
        }
      />
    </div>
  );
}
