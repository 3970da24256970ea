/**
 * The answer of a disabled module's page (./ModuleGate.tsx loads it lazily: Arco's `Result` carries large
 * illustrations that the sign-in pages of an enabled module never show).
 */
import { Button, Result } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { TopTools } from '@/components/TopTools';
import { useT } from '@/lang';

/** The answer of a disabled module's page, translated, with the way back home and the language and theme switches. */
export default function ModuleDisabled({ name }: { name: string }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="ba-error-page" data-testid={`module-disabled-${name}`} role="alert">
      <div className="ba-error-page-tools">
        <TopTools />
      </div>
      <Result
        status="404"
        title={t('moduleOff.title', { module: t(`moduleOff.names.${name}`) })}
        subTitle={t('moduleOff.subTitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/')} data-testid="module-disabled-home">
            {t('moduleOff.home')}
          </Button>
        }
      />
    </div>
  );
}
