import request from '../request';

export interface AdminLoginForm {
  username: string;
  password: string;
  keep: boolean;
  captchaId?: string;
  captchaInfo?: string;
}

export interface AdminLoginUserInfo {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  lastlogintime: string | number;
  token: string;
  refreshToken: string;
  super: boolean;
}

export interface MenuRule {
  id: number;
  pid: number;
  type: 'menu_dir' | 'menu' | 'button';
  title: string;
  name: string;
  path: string;
  icon: string;
  menu_type: 'tab' | 'link' | 'iframe' | null;
  url: string;
  component: string;
  keepalive: number | string;
  extend: 'none' | 'add_rules_only' | 'add_menu_only' | string;
  children?: MenuRule[];
}

export interface SiteConfigData {
  siteName: string;
  version: string;
  cdnUrl: string;
  apiUrl: string;
  recordNumber?: string;
  /** The site time zone (IANA name): every time is shown in it. */
  timeZone?: string;
  headNav?: unknown[];
  upload: { mode: string; maxsize: number; savename: string; mimetype: string; params?: Record<string, unknown> };
}

export interface AdminIndexData {
  adminInfo: Omit<AdminLoginUserInfo, 'token' | 'refreshToken'>;
  menus: MenuRule[];
  siteConfig: SiteConfigData;
  terminal: { installServicePort: string | number; npmPackageManager: string };
}

export const adminLoginUrl = '/admin/index/login';
export const adminIndexUrl = '/admin/index/index';
export const adminLogoutUrl = '/admin/index/logout';

/** GET /admin/index/login: whether the click captcha is required. */
export function getLoginConfig() {
  return request<{ captcha: boolean }>({ url: adminLoginUrl, method: 'get' });
}

/** POST /admin/index/login */
export function login(form: AdminLoginForm) {
  return request<{ userInfo: AdminLoginUserInfo; routePath: string }>({ url: adminLoginUrl, method: 'post', data: form }, { showSuccessMessage: true });
}

/** GET /admin/index/index: the back-office bootstrap. */
export function getAdminIndex() {
  return request<AdminIndexData>({ url: adminIndexUrl, method: 'get' });
}

/** POST /admin/index/logout {refreshToken} */
export function logout(refreshToken: string) {
  return request({ url: adminLogoutUrl, method: 'post', data: { refreshToken } });
}

export const changeTerminalConfigUrl = '/admin/ajax/changeTerminalConfig';

/** POST /admin/ajax/changeTerminalConfig {config: {manager?, port?}}: the saved terminal settings (super admins only). */
export function changeTerminalConfig(config: { manager?: string; port?: string | number }) {
  return request<AdminIndexData['terminal']>({ url: changeTerminalConfigUrl, method: 'post', data: { config } }, { showSuccessMessage: true });
}
