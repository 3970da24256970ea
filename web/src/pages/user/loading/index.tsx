import { observer } from 'mobx-react-lite';
import { BootstrapPage } from '@/features/identity/BootstrapPage';
import { loadMemberCenter } from '@/layouts/user/session';
import { useStore } from '@/stores/context';

/**
 * /user/loading/:to?: bootstraps the member center (GET /api/user/index: member info and menus), then goes
 * to the requested page (the JSON {path, query} in :to) or the first page of the menu.
 */
export default observer(function UserLoading() {
  const root = useStore();
  return <BootstrapPage base="/user" lang="member" account={root.userInfo} menus={root.memberCenter} bootstrap={() => loadMemberCenter(root)} login={() => '/user/login'} />;
});
