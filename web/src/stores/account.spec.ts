import { autorun } from 'mobx';
import * as adminApi from '@/api/accounts';
import * as userApi from '@/api/member';
import { RootStore } from './root';
import { ADMIN_INFO_KEY } from './adminInfo';
import { USER_INFO_KEY } from './userInfo';

jest.mock('@/api/accounts', () => ({ logout: jest.fn() }));
jest.mock('@/api/member', () => ({ logout: jest.fn() }));

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

const member = { id: 7, username: 'alice', nickname: '', email: 'a@example.com', mobile: '', avatar: '', gender: 2, birthday: '', money: '12.50', score: 3, lastlogintime: 1, lastloginip: '', jointime: 1, motto: '', token: 't', refreshToken: 'r' };

describe('the account store of each identity', () => {
  beforeEach(() => jest.resetAllMocks());

  it('saves the administrator under adminInfo, its fields in order, `super` as a boolean', () => {
    const storage = memoryStorage();
    const { adminInfo } = new RootStore({ storage });
    adminInfo.dataFill({ id: 1, username: 'admin', token: 't', refreshToken: 'r', super: 1 as never, extra: 'x' } as never);
    expect(adminInfo.super).toBe(true);
    expect(storage.data.get(ADMIN_INFO_KEY)).toBe('{"id":1,"username":"admin","nickname":"","avatar":"","lastlogintime":null,"token":"t","refreshToken":"r","super":true,"groups":[]}');
    expect(adminInfo.displayName).toBe('admin');
    expect(new RootStore({ storage }).adminInfo).toMatchObject({ id: 1, username: 'admin', super: true, isLogin: true });
  });

  it('saves the member under userInfo with every member field, and restores it', () => {
    const storage = memoryStorage();
    const { userInfo } = new RootStore({ storage });
    userInfo.dataFill(member);
    expect(Object.keys(JSON.parse(storage.data.get(USER_INFO_KEY)!))).toEqual(Object.keys(member));
    const again = new RootStore({ storage }).userInfo;
    expect({ ...again, loading: undefined, error: undefined }).toMatchObject(member);
    expect([again.isLogin, again.getToken(), again.getToken('refresh'), again.displayName]).toEqual([true, 't', 'r', 'alice']);
  });

  it('is observable: a reader sees sign-in and reset', () => {
    const { userInfo } = new RootStore({ storage: memoryStorage() });
    const seen: boolean[] = [];
    const stop = autorun(() => seen.push(userInfo.isLogin));
    userInfo.dataFill(member);
    userInfo.reset();
    stop();
    expect(seen).toEqual([false, true, false]);
    expect(userInfo).toMatchObject({ id: 0, money: '0.00', lastlogintime: null, token: '', refreshToken: '' });
  });

  it('signs the administrator out on the server, then clears it and the open tabs; a refusal keeps it', async () => {
    const root = new RootStore({ storage: memoryStorage() });
    const tabsCleared = () => !root.navTabs.loaded && root.navTabs.activePath === '';
    root.navTabs.activePath = '/admin/dashboard';
    root.adminInfo.dataFill({ id: 1, username: 'admin', token: 't', refreshToken: 'r' });
    (adminApi.logout as jest.Mock).mockRejectedValueOnce({ msg: 'refused' });
    expect(await root.adminInfo.logout()).toBe(false);
    expect([root.adminInfo.isLogin, root.adminInfo.error, tabsCleared()]).toEqual([true, 'refused', false]);
    (adminApi.logout as jest.Mock).mockResolvedValueOnce({ code: 1 });
    expect(await root.adminInfo.logout()).toBe(true);
    expect(adminApi.logout).toHaveBeenLastCalledWith('r');
    expect([root.adminInfo.isLogin, root.adminInfo.refreshToken, tabsCleared()]).toEqual([false, '', true]);
    expect(userApi.logout).not.toHaveBeenCalled();
  });
});
