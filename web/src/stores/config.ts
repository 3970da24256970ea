import { makeAutoObservable, reaction } from 'mobx';
import { DEFAULT_LANG, isLang, setLocale, type Lang } from '@/lang';
import { persist, type StorageLike } from './persist';

export type LayoutMode = 'Default' | 'Classic';
export type Theme = 'light' | 'dark';

export const MENU_WIDTH = 260;
export const MENU_WIDTH_COLLAPSED = 64;
export const CONFIG_STORAGE_KEY = 'storeConfig_v2';

/** The first of the browser's languages the app speaks (`zh*` → zh-cn, `en*` → en), else the default. */
export function preferredLang(languages: readonly string[] = []): Lang {
  for (const language of languages) {
    const code = language.toLowerCase();
    if (code.startsWith('zh')) return 'zh-cn';
    if (code === 'en' || code.startsWith('en-')) return 'en';
  }
  return DEFAULT_LANG;
}

/**
 * Layout, theme and language (persisted in localStorage `storeConfig_v2`). A first visit (no language saved)
 * starts in the browser's language, so the sign-in pages already speak it.
 */
export class ConfigStore {
  layoutMode: LayoutMode = 'Default';
  theme: Theme = 'light';
  menuCollapse = false;
  lang: Lang = DEFAULT_LANG;
  loading = false;
  error: string | null = null;

  constructor(storage: StorageLike, languages?: readonly string[]) {
    this.lang = preferredLang(languages);
    makeAutoObservable(this, {}, { autoBind: true });
    const browserLang = this.lang;
    persist(this, CONFIG_STORAGE_KEY, ['layoutMode', 'theme', 'menuCollapse', 'lang'], storage, (saved) => ({
      ...saved,
      layoutMode: saved.layoutMode === 'Classic' ? 'Classic' : 'Default',
      theme: saved.theme === 'dark' ? 'dark' : 'light',
      lang: isLang(saved.lang) ? saved.lang : browserLang,
    }));
    // Arco's dark mode is switched by an attribute on <body>.
    reaction(
      () => this.theme,
      (theme) => {
        if (typeof document === 'undefined') return;
        if (theme === 'dark') document.body.setAttribute('arco-theme', 'dark');
        else document.body.removeAttribute('arco-theme');
        document.documentElement.setAttribute('data-theme', theme);
      },
      { fireImmediately: true },
    );
  }

  get menuWidth(): number {
    return this.menuCollapse ? MENU_WIDTH_COLLAPSED : MENU_WIDTH;
  }

  get isDark(): boolean {
    return this.theme === 'dark';
  }

  setLayoutMode(mode: LayoutMode) {
    this.layoutMode = mode === 'Classic' ? 'Classic' : 'Default';
  }

  setTheme(theme: Theme) {
    this.theme = theme === 'dark' ? 'dark' : 'light';
  }

  toggleTheme() {
    this.setTheme(this.isDark ? 'light' : 'dark');
  }

  setMenuCollapse(collapse: boolean) {
    this.menuCollapse = collapse;
  }

  toggleMenuCollapse() {
    this.menuCollapse = !this.menuCollapse;
  }

  /** Switches the language: page files are loaded in it first, then every screen shows it. */
  async setLang(lang: Lang) {
    if (!isLang(lang)) return;
    this.lang = lang;
    this.loading = true;
    this.error = null;
    try {
      await setLocale(lang);
    } finally {
      this.finishLoading();
    }
  }

  /** Called once at start: makes the saved language the current one. */
  applyLang() {
    return setLocale(this.lang);
  }

  private finishLoading() {
    this.loading = false;
  }
}
