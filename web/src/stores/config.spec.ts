import { RootStore } from './root';
import { CONFIG_STORAGE_KEY } from './config';
import { getLocale } from '@/lang';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

describe('config store', () => {
  it('defaults: Default layout, light theme, 260 px menu, zh-cn', () => {
    const { config } = new RootStore({ storage: memoryStorage() });
    expect([config.layoutMode, config.theme, config.menuWidth, config.lang]).toEqual(['Default', 'light', 260, 'zh-cn']);
    config.toggleMenuCollapse();
    expect(config.menuWidth).toBe(64);
  });

  it("starts in the browser's language when none is saved; a saved one wins", () => {
    expect(new RootStore({ storage: memoryStorage(), languages: ['en-US', 'zh-CN'] }).config.lang).toBe('en');
    expect(new RootStore({ storage: memoryStorage(), languages: ['zh-TW', 'en'] }).config.lang).toBe('zh-cn');
    expect(new RootStore({ storage: memoryStorage(), languages: ['fr-FR', 'de'] }).config.lang).toBe('zh-cn');
    const saved = memoryStorage({ [CONFIG_STORAGE_KEY]: JSON.stringify({ lang: 'zh-cn' }) });
    expect(new RootStore({ storage: saved, languages: ['en-GB'] }).config.lang).toBe('zh-cn');
  });

  it('applies the dark theme to <body> through arco-theme', () => {
    const { config } = new RootStore({ storage: memoryStorage() });
    config.setTheme('dark');
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    config.toggleTheme();
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
  });

  it('persists under storeConfig_v2 and restores, ignoring bad values', async () => {
    const storage = memoryStorage();
    const first = new RootStore({ storage });
    first.config.setLayoutMode('Classic');
    await first.config.setLang('en');
    expect(getLocale()).toBe('en');
    expect(JSON.parse(storage.data.get(CONFIG_STORAGE_KEY)!)).toEqual({ layoutMode: 'Classic', theme: 'light', menuCollapse: false, lang: 'en' });
    const second = new RootStore({ storage });
    expect(second.config.layoutMode).toBe('Classic');
    expect(second.config.lang).toBe('en');
    const bad = new RootStore({ storage: memoryStorage({ [CONFIG_STORAGE_KEY]: JSON.stringify({ layoutMode: 'Weird', theme: 'neon', lang: 'fr' }) }) });
    expect([bad.config.layoutMode, bad.config.theme, bad.config.lang]).toEqual(['Default', 'light', 'zh-cn']);
    await first.config.setLang('zh-cn');
  });

  it('admin info: logged in with id and token; removeToken clears both tokens', () => {
    const storage = memoryStorage();
    const { adminInfo } = new RootStore({ storage });
    expect(adminInfo.isLogin).toBe(false);
    adminInfo.dataFill({ id: 1, username: 'admin', token: 't', refreshToken: 'r', super: true });
    expect(adminInfo.isLogin).toBe(true);
    expect(JSON.parse(storage.data.get('adminInfo')!)).toMatchObject({ id: 1, token: 't', refreshToken: 'r', super: true });
    adminInfo.removeToken();
    expect([adminInfo.token, adminInfo.refreshToken, adminInfo.isLogin]).toEqual(['', '', false]);
  });
});
