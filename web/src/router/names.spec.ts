import { afterLogin, loginWithReturn } from './names';

describe('returning to a deep link after signing in', () => {
  it('carries the page asked for to the sign-in page and back', () => {
    const login = loginWithReturn('/admin/login', '/admin/wms/stock?warehouse_id=2');
    expect(login).toBe('/admin/login?redirect=%2Fadmin%2Fwms%2Fstock%3Fwarehouse_id%3D2');
    const redirect = new URLSearchParams(login.split('?')[1]).get('redirect');
    expect(afterLogin('/admin/login', redirect, '/admin')).toBe('/admin/wms/stock?warehouse_id=2');
    expect(afterLogin('/user/login', '/user/account/balance', '/user')).toBe('/user/account/balance');
  });

  it('keeps only pages of the same app: never another site, another app or a sign-in page', () => {
    for (const unsafe of ['//evil.example/x', 'https://evil.example', '/user/account', '/admin/login', '/admin', '/admin/a b', '/\\evil']) {
      expect(afterLogin('/admin/login', unsafe, '/admin')).toBe('/admin');
    }
    expect(loginWithReturn('/admin/login', '/admin/login')).toBe('/admin/login');
    expect(loginWithReturn('/admin/login', null)).toBe('/admin/login');
    // not a sign-in page (the "already signed in" answer): nothing is added
    expect(loginWithReturn('/admin', '/admin/wms/stock')).toBe('/admin');
  });
});
