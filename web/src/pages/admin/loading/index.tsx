import { observer } from 'mobx-react-lite';
import { BootstrapPage } from '@/features/identity/BootstrapPage';
import { loginWithReturn } from '@/router/names';
import { useStore } from '@/stores/context';

/**
 * /admin/loading/:to?: bootstraps the back office (GET /admin/index/index: admin info, menus, site config,
 * terminal settings), then goes to the requested page (the JSON {path, query} in :to) or the first menu page.
 */
export default observer(function AdminLoading() {
  const { adminInfo, navTabs } = useStore();
  return <BootstrapPage base="/admin" lang="loading" account={adminInfo} menus={navTabs} bootstrap={navTabs.fetchAdminIndex} login={(target) => loginWithReturn('/admin/login', target)} />;
});
