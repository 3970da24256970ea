/**
 * The admin sign-in page (jsdom): signing in goes to the page that was asked for while signed out, and only
 * there. The page also sends an admin who is signed in already to /admin; that must not fire again once this
 * page's own sign-in has stored the admin (it did: the page went to /admin after the redirect, or instead).
 */
import '@/test-support/dom-globals';
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { mountEachTest } from '@/test-support/react-root';
import { StoreProvider } from '@/stores/context';
import { RootStore } from '@/stores/root';

jest.mock('@/api/accounts', () => ({
  ...jest.requireActual('@/api/accounts'),
  getLoginConfig: jest.fn(() => Promise.resolve({ code: 1, msg: '', time: 0, data: { captcha: false } })),
  login: jest.fn(() =>
    Promise.resolve({ code: 1, msg: '', time: 0, data: { routePath: '/admin', userInfo: { id: 1, username: 'admin', nickname: 'Admin', token: 't', refreshToken: 'r' } } }),
  ),
}));
import { login } from '@/api/accounts';
import AdminLogin from './index';

const view = mountEachTest();

async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function settle() {
  for (let i = 0; i < 10; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

it('given a redirect to the stock page, when the admin signs in, the page goes to the stock page and nowhere after it', async () => {
  const root = new RootStore({ storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined }, notify: () => undefined });
  const visited: string[] = [];
  function Probe() {
    const location = useLocation();
    visited.push(location.pathname);
    return <div data-probe={location.pathname} />;
  }
  await act(async () => {
    view.root.render(
      <StoreProvider value={root}>
        <MemoryRouter initialEntries={['/admin/login?redirect=%2Fadmin%2Fwms%2Fstock']}>
          <Routes>
            <Route path="/admin/login" element={<AdminLogin />} />
            <Route path="*" element={<Probe />} />
          </Routes>
        </MemoryRouter>
      </StoreProvider>,
    );
  });
  await settle();
  await type(view.container.querySelector('input[name=username]') as HTMLInputElement, 'admin');
  await type(view.container.querySelector('input[name=password]') as HTMLInputElement, 'Admin-Pass-1');
  await act(async () => (view.container.querySelector('button[type=submit]') as HTMLButtonElement).click());
  await settle();

  expect(login).toHaveBeenCalledTimes(1);
  expect(root.adminInfo.isLogin).toBe(true);
  expect(view.container.querySelector('[data-probe]')?.getAttribute('data-probe')).toBe('/admin/wms/stock');
  expect(visited.filter((path, i) => path !== visited[i - 1])).toEqual(['/admin/wms/stock']);
});
