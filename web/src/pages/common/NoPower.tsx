import { Button, Result, Space } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { useT } from '@/lang';

/** 401: no right to access the page, or the file is invalid. */
export default function NoPower() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="ba-error-page">
      <Result
        status="403"
        title={t('error.noPowerTitle')}
        subTitle={t('error.noPowerDesc')}
        extra={
          <Space>
            <Button type="primary" onClick={() => navigate('/')}>
              {t('error.backHome')}
            </Button>
            <Button onClick={() => navigate(-1)}>{t('error.goBack')}</Button>
          </Space>
        }
      />
    </div>
  );
}
