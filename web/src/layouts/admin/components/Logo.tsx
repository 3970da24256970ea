import { observer } from 'mobx-react-lite';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

export const Logo = observer(function Logo({ collapsed = false }: { collapsed?: boolean }) {
  const t = useT();
  const { siteConfig } = useStore();
  const name = siteConfig.siteName || t('layout.backOffice');
  return (
    <div className={`ba-logo${collapsed ? ' is-collapsed' : ''}`} title={name}>
      <span className="ba-logo-mark">WMS</span>
      {!collapsed && <span className="ba-logo-name">{name}</span>}
    </div>
  );
});
