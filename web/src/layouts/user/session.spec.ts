import { RootStore } from '@/stores/root';
import { withoutTokens } from '@/stores/front';
import * as api from '@/api/member';
import { loadMemberCenter, signOutMember } from './session';

jest.mock('@/api/member', () => ({
  getUserIndex: jest.fn(),
  getFrontIndex: jest.fn(),
  logout: jest.fn(),
}));

const mocked = api as jest.Mocked<typeof api>;

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

const member = { id: 7, username: 'alice', nickname: 'Alice', email: 'a@example.com', mobile: '', avatar: '', gender: 2, birthday: '', money: '12.50', score: 3, lastlogintime: 1, lastloginip: '', jointime: 1, motto: '' };

describe('member session on the client', () => {
  beforeEach(() => jest.resetAllMocks());

  it('keeps the stored tokens when the server answers member info with empty ones', () => {
    expect(withoutTokens({ ...member, token: '', refreshToken: '' } as never)).not.toHaveProperty('token');
  });

  it('bootstraps the member center: member, menus and the site settings', async () => {
    const root = new RootStore({ storage: memoryStorage() });
    root.userInfo.dataFill({ id: 7, token: 'access', refreshToken: 'refresh' });
    mocked.getUserIndex.mockResolvedValue({
      code: 1,
      msg: '',
      time: 0,
      data: { userInfo: { ...member, token: '', refreshToken: '' }, menus: [{ id: 1, pid: 0, type: 'menu_dir', name: 'account', title: 'My account', path: 'account', icon: '', menu_type: null, url: '', component: '', keepalive: 0, extend: 'none', children: [{ id: 2, pid: 1, type: 'menu', name: 'account/overview', title: 'Overview', path: 'account/overview', icon: '', menu_type: 'tab', url: '', component: '/src/pages/user/account/overview/index.tsx', keepalive: 0, extend: 'none' }] }], rules: [] },
    } as never);
    mocked.getFrontIndex.mockResolvedValue({ code: 1, msg: '', time: 0, data: { site: { siteName: 'Depot', recordNumber: '', version: '', cdnUrl: '', upload: { mode: 'local', maxsize: 1, savename: '', mimetype: '' } }, openMemberCenter: true, userInfo: null, rules: [], menus: [] } } as never);
    expect(await loadMemberCenter(root)).toBe(true);
    expect(root.userInfo).toMatchObject({ nickname: 'Alice', money: '12.50', token: 'access', refreshToken: 'refresh' });
    expect(root.memberCenter.firstRoute?.path).toBe('/user/account/overview');
    expect(root.siteConfig.siteName).toBe('Depot');
  });

  it('reports a failed bootstrap', async () => {
    const root = new RootStore({ storage: memoryStorage() });
    mocked.getUserIndex.mockRejectedValue({ code: 0, msg: 'Nope' });
    mocked.getFrontIndex.mockResolvedValue({ data: {} } as never);
    expect(await loadMemberCenter(root)).toBe(false);
    expect(root.memberCenter.error).toBe('Nope');
  });

  it('signs out with the refresh token, then drops the member and reloads', async () => {
    const root = new RootStore({ storage: memoryStorage() });
    root.userInfo.dataFill({ ...member, token: 'access', refreshToken: 'refresh' });
    root.memberCenter.setRules([]);
    mocked.logout.mockResolvedValue({ code: 1 } as never);
    const reload = jest.fn();
    await signOutMember(root, reload);
    expect(mocked.logout).toHaveBeenCalledWith('refresh');
    expect(root.userInfo.isLogin).toBe(false);
    expect(root.userInfo.refreshToken).toBe('');
    expect(root.memberCenter.loaded).toBe(false);
    expect(reload).toHaveBeenCalled();
  });
});
