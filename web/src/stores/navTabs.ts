import { makeAutoObservable, runInAction } from 'mobx';
import type { MenuRuleNode } from '@contract/accounts';
import { isWebAddress } from '@contract/menu-urls';
import { getAdminIndex } from '@/api/accounts';
import { errorMessage } from '@/api/request';
import { buildAuthNode, hasNode, menuPages, toRouteMenu, visibleMenus, type AuthNodeMap, type RouteMenu } from '@/router/menus';
import type { AdminInfoStore } from './adminInfo';
import { persist, type StorageLike } from './persist';
import type { SiteConfigStore } from './siteConfig';
import type { TerminalStore } from './terminal';

/** What the back office's menus need of the other stores: the bootstrap fills the admin, the site settings and the terminal. */
export interface NavTabsRoot {
  storage: StorageLike;
  adminInfo: Pick<AdminInfoStore, 'dataFill'>;
  siteConfig: Pick<SiteConfigStore, 'dataFill'>;
  terminal: Pick<TerminalStore, 'setServerConfig'>;
}

export interface OpenTab {
  path: string;
  /** path with its query, used to go back to the tab */
  fullPath: string;
}

/** localStorage key of the open tabs ("tab view config"). */
export const TAB_VIEW_CONFIG_KEY = 'storeTabViewConfig';

/** Saved tabs as far as they are sound: back-office paths, a full path that starts with the path. */
function reviveTabs(saved: unknown, base: string): OpenTab[] {
  if (!Array.isArray(saved)) return [];
  return saved
    .filter((t): t is OpenTab => Boolean(t) && typeof (t as OpenTab).path === 'string' && (t as OpenTab).path.startsWith(`${base}/`))
    .map((t) => ({ path: t.path, fullPath: typeof t.fullPath === 'string' && t.fullPath.startsWith(t.path) ? t.fullPath : t.path }));
}

/**
 * Menus from /admin/index/index, the open tabs and the permission nodes of each path. The open tabs are
 * kept in localStorage (`storeTabViewConfig`), so a reload shows them again; tabs of pages the menus no
 * longer hold are dropped when the menus arrive, and signing out closes them all.
 */
export class NavTabsStore {
  rules: MenuRuleNode[] = [];
  tree: RouteMenu[] = [];
  authNode: AuthNodeMap = {};
  tabs: OpenTab[] = [];
  activePath = '';
  loaded = false;
  loading = false;
  error: string | null = null;

  constructor(private readonly root: NavTabsRoot, private readonly base = '/admin') {
    makeAutoObservable<NavTabsStore, 'root' | 'base'>(this, { root: false, base: false }, { autoBind: true });
    if (base === '/admin') {
      persist<NavTabsStore>(this, TAB_VIEW_CONFIG_KEY, ['tabs'], root.storage, (saved) => ({ tabs: reviveTabs(saved.tabs, base) }));
    }
  }

  setRules(rules: MenuRuleNode[]) {
    this.rules = rules;
    this.tree = rules.map((r) => toRouteMenu(r, this.base)).filter((r): r is RouteMenu => r !== null);
    this.authNode = buildAuthNode(rules, `${this.base}/`);
    // Tabs of pages that are gone (rights changed) are closed.
    this.tabs = this.tabs.filter((tab) => this.findByPath(tab.path));
  }

  /** The menu as shown in the side bar. */
  get menus(): RouteMenu[] {
    return visibleMenus(this.tree);
  }

  /** Every page route: tab menus with a component (also hidden ones) and iframe menus. */
  get routes(): RouteMenu[] {
    return menuPages(this.tree).filter((m) => (m.menuType === 'tab' && m.component) || (m.menuType === 'iframe' && isWebAddress(m.url)));
  }

  /** The first page of the menu: where /admin leads. */
  get firstRoute(): RouteMenu | undefined {
    return menuPages(this.menus).find((m) => m.menuType === 'tab' || m.menuType === 'iframe');
  }

  findByPath(path: string): RouteMenu | undefined {
    const clean = path.split('?')[0];
    return this.routes.find((r) => r.path === clean);
  }

  findByName(name: string): RouteMenu | undefined {
    return menuPages(this.tree).find((r) => r.name === name);
  }

  /** The chain of menus from the top to the page, for breadcrumbs and the open menu folders. */
  breadcrumb(path: string): RouteMenu[] {
    const clean = path.split('?')[0];
    const search = (nodes: RouteMenu[], trail: RouteMenu[]): RouteMenu[] | null => {
      for (const n of nodes) {
        const next = [...trail, n];
        if (n.path === clean && n.type === 'menu') return next;
        const found = search(n.children, next);
        if (found) return found;
      }
      return null;
    };
    return search(this.tree, []) ?? [];
  }

  /** Nodes the page at `path` may use (its button rules). */
  nodesOf(path: string): string[] {
    return this.authNode[path.split('?')[0]] ?? [];
  }

  /** Whether the page at `path` has the node `<path>/<action>`. */
  hasNode(path: string, action: string): boolean {
    return hasNode(this.authNode, path, action);
  }

  /** The open tabs with their current titles (titles follow the language after a re-fetch). */
  get tabList(): Array<OpenTab & { title: string; icon: string }> {
    return this.tabs.map((tab) => {
      const route = this.findByPath(tab.path);
      return { ...tab, title: route?.title ?? tab.path, icon: route?.icon ?? '' };
    });
  }

  /** Called on navigation: opens a tab for a page route and makes it active. */
  openTab(path: string, fullPath: string = path) {
    const clean = path.split('?')[0];
    if (!this.findByPath(clean)) return;
    const existing = this.tabs.find((t) => t.path === clean);
    if (existing) existing.fullPath = fullPath;
    else this.tabs.push({ path: clean, fullPath });
    this.activePath = clean;
  }

  /** Closes a tab; returns where to go when it was the active one (else null). */
  closeTab(path: string): string | null {
    const index = this.tabs.findIndex((t) => t.path === path);
    if (index < 0) return null;
    this.tabs.splice(index, 1);
    if (this.activePath !== path) return null;
    const neighbour = this.tabs[index] ?? this.tabs[index - 1];
    if (neighbour) {
      this.activePath = neighbour.path;
      return neighbour.fullPath;
    }
    this.activePath = '';
    return this.firstRoute?.path ?? '/admin';
  }

  closeOtherTabs(path: string) {
    this.tabs = this.tabs.filter((t) => t.path === path);
  }

  /** Closes every tab; returns the first page to show. */
  closeAllTabs(): string {
    this.tabs = [];
    this.activePath = '';
    return this.firstRoute?.path ?? '/admin';
  }

  reset() {
    this.rules = [];
    this.tree = [];
    this.authNode = {};
    this.tabs = [];
    this.activePath = '';
    this.loaded = false;
    this.error = null;
  }

  /**
   * GET /admin/index/index: fills the admin info, the menus and permission nodes, the site config and the
   * terminal settings. Resolves true on success.
   */
  async fetchAdminIndex(): Promise<boolean> {
    this.loading = true;
    this.error = null;
    try {
      const res = await getAdminIndex();
      runInAction(() => {
        const data = res.data;
        this.root.adminInfo.dataFill(data.adminInfo ?? {});
        this.root.siteConfig.dataFill(data.siteConfig ?? {});
        if (data.terminal) this.root.terminal.setServerConfig(data.terminal);
        this.setRules(Array.isArray(data.menus) ? data.menus : []);
        this.loaded = true;
        this.loading = false;
      });
      return true;
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = errorMessage(e);
      });
      return false;
    }
  }
}
