import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { addMessages, flatten, getLocale, hasLangFile, loadLang, pathToLangFile, setLangLoaders, setLocale, t, useT } from './index';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('lang', () => {
  afterEach(async () => {
    await setLocale('zh-cn');
  });

  it('zh-cn is the default language and common.json is always there', () => {
    expect(getLocale()).toBe('zh-cn');
    expect(t('route.home')).toBe('首页');
  });

  it('falls back to en, then to the key', async () => {
    addMessages('en', { onlyEnglish: 'Only in English' }, 'spec');
    expect(t('spec.onlyEnglish')).toBe('Only in English');
    expect(t('spec.missing')).toBe('spec.missing');
  });

  it('fills {name} and {0} placeholders', async () => {
    await setLocale('en');
    expect(t('error.notFoundDesc', { seconds: 3 })).toContain('in 3 s');
    addMessages('en', { list: '{0} of {1}' }, 'spec');
    expect(t('spec.list', [1, 2])).toBe('1 of 2');
  });

  it('maps route paths to page files: back-office files for /admin, front files otherwise', () => {
    expect(pathToLangFile('/admin/auth/admin')).toBe('auth/admin');
    expect(pathToLangFile('/admin/routine/adminInfo?x=1')).toBe('routine/adminInfo');
    expect(pathToLangFile('/admin')).toBeNull();
    // the back office's own pages have none (their texts are in common.json)
    expect(pathToLangFile('/admin/login?redirect=%2Fadmin%2Fwms%2Fbrand')).toBeNull();
    expect(pathToLangFile('/admin/loading/%7B%22path%22%3A%22%2Fadmin%22%7D')).toBeNull();
    expect(pathToLangFile('/admin/iframe/https%3A%2F%2Fexample.com')).toBeNull();
    expect(pathToLangFile('/admin/loginLog')).toBe('loginLog');
    expect(pathToLangFile('/user/login')).toBe('frontend/user/login');
    expect(pathToLangFile('/user/account/profile')).toBe('frontend/user/account/profile');
    expect(pathToLangFile('/')).toBe('frontend/index');
  });

  it('loads page files namespaced by their path, for the language and the en fallback, once', async () => {
    const zh = jest.fn(async () => ({ username: '用户名', form: { nickname: '昵称' } }));
    const en = jest.fn(async () => ({ default: { username: 'Username', form: { nickname: 'Nickname' }, onlyEn: 'English only' } }));
    setLangLoaders({ './zh-cn/pages/auth/admin.json': zh, './en/pages/auth/admin.json': en });
    expect(hasLangFile('auth/admin')).toBe(true);
    expect(hasLangFile('auth/group')).toBe(false);
    await loadLang(['auth/admin', 'auth/group', null]);
    await loadLang(['auth/admin']);
    expect(zh).toHaveBeenCalledTimes(1);
    expect(en).toHaveBeenCalledTimes(1);
    expect(t('auth.admin.username')).toBe('用户名');
    expect(t('auth.admin.form.nickname')).toBe('昵称');
    expect(t('auth.admin.onlyEn')).toBe('English only');
    await setLocale('en');
    expect(t('auth.admin.username')).toBe('Username');
  });

  it('fetches the index of the page files once, when a page file is first asked for (never for the sign-in page)', async () => {
    const zh = jest.fn(async () => ({ title: '控制台' }));
    const en = jest.fn(async () => ({ title: 'Dashboard' }));
    const index = jest.fn(async () => ({ './zh-cn/pages/dashboard.json': zh, './en/pages/dashboard.json': en }));
    setLangLoaders(index);
    await loadLang([pathToLangFile('/admin/login'), pathToLangFile('/admin/loading')]);
    expect(index).not.toHaveBeenCalled();
    expect(hasLangFile('dashboard')).toBe(false);
    await Promise.all([loadLang([pathToLangFile('/admin/dashboard')]), loadLang(['wms/none'])]);
    expect(index).toHaveBeenCalledTimes(1);
    expect(zh).toHaveBeenCalledTimes(1);
    expect(hasLangFile('dashboard')).toBe(true);
    expect(t('dashboard.title')).toBe('控制台');
  });

  it('asks for the index of the page files again after it failed to arrive', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const zh = jest.fn(async () => ({ title: '仓库' }));
    const index = jest
      .fn<Promise<Record<string, () => Promise<unknown>>>, []>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ './zh-cn/pages/wms/warehouse.json': zh });
    setLangLoaders(index);
    await loadLang(['wms/warehouse']);
    expect(error).toHaveBeenCalledTimes(1);
    expect(t('wms.warehouse.title')).toBe('wms.warehouse.title');
    await loadLang(['wms/warehouse']);
    expect(index).toHaveBeenCalledTimes(2);
    expect(t('wms.warehouse.title')).toBe('仓库');
    error.mockRestore();
  });

  it('loads the files asked for so far in the new language when the language changes', async () => {
    const zh = jest.fn(async () => ({ title: '分组' }));
    const en = jest.fn(async () => ({ title: 'Groups' }));
    setLangLoaders({ 'zh-cn/auth/group': zh, 'en/auth/group': en });
    await setLocale('en');
    await loadLang(['auth/group']);
    expect(zh).not.toHaveBeenCalled();
    await setLocale('zh-cn');
    expect(zh).toHaveBeenCalledTimes(1);
    expect(t('auth.group.title')).toBe('分组');
  });

  it('useT re-renders a component (observer or not) when the language changes', async () => {
    function Title() {
      const tr = useT();
      return <b>{tr('route.home')}</b>;
    }
    const div = document.createElement('div');
    const root = createRoot(div);
    act(() => root.render(<Title />));
    expect(div.textContent).toBe('首页');
    await act(async () => {
      await setLocale('en');
    });
    expect(div.textContent).toBe('Home');
    act(() => root.unmount());
  });

  it('flattens nested objects with dots', () => {
    expect(flatten({ a: { b: 'x', c: { d: 1 } }, e: 'y' })).toEqual({ 'a.b': 'x', 'a.c.d': '1', e: 'y' });
  });

  it('common.json has the same keys in both languages', () => {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const zh = Object.keys(flatten(require('./zh-cn/common.json'))).sort();
    const en = Object.keys(flatten(require('./en/common.json'))).sort();
    expect(zh).toEqual(en);
  });
});
