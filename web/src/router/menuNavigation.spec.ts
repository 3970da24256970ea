import { addNavigationGuard, menuNavigation, navigationBlocked } from './menuNavigation';

describe('menuNavigation', () => {
  const tab = { menuType: 'tab', path: '/admin/wms/brand', url: '' };

  it('navigates to a tab or iframe page, and opens a link in a new window', () => {
    expect(menuNavigation(tab, '/admin/dashboard')).toEqual({ kind: 'navigate', path: '/admin/wms/brand' });
    expect(menuNavigation({ menuType: 'iframe', path: '/admin/iframe/x', url: 'https://example.com' }, '/admin')).toEqual({ kind: 'navigate', path: '/admin/iframe/x' });
    expect(menuNavigation({ menuType: 'link', path: '', url: 'https://example.com' }, '/admin')).toEqual({ kind: 'open', url: 'https://example.com' });
  });

  it('says when the menu type is unknown, the target is already shown, or the route is invalid', () => {
    expect(menuNavigation({ ...tab, menuType: 'popup' }, '/admin')).toMatchObject({ kind: 'notice', key: 'route.unknownMenuType' });
    expect(menuNavigation({ ...tab, menuType: null }, '/admin')).toMatchObject({ kind: 'notice', key: 'route.unknownMenuType' });
    expect(menuNavigation(tab, '/admin/wms/brand')).toEqual({ kind: 'notice', key: 'route.alreadyThere', level: 'info' });
    expect(menuNavigation({ ...tab, path: '' }, '/admin')).toMatchObject({ key: 'route.invalidRoute' });
    expect(menuNavigation({ ...tab, path: 'javascript:alert(1)' }, '/admin')).toMatchObject({ key: 'route.invalidRoute' });
    expect(menuNavigation({ menuType: 'link', path: '', url: 'javascript:alert(1)' }, '/admin')).toMatchObject({ key: 'route.invalidRoute' });
  });

  it('says when a guard intercepts the navigation, and navigates again once the guard is gone', () => {
    const remove = addNavigationGuard((path) => path.startsWith('/admin/wms'));
    expect(menuNavigation(tab, '/admin', navigationBlocked)).toEqual({ kind: 'notice', key: 'route.navigationBlocked', level: 'warning' });
    remove();
    expect(menuNavigation(tab, '/admin', navigationBlocked)).toEqual({ kind: 'navigate', path: '/admin/wms/brand' });
  });
});
