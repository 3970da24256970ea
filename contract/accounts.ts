/**
 * The signed-in admin and the menu rules as the web app receives them (`GET /admin/index/index`, the member
 * center's bootstrap): the rules are the app's menus, its routes and its buttons (permission nodes).
 */
import type { SiteConfigForClient } from './config';

/** The admin as the back office shows it: the `userInfo` of sign-in and the bootstrap's `adminInfo`. */
export interface AdminInfo {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  /** Unix seconds. */
  lastlogintime: number | null;
  /** The access token ('' where the answer carries none). */
  token: string;
  /** The refresh token ('' unless signed in with `keep`). */
  refreshToken: string;
  super: boolean;
  /** The names of the admin's enabled groups (a seeded name in the reader's language): its role, as greeted. */
  groups: string[];
}

/** Admin rules: folders, pages and buttons. Member rules also: routes of the site, top-bar items, user-menu items. */
export type MenuRuleType = 'menu_dir' | 'menu' | 'button' | 'route' | 'nav' | 'nav_user_menu';

/** How a page rule opens: a tab of the app, an outside link, or an outside page in a frame. */
export type MenuType = 'tab' | 'link' | 'iframe';

/** A rule as the web app receives it (admin or member), with its children. */
export interface MenuRuleNode {
  id: number;
  pid: number;
  weigh: number;
  type: MenuRuleType;
  /** In the reader's language. */
  title: string;
  /** The permission node (`auth/admin`, `auth/admin/add`). */
  name: string;
  path: string;
  icon: string;
  /** null for folders and buttons. */
  menu_type: MenuType | null;
  url: string;
  /** The page's file under web/src/pages (`/src/pages/admin/auth/admin/index.tsx`). */
  component: string;
  /** `none`, `add_rules_only` (routed, never in the menu) or `add_menu_only`. */
  extend: string;
  /** Admin rules: the rule's name when its page is kept alive, else 0. Member rules: 0. */
  keepalive: string | 0;
  /** Member rules: 1 when a visitor may use it. */
  no_login_valid?: number;
  children: MenuRuleNode[];
}

/** `GET /admin/index/index`: the back office's bootstrap. */
export interface AdminIndexAnswer {
  adminInfo: Omit<AdminInfo, 'token' | 'refreshToken'>;
  menus: MenuRuleNode[];
  siteConfig: SiteConfigForClient;
  terminal: { installServicePort: string; npmPackageManager: string };
}
