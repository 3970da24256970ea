import { observer } from 'mobx-react-lite';
import { Breadcrumb } from '@arco-design/web-react';
import { useLocation } from 'react-router-dom';
import { useStore } from '@/stores/context';

/** Folder › page, from the menu tree. */
export const Breadcrumbs = observer(function Breadcrumbs() {
  const { navTabs } = useStore();
  const location = useLocation();
  const trail = navTabs.breadcrumb(location.pathname);
  if (!trail.length) return null;
  return (
    <Breadcrumb className="ba-breadcrumb">
      {trail.map((m) => (
        <Breadcrumb.Item key={m.id}>{m.title}</Breadcrumb.Item>
      ))}
    </Breadcrumb>
  );
});
