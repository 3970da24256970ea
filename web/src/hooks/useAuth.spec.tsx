import '@/test-support/dom-globals';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import type { MenuRuleNode } from '@contract/accounts';
import { mountEachTest } from '@/test-support/react-root';
import { StoreProvider } from '@/stores/context';
import { RootStore } from '@/stores/root';
import { Auth } from '@/components/Auth';
import { useAuth } from './useAuth';

function rule(id: number, pid: number, type: MenuRuleNode['type'], name: string, children: MenuRuleNode[] = []): MenuRuleNode {
  return {
    id, pid, weigh: 0, type, name, path: name, title: name, icon: '', menu_type: type === 'menu' ? 'tab' : null, url: '',
    component: type === 'menu' ? `/src/pages/admin/${name}/index.tsx` : '', keepalive: 0, extend: 'none', children,
  };
}

const menus: MenuRuleNode[] = [
  rule(1, 0, 'menu_dir', 'auth', [
    rule(2, 1, 'menu', 'auth/admin', [
      rule(3, 2, 'button', 'auth/admin/index'),
      rule(4, 2, 'button', 'auth/admin/add'),
      rule(5, 2, 'button', 'auth/admin/edit'),
    ]),
    rule(6, 1, 'menu', 'auth/group', [rule(7, 6, 'button', 'auth/group/del')]),
  ]),
];

const ACTIONS = ['index', 'add', 'edit', 'del', 'sortable'];

const Probe = observer(function Probe() {
  const auth = useAuth();
  return <span>{ACTIONS.filter((a) => auth(a)).join(',')}</span>;
});

const view = mountEachTest();

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

function render(store: RootStore, path: string, ui = <Probe />) {
  act(() => {
    view.root.render(
      <StoreProvider value={store}>
        <MemoryRouter key={path} initialEntries={[path]}>{ui}</MemoryRouter>
      </StoreProvider>,
    );
  });
  return view.container.textContent;
}

describe('useAuth', () => {
  it('is true only for the nodes of the current path', () => {
    const store = new RootStore({ storage: memoryStorage() });
    store.navTabs.setRules(menus);
    expect(store.navTabs.authNode['/admin/auth/admin']).toEqual(['/admin/auth/admin/index', '/admin/auth/admin/add', '/admin/auth/admin/edit']);
    expect(render(store, '/admin/auth/admin')).toBe('index,add,edit');
    expect(render(store, '/admin/auth/group')).toBe('del');
    expect(render(store, '/admin/dashboard')).toBe('');
  });

  it('super admins go by the map too', () => {
    const store = new RootStore({ storage: memoryStorage() });
    store.adminInfo.dataFill({ id: 1, token: 't', super: true });
    store.navTabs.setRules(menus);
    expect(render(store, '/admin/auth/admin')).toBe('index,add,edit');
  });

  it('re-renders when the rights change', () => {
    const store = new RootStore({ storage: memoryStorage() });
    expect(render(store, '/admin/auth/admin')).toBe('');
    act(() => {
      runInAction(() => store.navTabs.setRules(menus));
    });
    expect(view.container.textContent).toBe('index,add,edit');
  });

  it('uses the member-center nodes under /user', () => {
    const store = new RootStore({ storage: memoryStorage() });
    store.navTabs.setRules(menus);
    store.memberCenter.setRules([
      { ...rule(10, 0, 'menu', 'account/profile', [rule(11, 10, 'button', 'account/profile/edit')]), menu_type: 'tab' },
    ]);
    expect(render(store, '/user/account/profile')).toBe('edit');
    expect(render(store, '/user/auth/admin')).toBe('');
  });

  it('<Auth> renders its children only with the node', () => {
    const store = new RootStore({ storage: memoryStorage() });
    store.navTabs.setRules(menus);
    expect(render(store, '/admin/auth/admin', <Auth name="add">ADD</Auth>)).toBe('ADD');
    expect(render(store, '/admin/auth/admin', <Auth name="del">DEL</Auth>)).toBe('');
  });
});
