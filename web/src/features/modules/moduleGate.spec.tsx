import '@/test-support/dom-globals';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { runInAction } from 'mobx';
import { mountEachTest } from '@/test-support/react-root';
import { StoreProvider } from '@/stores/context';
import { RootStore } from '@/stores/root';
import { loadFrontBootstrap } from '@/stores/front';
import { setLocale } from '@/lang';
import * as api from '@/api/member';
import { MemberCenterLink } from './MemberCenterLink';
import { ModuleGate } from './ModuleGate';

jest.mock('@/api/member', () => ({ getFrontIndex: jest.fn() }));
const mocked = api as jest.Mocked<typeof api>;

const SITE = { siteName: 'Depot', recordNumber: '', version: '', cdnUrl: '', upload: { mode: 'local', maxsize: 1, savename: '', mimetype: '' } };
const answer = (data: object) => ({ code: 1, msg: '', time: 0, data: { site: SITE, userInfo: null, rules: [], menus: [], ...data } }) as never;

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

const view = mountEachTest();

async function render(store: RootStore, ui: JSX.Element) {
  await act(async () => {
    view.root.render(
      <StoreProvider value={store}>
        <MemoryRouter initialEntries={['/user/login']}>{ui}</MemoryRouter>
      </StoreProvider>,
    );
  });
}

describe('the member center as an optional module, on the web', () => {
  beforeEach(() => jest.resetAllMocks());
  afterEach(async () => act(() => setLocale('zh-cn')));

  it('takes the optional modules states from the front bootstrap (openMemberCenter from an older server)', async () => {
    const root = new RootStore({ storage: memoryStorage() });
    expect(root.siteConfig.memberCenterOpen).toBe(true);
    expect(root.siteConfig.modulesKnown).toBe(false);
    mocked.getFrontIndex.mockResolvedValue(answer({ openMemberCenter: false, modules: { cms: 1, member: 0, adverts: 1 } }));
    await loadFrontBootstrap({ siteConfig: root.siteConfig }, true);
    expect(root.siteConfig).toMatchObject({ modulesKnown: true, memberCenterOpen: false, modules: { cms: 1, member: 0, adverts: 1 } });
    expect(root.siteConfig.moduleOn('cms')).toBe(true);
    mocked.getFrontIndex.mockResolvedValue(answer({ openMemberCenter: true }));
    await loadFrontBootstrap({ siteConfig: root.siteConfig }, true);
    expect(root.siteConfig.memberCenterOpen).toBe(true);
    mocked.getFrontIndex.mockResolvedValue(answer({ openMemberCenter: false }));
    await loadFrontBootstrap({ siteConfig: root.siteConfig }, true);
    expect(root.siteConfig.memberCenterOpen).toBe(false);
  });

  it('hides the links into the member center while it is off, and shows them when it is back', async () => {
    const root = new RootStore({ storage: memoryStorage() });
    runInAction(() => root.siteConfig.fillModules({ member: 0 }));
    await render(root, <MemberCenterLink to="/user/login" testId="site-login">Sign in</MemberCenterLink>);
    expect(view.container.querySelector('[data-testid=site-login]')).toBeNull();
    expect(view.container.querySelector('a[href="/user/login"]')).toBeNull();
    await act(async () => root.siteConfig.fillModules({ member: 1 }));
    expect(view.container.querySelector('a[href="/user/login"] [data-testid=site-login]')?.textContent).toBe('Sign in');
  });

  it('answers a member-center page "disabled", translated, without rendering the page while the module is off', async () => {
    const root = new RootStore({ storage: memoryStorage() });
    mocked.getFrontIndex.mockResolvedValue(answer({ openMemberCenter: false, modules: { member: 0 } }));
    const page = jest.fn(() => <p data-testid="login-page">login</p>);
    const Page = () => page();
    await render(root, <ModuleGate name="member"><Page /></ModuleGate>);
    expect(mocked.getFrontIndex).toHaveBeenCalledTimes(1);
    expect(page).not.toHaveBeenCalled();
    const answerBox = view.container.querySelector('[data-testid=module-disabled-member]');
    expect(answerBox?.textContent).toContain('会员中心已禁用');
    // the language and theme switches are on the page too (it replaces the sign-in page, which has them)
    expect(answerBox?.querySelector('.ba-error-page-tools')?.textContent).toContain('中文简体');
    const theme = answerBox?.querySelector('.ba-error-page-tools button[aria-label="切换到深色主题"]') as HTMLButtonElement;
    expect(root.config.isDark).toBe(false);
    await act(async () => theme.click());
    expect(root.config.isDark).toBe(true);
    await act(() => setLocale('en'));
    expect(view.container.querySelector('[data-testid=module-disabled-member]')?.textContent).toContain('The member center is disabled');
    expect(view.container.querySelector('[data-testid=module-disabled-home]')?.textContent).toBe('Back to the home page');
  });

  it('renders the page once the bootstrap says the member center is on', async () => {
    const root = new RootStore({ storage: memoryStorage() });
    mocked.getFrontIndex.mockResolvedValue(answer({ openMemberCenter: true, modules: { member: 1, cms: 0 } }));
    await render(root, <ModuleGate name="member"><p data-testid="login-page">login</p></ModuleGate>);
    expect(view.container.querySelector('[data-testid=login-page]')).not.toBeNull();
    expect(view.container.querySelector('[data-testid=module-disabled-member]')).toBeNull();
  });
});
